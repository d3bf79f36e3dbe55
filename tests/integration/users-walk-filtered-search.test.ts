import { afterAll, beforeAll, expect, test } from 'vitest'
import { userListQuerySchema } from '@shared/contract'
import type { Database } from '../../server/src/db/database'
import { listUsers } from '../../server/src/db/user-list/list-users'
import { openMigratedDatabase } from './support/database'
import { recordingStatements } from './support/statements'

let database: Awaited<ReturnType<typeof openMigratedDatabase>>
let db: Database

/** Users whose name holds the search, one in a hundred of them locked. */
const SEARCHED = 3_000
/** Locked users whose name does not hold it. */
const OTHER_LOCKED = 1_500

beforeAll(async () => {
  database = await openMigratedDatabase()
  db = database.db
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       is_locked)
     SELECT 'quorn' || i, 'quorn' || i || '@example.com', 'Quorn', 'User', '+48 ' || i, 'x',
       i % 100 = 0
     FROM generate_series(1, $1::int) AS i`,
    [SEARCHED],
  )
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       is_locked)
     SELECT 'held' || i, 'held' || i || '@example.com', 'Held', 'User', '+49 ' || i, 'x', true
     FROM generate_series(1, $1::int) AS i`,
    [OTHER_LOCKED],
  )
}, 120_000)

afterAll(async () => {
  await database?.close()
})

// A search of up to three characters has its total of every status and lock kept; a longer
// one's is estimated from its fragments.
test.each(['quorn', 'uor'])(
  "a search's locked users, few of the many it finds, are walked from the locked users' index, not collected from every user the search finds (%s)",
  async (search) => {
    const { db: recording, statements } = recordingStatements(db)
    const query = userListQuerySchema.parse({ search, locked: 'true', size: 20 })
    const expected = await db.query<{ username: string }>(
      `SELECT username FROM users WHERE is_locked AND strpos(search_text, $1) > 0
       ORDER BY id LIMIT 20`,
      [search],
    )
    // The first page counts the list: reading every user the search finds is its cost.
    await listUsers(recording, query)
    statements.length = 0
    // Counted, the list is planned: 30 matches among 1,530 locked users, a walk of about 1,000
    // of them, against 3,000 users read to collect them.
    const answer = await listUsers(recording, query)
    expect(answer.content.map((user) => user.username)).toEqual(expected.map((row) => row.username))
    expect(answer.page.totalElements).toBe(SEARCHED / 100)
    expect(statements.filter((text) => text.includes('WITH matches'))).toEqual([])
  },
)
