import { endpoints } from '@shared/contract'
import { Readable } from 'node:stream'
import { USER_EXPORT_CONTENT_TYPE, USER_EXPORT_TOTAL_HEADER } from '@shared/contract'
import type { Queryable } from '../db/database'
import { countSelectedUsers, exportBatchRows, selectedUserBatches } from '../db/user-stream'
import type { UserExportParams } from '@shared/contract'
import type { AtNow } from '../db/user-list/filters'
import { resource } from './serve'

/** One line of JSON per user, a batch per chunk, as the database wrote them (`exportedUserJsonSql`). */
async function* userLines(
  db: Queryable,
  params: AtNow<UserExportParams>,
  total: number,
): AsyncGenerator<string> {
  for await (const users of selectedUserBatches(db, params, exportBatchRows(total))) {
    yield users.join('\n') + '\n'
  }
}

/** The export of issue 14: a whole selection of users streamed, instead of paged, to the console. */
export const userExportRoutes = resource(({ serve }, ctx) => {
  const { db, config } = ctx
  serve(endpoints.exportUsers, async ({ query: asked, reply }) => {
    // One time for the count and every batch: a relative filter selects the same users in both.
    const query = { ...asked, now: config.clock.now() }
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
  })
})
