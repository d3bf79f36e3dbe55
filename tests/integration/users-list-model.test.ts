import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  SORT_DIRECTIONS,
  type BulkFilter,
  USER_LOCK_FILTERS,
  USER_SORT_FIELDS,
  USER_STATUS_FILTERS,
  USER_TWO_STEP_FILTERS,
  userPageSchema,
  type Page,
  type SortDirection,
  type User,
  type UserSortField,
  type UserStatusFilter,
} from '@shared/contract'
import { USER_SORTS } from '@shared/user-list-fields'
import { GROUP, ROLE } from '../../server/src/db/access'
import { selectUserIds } from '../../server/src/db/bulk-selection'
import { anchorBuilds } from '../../server/src/db/user-list/anchors'
import { seedBulk } from '../../server/src/seed/bulk'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 31: the list engine (walks, collections, anchors, kept lists, kept counts, cursors)
 * answers every list exactly as one plain statement would, however the data changed in between.
 * Each run first changes the data behind the server's back, as another server sharing the
 * database would (status, lock, names, sign-ins, memberships of one user or of hundreds, a
 * group's activity, two-step, a new or a deleted user); then jumps to a random page of a random
 * list, deep ones included, and steps from it by cursors, forward and back: every page and total
 * must be the plain statement's, and so must the list's export and a bulk action's selection.
 * Whatever the engine keeps between requests (anchors built meanwhile, kept counts and lists)
 * must notice each of these changes.
 */

const NUM_RUNS = Number(process.env.LIST_MODEL_RUNS ?? 100)
/** Enough for deep pages (`DEEP_OFFSET`), kept counts and kept lists of a group. */
const BULK_USERS = 13_000
const FIRST_USERS = 30
/** Lists this long at most are also exported (each run's export is read whole). */
const EXPORTED_UP_TO = 2_000
/** Steps by cursor from the page jumped to, then as many back. */
const MAX_STEPS = 3
/** Syllables of names, so that searches match several users and sort keys tie after lower(). */
const SYLLABLES = ['an', 'Bo', 'ol', 'ka', 'Li', 'na', 'ro']
const SEARCHES = ['', 'an', 'OL', 'ka', 'o', 'lina', 'example', '050', '0001', 'zz', '%', '_']
/** Few values, so that sort keys tie and the id decides. */
const LOGINS = [null, '2026-01-02T03:04:05.123456Z', '2026-01-02T03:04:05.123457Z']
const CREATED = ['2025-05-01T00:00:00Z', '2025-05-01T00:00:00.000001Z', '2025-06-01T00:00:00Z']

let server: TestServer
let token: string
let roleIds: number[]
let groupIds: number[]
let made = 0

const db = () => server.built.context.db

const nameOf = (picks: number[]) => picks.map((i) => SYLLABLES[i]).join('')

async function addUser(syllables: number[], phoneEnd: number): Promise<void> {
  made += 1
  const name = `${nameOf(syllables)}${made}`
  await server.createUser(token, {
    username: name,
    email: `${name.toLowerCase()}@example.com`,
    firstName: nameOf(syllables.slice().reverse()),
    lastName: nameOf(syllables),
    phoneNumber: `+971 50 000 000${phoneEnd}`,
  })
}

/** The id of the user at `at`, modulo the users but the administrator, or none. */
async function userAt(at: number): Promise<number | undefined> {
  const [row] = await db().query<{ id: number }>(
    `SELECT id FROM users WHERE username <> 'root' ORDER BY id
     OFFSET $1::int % greatest((SELECT count(*) FROM users) - 1, 1) LIMIT 1`,
    [at],
  )
  return row?.id
}

async function post(path: string, body: unknown): Promise<{ id: number }> {
  const reply = await server.request('POST', path, { token, body })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body
}

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  await seedBulk(db(), BULK_USERS, () => undefined)
  roleIds = [
    (await post('/api/admin/roles', { name: 'Model role A', permissions: ['users.read'] })).id,
    (await post('/api/admin/roles', { name: 'Model role B', permissions: [] })).id,
  ]
  groupIds = [
    (await post('/api/admin/groups', { name: 'Model group A', roleIds: [roleIds[0]] })).id,
    (await post('/api/admin/groups', { name: 'Model group B', roleIds: [roleIds[1]] })).id,
  ]
  for (let i = 0; i < FIRST_USERS; i += 1) {
    await addUser([i % SYLLABLES.length, (i * 3) % SYLLABLES.length], i % 3)
  }
  await db().query(
    `UPDATE users SET created_date = ($2::timestamptz[])[1 + id % 3],
       last_login = ($3::timestamptz[])[1 + id % 3]
     WHERE id > $1`,
    [BULK_USERS + 1, CREATED, LOGINS],
  )
  // A group of thousands, whose lists are kept, and a role some hold directly.
  await db().query(
    `INSERT INTO user_groups (user_id, group_id) SELECT id, $1 FROM users WHERE id % 5 = 0`,
    [groupIds[0]],
  )
  await db().query(
    `INSERT INTO user_roles (user_id, role_id) SELECT id, $1 FROM users WHERE id % 7 = 0`,
    [roleIds[1]],
  )
}, 300_000)
afterAll(() => server?.close())

/** What the server's writes of a user also set, a sign-in's excepted: they move the update time. */
const WRITTEN = 'updated_date = now(), version = version + 1'

/** A change made straight in the database, to the user at `at` (modulo) of the current ones. */
type Change =
  | { kind: 'status' | 'lock' | 'twoStep'; at: number; on: boolean }
  | { kind: 'rename'; at: number; syllables: number[] }
  | { kind: 'login'; at: number; login: number }
  | { kind: 'role' | 'group'; at: number; which: number; on: boolean }
  | { kind: 'groupActive'; which: number; on: boolean }
  | { kind: 'add'; syllables: number[]; phoneEnd: number }
  | { kind: 'delete'; at: number }
  /** Hundreds at once: every user whose id leaves `rest` divided by `every`. */
  | {
      kind: 'many'
      what: 'is_active' | 'is_locked' | 'group'
      every: number
      rest: number
      on: boolean
    }

const syllables = fc.array(fc.nat(SYLLABLES.length - 1), { minLength: 1, maxLength: 3 })
const at = fc.nat(1000)
/** Status and lock changes weigh more: they move the fewest of the versions lists are kept by. */
const change: fc.Arbitrary<Change> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constantFrom('status', 'lock'), at, on: fc.boolean() }),
    weight: 2,
  },
  fc.record({ kind: fc.constant('twoStep'), at, on: fc.boolean() }),
  fc.record({ kind: fc.constant('rename'), at, syllables }),
  fc.record({ kind: fc.constant('login'), at, login: fc.nat(LOGINS.length - 1) }),
  fc.record({ kind: fc.constantFrom('role', 'group'), at, which: fc.nat(1), on: fc.boolean() }),
  fc.record({ kind: fc.constant('groupActive'), which: fc.nat(1), on: fc.boolean() }),
  fc.record({ kind: fc.constant('add'), syllables, phoneEnd: fc.nat(2) }),
  fc.record({ kind: fc.constant('delete'), at }),
  {
    arbitrary: fc.record({
      kind: fc.constant('many'),
      what: fc.constantFrom('is_active', 'is_locked', 'group'),
      every: fc.integer({ min: 20, max: 60 }),
      rest: fc.nat(19),
      on: fc.boolean(),
    }),
    weight: 3,
  },
) as fc.Arbitrary<Change>

async function apply(step: Change): Promise<void> {
  if (step.kind === 'add') {
    await addUser(step.syllables, step.phoneEnd)
    return
  }
  if (step.kind === 'groupActive') {
    await db().query('UPDATE groups SET active = $2 WHERE id = $1', [groupIds[step.which], step.on])
    return
  }
  if (step.kind === 'many') {
    await db().query(
      step.what === 'group'
        ? step.on
          ? `INSERT INTO user_groups (user_id, group_id) SELECT id, $3 FROM users
             WHERE id % $1 = $2 ON CONFLICT DO NOTHING`
          : 'DELETE FROM user_groups WHERE user_id % $1 = $2 AND group_id = $3'
        : `UPDATE users SET ${step.what} = $3, ${WRITTEN} WHERE id % $1 = $2 AND username <> 'root'`,
      [step.every, step.rest, step.what === 'group' ? groupIds[0] : step.on],
    )
    return
  }
  const id = await userAt(step.at)
  if (id === undefined) return
  switch (step.kind) {
    case 'status':
      await db().query(`UPDATE users SET is_active = $2, ${WRITTEN} WHERE id = $1`, [id, step.on])
      return
    case 'lock':
      await db().query(`UPDATE users SET is_locked = $2, ${WRITTEN} WHERE id = $1`, [id, step.on])
      return
    case 'twoStep':
      await db().query(
        step.on
          ? `INSERT INTO second_factors (user_id, secret, confirmed_at) VALUES ($1, 'model', now())
             ON CONFLICT (user_id) DO NOTHING`
          : 'DELETE FROM second_factors WHERE user_id = $1',
        [id],
      )
      return
    case 'rename': {
      made += 1
      const name = `${nameOf(step.syllables)}${made}`
      await db().query(
        `UPDATE users SET username = $2, first_name = $3, ${WRITTEN} WHERE id = $1`,
        [id, name, nameOf(step.syllables)],
      )
      return
    }
    case 'login':
      await db().query('UPDATE users SET last_login = $2 WHERE id = $1', [id, LOGINS[step.login]])
      return
    case 'role':
    case 'group': {
      const { userLinkTable, column } = step.kind === 'role' ? ROLE : GROUP
      await db().query(
        step.on
          ? `INSERT INTO ${userLinkTable} (user_id, ${column}) VALUES ($1, $2) ON CONFLICT DO NOTHING`
          : `DELETE FROM ${userLinkTable} WHERE user_id = $1 AND ${column} = $2`,
        [id, (step.kind === 'role' ? roleIds : groupIds)[step.which]],
      )
      return
    }
    case 'delete':
      await db().query('DELETE FROM users WHERE id = $1', [id])
  }
}

interface ListQuery {
  sort: UserSortField
  direction: SortDirection
  size: number
  search?: string
  status?: UserStatusFilter
  locked?: (typeof USER_LOCK_FILTERS)[number]
  twoStep?: (typeof USER_TWO_STEP_FILTERS)[number]
  /** Of `roleIds` and `groupIds`. */
  role?: number
  group?: number
}

/**
 * A filter left out `weight` times in `weight + 1`: lists of thousands, their deep pages and
 * anchors, come up often; status and lock, which a status change moves, are set more often.
 */
const unsetOrOne = <T>(values: fc.Arbitrary<T>, weight = 3) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight }, { arbitrary: values, weight: 1 })

const listQuery: fc.Arbitrary<ListQuery> = fc.record({
  sort: fc.constantFrom(...USER_SORT_FIELDS),
  direction: fc.constantFrom(...SORT_DIRECTIONS),
  size: fc.constantFrom(2, 7, 50, 100),
  search: unsetOrOne(fc.constantFrom(...SEARCHES)),
  status: unsetOrOne(fc.constantFrom(...USER_STATUS_FILTERS), 1),
  locked: unsetOrOne(fc.constantFrom(...USER_LOCK_FILTERS), 1),
  twoStep: unsetOrOne(fc.constantFrom(...USER_TWO_STEP_FILTERS)),
  role: unsetOrOne(fc.nat(1)),
  group: unsetOrOne(fc.nat(1)),
})

/** A page number: any, or one of the last fifth of the list (deep, read from anchors). */
const pageChoice = fc.record({ seed: fc.nat(), deep: fc.boolean() })

const pageNumber = ({ seed, deep }: { seed: number; deep: boolean }, pageCount: number) =>
  deep ? pageCount - 1 - (seed % Math.ceil(pageCount / 5)) : seed % pageCount

/** The list's search and filters, as a bulk action selects by them. */
const filterOf = ({ search, status, locked, twoStep, role, group }: ListQuery): BulkFilter => ({
  search: search?.trim(),
  status,
  locked,
  twoStep,
  roleId: role === undefined ? undefined : roleIds[role],
  groupId: group === undefined ? undefined : groupIds[group],
})

/** The query of the list (`size` given) or of its export. */
function queryString({ sort, direction, ...query }: ListQuery, size?: number): string {
  const params = new URLSearchParams({ sort, direction })
  if (size !== undefined) params.set('size', String(size))
  for (const [key, value] of Object.entries(filterOf({ sort, direction, ...query }))) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  return params.toString()
}

/**
 * The list as the spec defines it, in one plain statement: the search held by the user's search
 * text, a role held directly or through an active group, the order by the sort's column (names
 * and emails regardless of case), then by id; PostgreSQL's NULLs last ascending.
 */
async function expected(query: ListQuery): Promise<number[]> {
  const params: unknown[] = []
  const param = (value: unknown) => `$${params.push(value)}`
  const where: string[] = []
  const search = query.search?.trim()
  if (search) where.push(`strpos(u.search_text, lower(${param(search)})) > 0`)
  if (query.status) where.push(`u.is_active = ${param(query.status === 'active')}`)
  if (query.locked) where.push(`u.is_locked = ${param(query.locked === 'true')}`)
  if (query.twoStep) {
    where.push(
      `${query.twoStep === 'on' ? '' : 'NOT '}EXISTS (SELECT 1 FROM second_factors f
         WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL)`,
    )
  }
  if (query.role !== undefined) {
    const role = param(roleIds[query.role])
    where.push(`(EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role_id = ${role})
      OR EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id AND g.active
        JOIN group_roles gr ON gr.group_id = g.id
        WHERE ug.user_id = u.id AND gr.role_id = ${role}))`)
  }
  if (query.group !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM user_groups ug
      WHERE ug.user_id = u.id AND ug.group_id = ${param(groupIds[query.group])})`)
  }
  const { column, caseless } = USER_SORTS[query.sort] as { column: string; caseless?: boolean }
  const key = caseless ? `lower(u.${column})` : `u.${column}`
  const dir = query.direction === 'asc' ? 'ASC' : 'DESC'
  const rows = await db().query<{ id: number }>(
    `SELECT u.id FROM users u ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${key} ${dir}, u.id ${dir}`,
    params,
  )
  return rows.map((row) => row.id)
}

async function list(query: string): Promise<Page<User>> {
  const reply = await server.request('GET', `/api/admin/users?${query}`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return userPageSchema.parse(reply.body)
}

const ids = (page: Page<User>) => page.content.map((user) => user.id)

test('every page of every list, jumped to and stepped from by cursors both ways, is the plain statement’s after any change', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(change, { maxLength: 3 }),
      listQuery,
      pageChoice,
      fc.nat(MAX_STEPS),
      async (changes, query, choice, steps) => {
        const base = queryString(query, query.size)
        const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / query.size))
        const sliceOf = (all: number[], number: number) =>
          all.slice(number * query.size, (number + 1) * query.size)
        // The list is read once before the changes, and the anchors it asked for are built:
        // what the server keeps of it must not outlive the changes.
        const had = await expected(query)
        const hadPage = pageNumber(choice, pageCountOf(had.length))
        expect(ids(await list(`${base}&page=${hadPage}`))).toEqual(sliceOf(had, hadPage))
        await anchorBuilds(db())
        for (const step of changes) await apply(step)
        const want = await expected(query)
        const slice = (number: number) => sliceOf(want, number)
        const pageCount = pageCountOf(want.length)
        const first = pageNumber(choice, pageCount)
        const pages = [await list(`${base}&page=${first}`)]
        for (let step = 0; step < steps && pages.at(-1)!.next; step += 1) {
          pages.push(await list(`${base}&cursor=${pages.at(-1)!.next}`))
        }
        for (const [i, page] of pages.entries()) {
          const number = first + i
          expect(ids(page), `page ${number} of ${base}`).toEqual(slice(number))
          expect(page.page.totalElements).toBe(want.length)
          expect(page.next === null, `next of page ${number}`).toBe(number === pageCount - 1)
          expect(page.prev === null, `prev of page ${number}`).toBe(number === 0)
          if (page.prev === null) continue
          const back = await list(`${base}&cursor=${page.prev}`)
          expect(ids(back), `back from page ${number}`).toEqual(slice(number - 1))
        }
        // The same users in the same order exported, and selected by a bulk action (by id).
        if (want.length <= EXPORTED_UP_TO) {
          const exported = await fetch(
            `${server.url}/api/admin/users/export?${queryString(query)}`,
            {
              headers: { authorization: `Bearer ${token}` },
            },
          )
          const lines = (await exported.text()).split('\n').filter(Boolean)
          expect(lines.map((line) => (JSON.parse(line) as User).id)).toEqual(want)
          expect(exported.headers.get('x-total-count')).toBe(String(want.length))
        }
        const selected = await selectUserIds(db(), filterOf(query), BULK_USERS * 2)
        expect(selected).toEqual([...want].sort((a, b) => a - b))
      },
    ),
    {
      numRuns: NUM_RUNS,
      // Rare at random, always run: a deep page over a lock after hundreds are locked (anchors
      // kept by the status version), one by update time after one user's write (by the update
      // version), and a search within a group of thousands after hundreds join it (a kept
      // count, by the group's own version).
      examples: [
        [
          [{ kind: 'many', what: 'is_locked', every: 40, rest: 3, on: true }],
          { sort: 'username', direction: 'asc', size: 100, locked: 'false' },
          { seed: 3, deep: true },
          1,
        ],
        [
          [{ kind: 'status', at: 5, on: false }],
          { sort: 'updatedDate', direction: 'asc', size: 100 },
          { seed: 0, deep: true },
          0,
        ],
        [
          [{ kind: 'many', what: 'group', every: 20, rest: 3, on: true }],
          { sort: 'email', direction: 'desc', size: 50, search: 'example', group: 0 },
          { seed: 0, deep: false },
          1,
        ],
      ],
    },
  )
}, 600_000)
