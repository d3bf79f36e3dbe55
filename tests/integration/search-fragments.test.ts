import { afterAll, beforeAll, expect, test } from 'vitest'
import { userListQuerySchema } from '@shared/contract'
import type { Database } from '../../server/src/db/database'
import { listUsers } from '../../server/src/db/user-list/list-users'
import { openMigratedDatabase } from './support/database'
import { CELLS_WITH_NOTES, foldAllNotes, TOTALS_WITH_NOTES } from './support/fragment-notes'
import { recordingStatements } from './support/statements'

let database: Awaited<ReturnType<typeof openMigratedDatabase>>
let db: Database

beforeAll(async () => {
  database = await openMigratedDatabase()
  db = database.db
})

afterAll(async () => {
  await database?.close()
})

/**
 * The fragments of one to three characters of every user's search text, counted here afresh;
 * by `cell`, each user's fragments are counted under the key the cell gives them instead.
 */
async function recounted(
  cell: (user: UserCell) => string | undefined = () => '',
): Promise<Map<string, number>> {
  const rows = await db.query<UserCell & { search_text: string }>(
    'SELECT search_text, is_active, is_locked FROM users',
  )
  const totals = new Map<string, number>()
  for (const { search_text, ...user } of rows) {
    const key = cell(user)
    if (key === undefined) continue
    const chars = Array.from(search_text)
    const own = new Set<string>()
    for (let at = 0; at < chars.length; at += 1) {
      for (let size = 1; size <= 3 && at + size <= chars.length; size += 1) {
        const fragment = chars.slice(at, at + size).join('')
        if (!fragment.includes('\u0001')) own.add(fragment)
      }
    }
    for (const fragment of own) {
      totals.set(fragment + key, (totals.get(fragment + key) ?? 0) + 1)
    }
  }
  return totals
}

interface UserCell {
  is_active: boolean
  is_locked: boolean
}

/** The cell of an inactive or locked user, as the kept cells are keyed here. */
const unusualCell = (user: UserCell) =>
  user.is_active && !user.is_locked ? undefined : ` ${user.is_active} ${user.is_locked}`

/** The totals with the texts noted for them; by `folded`, the totals alone. */
async function kept(folded = false): Promise<Map<string, number>> {
  const rows = await db.query<{ fragment: string; total: number }>(
    `SELECT fragment, total::int AS total FROM (${
      folded ? 'SELECT * FROM user_search_fragment WHERE total <> 0' : TOTALS_WITH_NOTES
    }) totals`,
  )
  return new Map(rows.map((row) => [row.fragment, row.total]))
}

/** The cells with the moves noted for them; by `folded`, the cells alone. */
async function keptCells(folded = false): Promise<Map<string, number>> {
  const rows = await db.query<{ key: string; total: number }>(
    `SELECT fragment || ' ' || is_active || ' ' || is_locked AS key, total::int AS total
     FROM (${folded ? 'SELECT * FROM user_search_fragment_cell WHERE total <> 0' : CELLS_WITH_NOTES}) cells`,
  )
  return new Map(rows.map((row) => [row.key, row.total]))
}

/** The kept totals and cells are the fresh counts, before the noted moves are folded in and after. */
async function expectKept(): Promise<void> {
  const fresh = await recounted()
  const freshCells = await recounted(unusualCell)
  expect(await kept()).toEqual(fresh)
  expect(await keptCells()).toEqual(freshCells)
  await foldAllNotes(db)
  expect(await kept(true)).toEqual(fresh)
  expect(await keptCells(true)).toEqual(freshCells)
}

const addUsers = (names: [string, string, string][]) =>
  db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
     SELECT u, u || '@fragments.example.com', f, l, '+48 ' || length(u), 'x'
     FROM unnest($1::text[], $2::text[], $3::text[]) AS n (u, f, l)`,
    [names.map((n) => n[0]), names.map((n) => n[1]), names.map((n) => n[2])],
  )

interface StatusFilter {
  status?: 'active' | 'inactive'
  locked?: 'true' | 'false'
}

const total = async (search: string, filter: StatusFilter = {}) =>
  (await listUsers(db, userListQuerySchema.parse({ search, ...filter }))).page.totalElements

const likeCount = async (search: string, { status, locked }: StatusFilter = {}) => {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE strpos(search_text, lower($1)) > 0
       AND ($2::boolean IS NULL OR is_active = $2) AND ($3::boolean IS NULL OR is_locked = $3)`,
    [
      search,
      status === undefined ? null : status === 'active',
      locked === undefined ? null : locked === 'true',
    ],
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
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       is_active, is_locked)
     VALUES ('anita', 'anita@fragments.example.com', 'Anita', 'Ek', '+48 5', 'x', false, true)`,
  )
  await expectKept()

  // Several users renamed in one statement, one of them to a name another already has.
  await db.query(
    `UPDATE users SET username = CASE username WHEN 'anna' THEN 'hanna' ELSE 'ana2' END,
       first_name = CASE username WHEN 'anna' THEN 'Hanna' ELSE first_name END
     WHERE username IN ('anna', 'banana')`,
  )
  await db.query(`UPDATE users SET is_locked = true, last_login = now() WHERE username = 'zoë'`)
  await expectKept()
  await db.query(
    `UPDATE users SET is_active = false, username = username || 'x' WHERE username IN ('zoë', 'łukasz')`,
  )
  await db.query(`UPDATE users SET is_locked = false WHERE username = 'zoëx'`)
  await expectKept()

  await db.query(`DELETE FROM users WHERE username IN ('aaron', 'ana', 'anita', 'łukaszx')`)
  await expectKept()
})

test('a short search, with a status or lock or neither, answers the kept total; others count', async () => {
  await addUsers([
    ['kasia', 'Kasia', 'Kowalska'],
    ['marek', 'Marek', 'Kowalski'],
  ])
  await db.query(`UPDATE users SET is_locked = true WHERE username = 'kasia'`)
  const filters: StatusFilter[] = [
    {},
    { status: 'active' },
    { status: 'inactive' },
    { locked: 'true' },
    { locked: 'false' },
    { status: 'active', locked: 'false' },
    { status: 'active', locked: 'true' },
    { status: 'inactive', locked: 'false' },
    { status: 'inactive', locked: 'true' },
  ]
  // Read with the moves only noted, then folded into the cells.
  for (const folded of [false, true]) {
    if (folded) await foldAllNotes(db)
    for (const search of ['a', 'AN', 'ł', 'ółć', 'kow', 'q', '%', 'owalsk', 'kowalska']) {
      for (const filter of filters) {
        const label = `${search} ${JSON.stringify(filter)} folded: ${folded}`
        expect(await total(search, filter), label).toBe(await likeCount(search, filter))
      }
    }
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

test('a search looked up by its rarer parts still answers exactly the users holding all of it', async () => {
  // 1,200 users share "numbered" and "nr0": a search for one of them narrows to its digits.
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       is_active)
     SELECT 'nr' || lpad(i::text, 4, '0'), 'nr' || lpad(i::text, 4, '0') || '@numbered.example.com',
       'Numbered', 'User', '+48 7' || i, 'x', i % 7 <> 0
     FROM generate_series(1, 1200) AS i`,
  )
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
     VALUES ('zz0042', 'zz0042@other.example.com', 'Other', 'User', '+48 70042', 'x')`,
  )
  // The digits alone are also held by phone numbers and other users: the whole search decides.
  for (const search of ['nr0042', 'NR0700', 'nr1200@', 'r0042@numbered', 'nr0042x', '0042']) {
    for (const filter of [{}, { status: 'active' }, { status: 'inactive' }] as StatusFilter[]) {
      const page = await listUsers(
        db,
        userListQuerySchema.parse({ search, ...filter, sort: 'email', size: 100 }),
      )
      const label = `${search} ${JSON.stringify(filter)}`
      expect(page.page.totalElements, label).toBe(await likeCount(search, filter))
      const [{ ids } = { ids: [] }] = await db.query<{ ids: number[] }>(
        `SELECT coalesce(array_agg(id ORDER BY lower(email), id), '{}') AS ids FROM users
         WHERE strpos(search_text, lower($1)) > 0
           AND ($2::boolean IS NULL OR is_active = $2)`,
        [search, filter.status === undefined ? null : filter.status === 'active'],
      )
      expect(
        page.content.map((user) => user.id),
        label,
      ).toEqual(ids.slice(0, 100))
    }
  }
})

test('a narrow search counted with its page keeps that count only while no user changes', async () => {
  await addUsers([
    ['wren1', 'Wren', 'Kestrel'],
    ['wren2', 'Wren', 'Kestrel'],
  ])
  const totalOf = async (page: number) =>
    (await listUsers(db, userListQuerySchema.parse({ search: 'wren kestrel', size: 1, page }))).page
      .totalElements
  expect(await totalOf(0)).toBe(2)
  expect(await totalOf(1)).toBe(2)
  await addUsers([['wren3', 'Wren', 'Kestrel']])
  expect(await totalOf(1)).toBe(3)
  await db.query(`DELETE FROM users WHERE username IN ('wren1', 'wren2')`)
  expect(await totalOf(0)).toBe(1)
  expect(await totalOf(5)).toBe(1)
})

test('a short search within a group, expected to match few of it, is read and counted in one statement', async () => {
  await addUsers([
    ['wyn1', 'Wynne', 'Alder'],
    ['wyn2', 'Wynne', 'Birch'],
    ['wyn3', 'Wynne', 'Cedar'],
    ...Array.from({ length: 40 }, (_, i): [string, string, string] => [
      `tern${i}`,
      'Tern',
      'Alder',
    ]),
  ])
  const [group] = await db.query<{ id: number }>(
    `INSERT INTO groups (name) VALUES ('Alders') RETURNING id`,
  )
  // Two of the three, and everyone else named Alder, are in the group.
  await db.query(
    `INSERT INTO user_groups (user_id, group_id)
     SELECT id, $1 FROM users WHERE username IN ('wyn1', 'wyn3') OR username LIKE 'tern%'`,
    [group!.id],
  )
  const { db: counting, statements } = recordingStatements(db)
  const page = await listUsers(
    counting,
    userListQuerySchema.parse({ search: 'WYN', groupId: String(group!.id), sort: 'email' }),
  )
  expect(page.content.map((user) => user.username)).toEqual(['wyn1', 'wyn3'])
  expect(page.page.totalElements).toBe(2)
  // What is kept of the search and the group, then the page with its count.
  expect(statements).toHaveLength(2)
})
