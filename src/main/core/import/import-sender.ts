import type { UserImportRequest, UserImportResponse } from '../../../shared/contract'
import { ApiFailure } from '../api/http'

type Send = (body: UserImportRequest) => Promise<UserImportResponse>

/** The answers of a server of the contract that has no such endpoint. */
const NO_ENDPOINT = new Set([404, 405, 501])

/**
 * Sends each part of an import to our server's endpoint; once a server answers that it has none,
 * every part from then on goes through the spec's calls instead.
 */
export function importSender(endpoint: Send, fallback: Send): Send {
  let withoutEndpoint = false
  return async (body) => {
    if (!withoutEndpoint) {
      try {
        return await endpoint(body)
      } catch (error) {
        const status = error instanceof ApiFailure ? error.status : undefined
        if (status === undefined || !NO_ENDPOINT.has(status)) throw error
        withoutEndpoint = true
      }
    }
    return fallback(body)
  }
}
