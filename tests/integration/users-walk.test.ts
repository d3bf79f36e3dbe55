import { afterAll, beforeAll, expect, test } from 'vitest'
import { userListQuerySchema } from '@shared/contract'
import type { Database } from '../../server/src/db/database'
import { listUsers } from '../../server/src/db/user-list/list-users'
import { openMigratedDatabase } from './support/database'
import { recordingStatements } from './support/statements'

let database: Awaited<ReturnType<typeof openMigratedDatabase>>
let db: Database
let groupId: number

/** The list's order by last login is two ranges after a cursor: the logins, then the NULLs. */
beforeAll(async () => {
  database = await openMigratedDatabase()
  db = database.db
  // Users 1-3,000 have signed in, in that order; 3,001-6,000 never have.
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       last_login)
     SELECT 'walk' || i, 'walk' || i || '@example.com',
       CASE WHEN i % 10 = 0 THEN 'WaXlk' ELSE 'Wa_lk' END, 'User', '+48 ' || i, 'x',
       CASE WHEN i <= 3000 THEN timestamptz '2025-01-01' + make_interval(secs => i) END
     FROM generate_series(1, 6000) AS i`,
  )
  const [group] = await db.query<{ id: number }>(
    `INSERT INTO groups (name) VALUES ('Walkers') RETURNING id`,
  )
  groupId = group!.id
  // Members far apart in the order: 1-10 and 2,501-3,000 of those who signed in, and every
  // user who never has. A walk of the logins stops long before 2,501.
  await db.query(
    `INSERT INTO user_groups (user_id, group_id)
     SELECT id, $1 FROM users WHERE username ~ '^walk[0-9]+$'
       AND (substr(username, 5)::int <= 10 OR substr(username, 5)::int > 2500)`,
    [groupId],
  )
}, 60_000)

afterAll(async () => {
  await database?.close()
})

/** The group's members whose search text holds `search`, in the order by last login. */
async function members(search: string): Promise<string[]> {
  const rows = await db.query<{ username: string }>(
    `SELECT u.username FROM users u JOIN user_groups g ON g.user_id = u.id AND g.group_id = $1
     WHERE strpos(u.search_text, lower($2)) > 0 ORDER BY u.last_login ASC, u.id ASC`,
    [groupId, search],
  )
  return rows.map((row) => row.username)
}

/** The first `pages` pages of the group's list by last login, followed by Next. */
async function followNext(search: string, pages: number) {
  const query = { search, groupId: String(groupId), sort: 'lastLogin', size: 5 }
  const seen: string[] = []
  const totals: number[] = []
  let cursor: string | undefined
  for (let page = 0; page < pages; page += 1) {
    const answer = await listUsers(db, userListQuerySchema.parse({ ...query, cursor }))
    seen.push(...answer.content.map((user) => user.username))
    totals.push(answer.page.totalElements)
    cursor = answer.next ?? undefined
  }
  return { seen, totals }
}

test('Next through a walked order of two ranges skips none of the first range', async () => {
  const { seen } = await followNext('walk', 5)
  expect(seen).toEqual((await members('walk')).slice(0, 25))
  expect(seen.slice(10, 12)).toEqual(['walk2501', 'walk2502'])
})

test('a walk and a count from the members take a search with % and _ literally', async () => {
  // Most members' first name holds "wa_l", a tenth's "waxl", which the wildcard _ would take.
  // The fourth page is walked, where the wildcard would take walk2510 too; the count reads the
  // members' index.
  const { seen, totals } = await followNext('WA_L', 4)
  const holding = await members('wa_l')
  expect(holding.length).toBeGreaterThan(2_000)
  expect(seen).toEqual(holding.slice(0, 20))
  expect(new Set(totals)).toEqual(new Set([holding.length]))
  expect((await followNext('a%l', 1)).seen).toEqual([])
})

test('a short search within a group, expected to match many of it, is counted before its page is planned', async () => {
  const { db: counting, statements } = recordingStatements(db)
  const query = { search: 'wal', groupId: String(groupId), sort: 'lastLogin', size: 5 }
  const answer = await listUsers(counting, userListQuerySchema.parse(query))
  expect(answer.page.totalElements).toBe((await members('wal')).length)
  // What is kept of the search and the group, the count, then the page planned from it.
  expect(statements).toHaveLength(3)
  expect(statements[1]).toMatch(/count\(\*\)/)
})

test('a longer search expected to match thousands is counted in the statement that collects its page', async () => {
  const { db: counting, statements } = recordingStatements(db)
  const query = { search: 'walk', sort: 'lastLogin', size: 5 }
  const answer = await listUsers(counting, userListQuerySchema.parse(query))
  const [all] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM users WHERE strpos(search_text, 'walk') > 0`,
  )
  expect(all!.total).toBeGreaterThan(3_000)
  expect(answer.page.totalElements).toBe(all!.total)
  expect(answer.content.map((user) => user.username)).toEqual([
    'walk1',
    'walk2',
    'walk3',
    'walk4',
    'walk5',
  ])
  // The kept totals of its fragments, then the page collected and counted at once.
  expect(statements).toHaveLength(2)
  expect(statements[1]).toMatch(/WITH matches[\s\S]*count\(\*\)/)
})
