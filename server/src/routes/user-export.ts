import { Readable } from 'node:stream'
import {
  USER_EXPORT_CONTENT_TYPE,
  USER_EXPORT_PATH,
  USER_EXPORT_TOTAL_HEADER,
  userExportQuerySchema,
  userSchema,
} from '@shared/contract'
import type { ServerContext } from '../context'
import type { Queryable } from '../db/database'
import { countSelectedUsers, exportBatchRows, selectedUserBatches } from '../db/user-stream'
import { toUser } from '../db/users'
import type { UserExportParams } from '@shared/contract'
import { route, type RouteSpec } from './define'

/** One line of JSON per user, a batch per chunk. */
async function* userLines(
  db: Queryable,
  params: UserExportParams,
  total: number,
): AsyncGenerator<string> {
  for await (const rows of selectedUserBatches(db, params, exportBatchRows(total))) {
    yield rows.map((row) => JSON.stringify(toUser(row))).join('\n') + '\n'
  }
}

/** The export of issue 14: a whole selection of users streamed, instead of paged, to the console. */
export function userExportRoutes(ctx: ServerContext): RouteSpec[] {
  const { db } = ctx
  return [
    route({
      method: 'GET',
      url: USER_EXPORT_PATH,
      operationId: 'exportUsers',
      summary:
        'Every user the search and filters select, in the sort, streamed as NDJSON (one user per line); X-Total-Count says how many',
      tag: 'users',
      access: 'users.read',
      query: userExportQuerySchema,
      response: userSchema,
      contentType: USER_EXPORT_CONTENT_TYPE,
      async handler({ query, reply }) {
        const total = await countSelectedUsers(db, query)
        // The first batch is read before the answer starts: an export that gets no connection
        // (too many running, the database away) is answered 503, not a 200 cut short.
        const lines = userLines(db, query, total)
        const first = await lines.next()
        const stream = Readable.from(lines)
        if (!first.done) stream.unshift(first.value)
        reply
          .header('content-type', `${USER_EXPORT_CONTENT_TYPE}; charset=utf-8`)
          .header(USER_EXPORT_TOTAL_HEADER, String(total))
        return stream
      },
    }),
  ]
}
