import { afterAll, beforeAll, expect, test } from 'vitest'
import { userListQuerySchema } from '@shared/contract'
import type { Database } from '../../server/src/db/database'
import { listUsers } from '../../server/src/db/user-list/list-users'
import { openMigratedDatabase } from './support/database'
import { recordingStatements } from './support/statements'

let database: Awaited<ReturnType<typeof openMigratedDatabase>>
let db: Database
let groupId: number

const MEMBERS = 12_000
/** Changed last, as a bulk action leaves them: the first of the order by update time. */
const CHANGED_OUTSIDERS = 2_500

beforeAll(async () => {
  database = await openMigratedDatabase()
  db = database.db
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       updated_date)
     SELECT 'detour' || i, 'detour' || i || '@example.com', 'Det', 'Our', '+48 ' || i, 'x',
       CASE WHEN i <= $1::int THEN timestamptz '2025-01-01' ELSE timestamptz '2026-01-01' END
         + make_interval(secs => i)
     FROM generate_series(1, $1::int + $2::int) AS i`,
    [MEMBERS, CHANGED_OUTSIDERS],
  )
  const [group] = await db.query<{ id: number }>(
    `INSERT INTO groups (name) VALUES ('Detour') RETURNING id`,
  )
  groupId = group!.id
  await db.query(
    `INSERT INTO user_groups (user_id, group_id)
     SELECT id, $1 FROM users WHERE updated_date < timestamptz '2026-01-01'
       AND username LIKE 'detour%'`,
    [groupId],
  )
}, 120_000)

afterAll(async () => {
  await database?.close()
})

test("a group's first page by update time walks past the users a bulk action changed last, none of them members, instead of collecting every member", async () => {
  const { db: recording, statements } = recordingStatements(db)
  const query = { groupId: String(groupId), sort: 'updatedDate', direction: 'desc', size: 20 }
  const answer = await listUsers(recording, userListQuerySchema.parse(query))
  const expected = await db.query<{ username: string }>(
    `SELECT u.username FROM users u JOIN user_groups g ON g.user_id = u.id AND g.group_id = $1
     ORDER BY u.updated_date DESC, u.id DESC LIMIT 20`,
    [groupId],
  )
  expect(answer.content.map((user) => user.username)).toEqual(expected.map((row) => row.username))
  expect(answer.page.totalElements).toBe(MEMBERS)
  // A collection reads every member into `matches` and sorts them.
  expect(statements.filter((text) => text.includes('WITH matches'))).toEqual([])
})
