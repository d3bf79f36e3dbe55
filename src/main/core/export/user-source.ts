import type { Page, User, UserExportQuery, UserListQuery } from '@shared/contract'
import {
  exportedFields,
  USER_EXPORT_CONTENT_TYPE,
  USER_EXPORT_TOTAL_HEADER,
} from '@shared/contract'
import { ApiFailure } from '../api/http'
import type { Streamed } from '../api/stream'
import { cursorPages } from './cursor-pages'
import { ndjsonUserBatches } from './ndjson-users'
import { numberedPages } from './numbered-pages'
import { EXPORT_PAGE_SIZE } from './report-writer'
import type { UserBatch } from './user-batch'

/** Batches are the size of a page. */
export { EXPORT_PAGE_SIZE }

/** What an export reads users through: the API calls of `adminApi`. */
export interface UserSourceApi {
  /** Our server's streaming export; fails with the server's status where there is none. */
  streamUsers(query: UserExportQuery, signal: AbortSignal): Promise<Streamed>
  listUsers(query: UserListQuery): Promise<Page<User>>
}

/**
 * How a server says it has no streaming export: 404 or 405 for an unknown route, 501, and 400
 * from a server that reads "export" as a malformed user id. Our own server answers 400 only to
 * bad search or filters, which the list then refuses with the same message.
 */
const NO_STREAM = new Set([400, 404, 405, 501])

export type UserSourceKind = 'stream' | 'cursors' | 'pages'

export interface UserSource {
  kind: UserSourceKind
  batches: AsyncGenerator<UserBatch>
}

/**
 * Where an export's users come from, chosen by what the server offers: (a) its streaming
 * export; else (b) the list's `next` cursors, when its first page carries one; else (c) the
 * list by page number, several pages in flight.
 */
export async function openUserSource(
  api: UserSourceApi,
  query: UserExportQuery,
  signal: AbortSignal,
): Promise<UserSource> {
  try {
    const streamed = await api.streamUsers(query, signal)
    if (isNdjson(streamed.headers)) {
      const total = Number(streamed.headers.get(USER_EXPORT_TOTAL_HEADER) ?? Number.NaN)
      return {
        kind: 'stream',
        batches: ndjsonUserBatches(
          streamed,
          exportedFields(query.fields),
          EXPORT_PAGE_SIZE,
          Number.isSafeInteger(total) && total >= 0 ? total : undefined,
        ),
      }
    }
    streamed.cancel()
  } catch (error) {
    if (!(error instanceof ApiFailure && NO_STREAM.has(error.status ?? 0))) throw error
  }
  const { fields: _, ...listed } = query
  const listQuery = { ...listed, size: EXPORT_PAGE_SIZE }
  const first = await api.listUsers({ ...listQuery, page: 0 })
  return first.next !== undefined
    ? { kind: 'cursors', batches: cursorPages(api.listUsers, listQuery, first) }
    : { kind: 'pages', batches: numberedPages(api.listUsers, { ...listQuery, page: 0 }, first) }
}

const isNdjson = (headers: Headers) =>
  (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() ===
  USER_EXPORT_CONTENT_TYPE
