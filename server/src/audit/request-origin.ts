import { AsyncLocalStorage } from 'node:async_hooks'

/** Who asked for what an audit record records: the caller's address and the request's id. */
export interface RequestOrigin {
  clientAddress: string
  requestId: string
}

const origins = new AsyncLocalStorage<RequestOrigin>()

/** Runs `work` (the rest of a request's handling) with its origin known to every audit write. */
export function withRequestOrigin(origin: RequestOrigin, work: () => void): void {
  origins.run(origin, work)
}

/** The origin of the request being handled; null outside one (the command line, a timer). */
export function requestOrigin(): RequestOrigin | null {
  return origins.getStore() ?? null
}
