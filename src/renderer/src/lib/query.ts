import { QueryClient } from '@tanstack/react-query'
import type { Result } from '../../../shared/result'

/** A failed bridge call, for TanStack Query; `status` when the server answered, `code` when it named a reason. */
export class BridgeFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message)
  }
}

/** The data of a bridge result, or a thrown BridgeFailure carrying its message. */
export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending
  if (!result.ok)
    throw new BridgeFailure(result.error.message, result.error.status, result.error.code)
  return result.data
}

export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The main process already retries a 401 after a refresh; a failure is worth showing.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}
