import { afterAll, beforeAll, expect, test } from 'vitest'
import { userListQuerySchema } from '../../src/shared/contract'
import type { Database } from '../../server/src/db/database'
import { migrate } from '../../server/src/db/migrate'
import { openDatabase } from '../../server/src/db/open'
import { listUsers } from '../../server/src/db/user-list'
import { createTestDatabase, type TestDatabase } from './support/database'

let testDb: TestDatabase
let db: Database

beforeAll(async () => {
  testDb = await createTestDatabase()
  db = await openDatabase({
    databaseUrl: testDb.env.DATABASE_URL,
    dataDir: testDb.env.DATA_DIR ?? 'memory://',
  })
  await migrate(db)
})

afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

/** The fragments of one to three characters of every user's search text, counted here afresh. */
async function recounted(): Promise<Map<string, number>> {
  const rows = await db.query<{ search_text: string }>('SELECT search_text FROM users')
  const totals = new Map<string, number>()
  for (const { search_text } of rows) {
    const chars = Array.from(search_text)
    const own = new Set<string>()
    for (let at = 0; at < chars.length; at += 1) {
      for (let size = 1; size <= 3 && at + size <= chars.length; size += 1) {
        const fragment = chars.slice(at, at + size).join('')
        if (!fragment.includes('\u0001')) own.add(fragment)
      }
    }
    for (const fragment of own) totals.set(fragment, (totals.get(fragment) ?? 0) + 1)
  }
  return totals
}

async function kept(): Promise<Map<string, number>> {
  const rows = await db.query<{ fragment: string; total: number }>(
    'SELECT fragment, total::int AS total FROM user_search_fragment WHERE total <> 0',
  )
  return new Map(rows.map((row) => [row.fragment, row.total]))
}

const addUsers = (names: [string, string, string][]) =>
  db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
     SELECT u, u || '@fragments.example.com', f, l, '+48 ' || length(u), 'x'
     FROM unnest($1::text[], $2::text[], $3::text[]) AS n (u, f, l)`,
    [names.map((n) => n[0]), names.map((n) => n[1]), names.map((n) => n[2])],
  )

const total = async (search: string) =>
  (await listUsers(db, userListQuerySchema.parse({ search }))).page.totalElements

const likeCount = async (search: string) => {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE strpos(search_text, lower($1)) > 0`,
    [search],
  )
  return row!.n
}

test('the kept fragment totals follow inserts, renames, other updates and deletes', async () => {
  await addUsers([
    ['anna', 'Anna', 'Nowak'],
    ['aaron', 'Aaron', 'Bär'],
    ['łukasz', 'Łukasz', 'Żółć'],
    ['zoë', 'Zoë', 'Ωmega'],
    ['banana', 'Banana', 'Ananas'],
  ])
  await addUsers([['ana', 'Ana', 'Ana']])
  expect(await kept()).toEqual(await recounted())

  // Several users renamed in one statement, one of them to a name another already has.
  await db.query(
    `UPDATE users SET username = CASE username WHEN 'anna' THEN 'hanna' ELSE 'ana2' END,
       first_name = CASE username WHEN 'anna' THEN 'Hanna' ELSE first_name END
     WHERE username IN ('anna', 'banana')`,
  )
  await db.query(`UPDATE users SET is_locked = true, last_login = now() WHERE username = 'zoë'`)
  expect(await kept()).toEqual(await recounted())

  await db.query(`DELETE FROM users WHERE username IN ('aaron', 'ana')`)
  expect(await kept()).toEqual(await recounted())
})

test('a short search answers the kept total; a longer or filtered one counts', async () => {
  await addUsers([
    ['kasia', 'Kasia', 'Kowalska'],
    ['marek', 'Marek', 'Kowalski'],
  ])
  for (const search of ['a', 'AN', 'ł', 'ółć', 'kow', 'q', '%', 'owalsk', 'kowalska']) {
    expect(await total(search), search).toBe(await likeCount(search))
  }
  const [kowalski] = await db.query<{ id: number }>(
    `UPDATE users SET is_active = false WHERE username = 'marek' RETURNING id`,
  )
  const inactive = await listUsers(
    db,
    userListQuerySchema.parse({ search: 'kow', status: 'inactive' }),
  )
  expect(inactive.content.map((user) => user.id)).toEqual([kowalski!.id])
  expect(inactive.page.totalElements).toBe(1)
})
