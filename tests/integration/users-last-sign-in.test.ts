import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  USER_SIGN_IN_FILTERS,
  USER_SORT_FIELDS,
  userListQuerySchema,
  userPageSchema,
  type Page,
  type User,
} from '@shared/contract'
import { selectUserIds } from '../../server/src/db/bulk-selection'
import { anchorShape } from '../../server/src/db/user-list/anchors'
import { countUsers } from '../../server/src/db/user-list/counts'
import { listFingerprint } from '../../server/src/db/user-list/cursor'
import { readPage } from '../../server/src/db/user-list/page-reads'
import { orderBy, SORTS } from '../../server/src/db/user-list/sorts'
import { recordingStatements } from './support/statements'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 57 item 2: the users list filters by the last sign-in (never; not in the last 30, 90
 * or 180 days; not since a time), a user who never signed in counting from their creation. Its
 * totals, pages, export and bulk selection are exact: after random last sign-ins and creations,
 * each equals one plain statement, and a relative choice follows the server's clock.
 */

const DAY = 86_400_000
const USERS = 300
const NUM_RUNS = 40

let server: TestServer
let token: string
let now: number

const db = () => server.built.context.db

/** Days before now, whole or with a part: some fall on a choice's limit to the millisecond. */
const daysAgo = fc.oneof(
  fc.constantFrom(0, 29, 30, 31, 89, 90, 91, 179, 180, 181, 400),
  fc.double({ min: 0, max: 400, noNaN: true }),
)
const userTimes = fc.array(
  fc.record({ login: fc.option(daysAgo, { freq: 3 }), created: daysAgo }),
  { minLength: USERS, maxLength: USERS },
)
const choice = fc.oneof(
  fc.constantFrom(...USER_SIGN_IN_FILTERS),
  daysAgo.map((days) => new Date(now - days * DAY).toISOString()),
)

const instant = (days: number) => new Date(now - days * DAY).toISOString()

/** Gives the test's users the sign-ins and creations `times`, every third inactive. */
async function applyTimes(times: { login: number | null; created: number }[]): Promise<void> {
  await db().query(
    `UPDATE users u SET last_login = t.login, created_date = t.created,
       is_active = u.id % 3 <> 0
     FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS t(login, created, n)
     WHERE u.username = 'signin' || t.n`,
    [
      times.map((time) => (time.login === null ? null : instant(time.login))),
      times.map((time) => instant(time.created)),
    ],
  )
}

async function list(query: string): Promise<Page<User>> {
  const reply = await server.request('GET', `/api/admin/users?${query}`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return userPageSchema.parse(reply.body)
}

/** The ids a choice selects, by the filter's definition, in one plain statement. */
async function expected(value: string, status?: string, order = 'id'): Promise<number[]> {
  const days = /^over(\d+)d$/.exec(value)
  const since = days ? new Date(server.clock.now() - Number(days[1]) * DAY).toISOString() : value
  const where = [
    value === 'never' ? 'last_login IS NULL' : 'coalesce(last_login, created_date) < $1',
    ...(status ? [`is_active = ${status === 'active'}`] : []),
  ]
  const rows = await db().query<{ id: number }>(
    `SELECT id FROM users WHERE ${where.join(' AND ')} ORDER BY ${order}`,
    value === 'never' ? [] : [since],
  )
  return rows.map((row) => row.id)
}

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  server.clock.stop()
  now = server.clock.now()
  await db().query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
     SELECT 'signin' || k, 'signin' || k || '@example.com', 'Sign', 'In' || k, '+971 50 000 0000', 'x'
     FROM generate_series(1, $1::int) AS k`,
    [USERS],
  )
}, 120_000)
afterAll(() => server?.close())

describe('the last-sign-in filter', () => {
  test('its totals, pages, export and bulk selection equal the plain statement over random sign-ins', async () => {
    await fc.assert(
      fc.asyncProperty(
        userTimes,
        choice,
        fc.constantFrom(undefined, 'active', 'inactive'),
        async (times, value, status) => {
          await applyTimes(times)
          const want = await expected(value, status)
          const query = new URLSearchParams({ lastSignIn: value, sort: 'id', size: '100' })
          if (status) query.set('status', status)
          const first = await list(query.toString())
          // A million users' list is counted before its page is read (these 300 are counted with
          // it): from the index of the sign-ins, either side of the cut as the statistics say.
          await db().query('ANALYZE user_state')
          const parsed = userListQuerySchema.parse(Object.fromEntries(query))
          const counted = await countUsers(db(), { ...parsed, now: server.clock.now() })
          expect(counted.matches).toBe(want.length)
          expect(first.page.totalElements).toBe(want.length)
          expect(first.content.map((user) => user.id)).toEqual(want.slice(0, 100))
          if (first.next) {
            const second = await list(`${query}&cursor=${first.next}`)
            expect(second.content.map((user) => user.id)).toEqual(want.slice(100, 200))
            expect(second.page.totalElements).toBe(want.length)
          }
          const exported = await fetch(`${server.url}/api/admin/users/export?${query}`, {
            headers: { authorization: `Bearer ${token}` },
          })
          const lines = (await exported.text()).split('\n').filter(Boolean)
          expect(lines.map((line) => (JSON.parse(line) as User).id)).toEqual(want)
          expect(exported.headers.get('x-total-count')).toBe(String(want.length))
          const selected = await selectUserIds(
            db(),
            { lastSignIn: value, status: status as 'active' | undefined, now: server.clock.now() },
            USERS * 2,
          )
          expect(selected).toEqual(want)
        },
      ),
      { numRuns: NUM_RUNS },
    )
  }, 300_000)

  // A million users' list is counted first, then walked along its sort's index (`Plan` capped):
  // the walk must filter the rows it reads, not the row the page is read into (a walk that read
  // none of the filter's columns probed the outer row: 316 s for a page of inactive users).
  test("a walk of the sort's index filters its own rows: the plain page, in one statement", async () => {
    await fc.assert(
      fc.asyncProperty(
        userTimes,
        choice,
        fc.constantFrom(undefined, 'active', 'inactive'),
        fc.constantFrom(...USER_SORT_FIELDS),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.nat({ max: 60 }),
        async (times, value, status, sortField, direction, offset) => {
          await applyTimes(times)
          const query = userListQuerySchema.parse({
            lastSignIn: value,
            status,
            sort: sortField,
            direction,
          })
          const sort = SORTS[sortField]
          const want = await expected(value, status, orderBy(sort, direction))
          const recorded = recordingStatements(db())
          const rows = await readPage(
            {
              db: recorded.db,
              query: { ...query, now: server.clock.now() } as typeof query,
              sort,
              fingerprint: listFingerprint(query),
              selective: true,
              shape: anchorShape(query),
              keptList: false,
            },
            { direction, offset, limit: 20, plan: { kind: 'capped', rows: USERS * 2 } },
          )
          expect(rows.map((row) => row.id)).toEqual(want.slice(offset, offset + 20))
          if (want.length >= offset + 20) expect(recorded.statements).toHaveLength(1)
        },
      ),
      { numRuns: NUM_RUNS },
    )
  }, 300_000)

  test('a relative choice follows the server clock: moved a day, a user 29.5 days away joins', async () => {
    await db().query(
      `UPDATE users SET last_login = $1, created_date = $1::timestamptz - interval '1 year'
       WHERE username = 'signin1'`,
      [instant(29.5)],
    )
    const id = (
      await db().query<{ id: number }>(`SELECT id FROM users WHERE username = 'signin1'`)
    )[0]!.id
    const has = async () =>
      (await list(`lastSignIn=over30d&size=100&search=signin1%40`)).content.some(
        (user) => user.id === id,
      )
    expect(await has()).toBe(false)
    server.clock.advance(DAY)
    // A day outlives the access token: signed in again at the new time.
    token = await server.token()
    expect(await has()).toBe(true)
  })

  test('a bulk action by the filter acts on the users it lists', async () => {
    const want = await expected('over180d', 'active')
    const reply = await server.request('POST', '/api/admin/users/bulk/lock', {
      token,
      body: { filter: { lastSignIn: 'over180d', status: 'active' } },
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const locked = await db().query<{ id: number }>(
      `SELECT id FROM users WHERE is_locked AND username <> 'root' ORDER BY id`,
    )
    expect(locked.map((row) => row.id)).toEqual(want.filter((id) => id !== 1))
  })

  test.each(['soon', 'over7d', '2026-13-01T00:00:00Z', '2026-01-01'])(
    'a value it does not know (%s) is a clear 400',
    async (value) => {
      const reply = await server.request('GET', `/api/admin/users?lastSignIn=${value}`, { token })
      expect(reply.status).toBe(400)
      expect(JSON.stringify(reply.body)).toContain('lastSignIn must be one of never, over30d')
    },
  )
})
