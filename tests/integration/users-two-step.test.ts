import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { userPageSchema, type Page, type User } from '@shared/contract'
import { enrol } from './support/second-factor'
import { newUser, startServer, type TestServer } from './support/server'

/**
 * Issue 30 item 3: the users list, its bulk selection and its rows tell who has two-step
 * sign-in on, so that IT can find who has not enrolled.
 */

let server: TestServer
let admin: string

/** Every user of this file has it in their last name: a search of it isolates them. */
const TAG = 'Qzstepper'
/** Three characters of it: a search whose total is read from the kept fragment totals. */
const SHORT = 'qzs'
const USERS = 6

/** The tagged users, by index; those at an even index have two-step sign-in on. */
const users: { user: User; token: string }[] = []

async function list(query: string): Promise<Page<User>> {
  const reply = await server.request('GET', `/api/admin/users?${query}`, { token: admin })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return userPageSchema.parse(reply.body)
}

const ids = (page: Page<User>) => page.content.map((user) => user.id).sort((a, b) => a - b)
const idsOf = (indexes: number[]) => indexes.map((i) => users[i]!.user.id).sort((a, b) => a - b)

/** The users with a confirmed second factor, from the table itself. */
async function enrolledIds(): Promise<number[]> {
  const rows = await server.built.context.db.query<{ user_id: number }>(
    'SELECT user_id FROM second_factors WHERE confirmed_at IS NOT NULL ORDER BY 1',
  )
  return rows.map((row) => row.user_id)
}

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
  for (let i = 0; i < USERS; i += 1) {
    const payload = newUser({ lastName: `${TAG}${i}` })
    const user = await server.createUser(admin, payload)
    const token = await server.token(payload.username, payload.password)
    users.push({ user, token })
  }
  for (const [i, { token }] of users.entries()) if (i % 2 === 0) await enrol(server, token)
  // One begun and never confirmed: not on.
  await server.request('POST', '/auth/second-factor', { token: users[1]!.token })
}, 120_000)
afterAll(() => server?.close())

describe('the filter', () => {
  test.each([
    ['a longer search', `search=${TAG}`],
    ['a search of three characters', `search=${SHORT}`],
    ['a search and a status', `search=${TAG}&status=active`],
  ])('on and off answer the users with and without a confirmed factor (%s)', async (_, query) => {
    const on = await list(`${query}&twoStep=on&size=50`)
    const off = await list(`${query}&twoStep=off&size=50`)
    expect(ids(on)).toEqual(idsOf([0, 2, 4]))
    expect(ids(off)).toEqual(idsOf([1, 3, 5]))
    expect(on.page.totalElements).toBe(3)
    expect(off.page.totalElements).toBe(3)
  })

  test('without a search, on answers every enrolled user of the database, paged', async () => {
    const enrolled = await enrolledIds()
    const first = await list('twoStep=on&size=2')
    expect(first.page.totalElements).toBe(enrolled.length)
    const second = await list(`twoStep=on&size=2&page=1`)
    expect([...ids(first), ...ids(second)].sort((a, b) => a - b)).toEqual(enrolled.slice(0, 4))
    const everyone = (await list('size=1')).page.totalElements
    expect((await list('twoStep=off&size=1')).page.totalElements).toBe(everyone - enrolled.length)
  })

  test('with a role, only its holders of that two-step state', async () => {
    const role = await server.request('POST', '/api/admin/roles', {
      token: admin,
      body: { name: 'Two-step auditors' },
    })
    for (const i of [0, 1, 2]) {
      await server.request('PUT', `/api/admin/users/${users[i]!.user.id}/roles/${role.body.id}`, {
        token: admin,
      })
    }
    const on = await list(`roleId=${role.body.id}&twoStep=on`)
    expect(ids(on)).toEqual(idsOf([0, 2]))
    expect(on.page.totalElements).toBe(2)
    const off = await list(`roleId=${role.body.id}&twoStep=off`)
    expect(ids(off)).toEqual(idsOf([1]))
    expect(off.page.totalElements).toBe(1)
  })

  test('each row says whether two-step sign-in is on', async () => {
    const page = await list(`search=${TAG}&size=50`)
    const on = Object.fromEntries(page.content.map((user) => [user.id, user.twoStep]))
    expect(users.map(({ user }) => on[user.id])).toEqual([true, false, true, false, true, false])
  })

  test('a value other than on or off is refused', async () => {
    const reply = await server.request('GET', '/api/admin/users?twoStep=yes', { token: admin })
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain('twoStep must be on or off')
  })
})

test('a kept count is not served after an enrolment or a reset', async () => {
  const query = `search=${TAG}&twoStep=on&size=50`
  expect((await list(query)).page.totalElements).toBe(3)
  // Counted again at the same versions: the kept count is served.
  expect((await list(query)).page.totalElements).toBe(3)
  await enrol(server, users[5]!.token)
  const afterEnrolment = await list(query)
  expect(afterEnrolment.page.totalElements).toBe(4)
  expect(ids(afterEnrolment)).toEqual(idsOf([0, 2, 4, 5]))
  const reset = await server.request(
    'DELETE',
    `/api/admin/users/${users[5]!.user.id}/second-factor`,
    { token: admin },
  )
  expect(reset.status).toBe(200)
  const afterReset = await list(query)
  expect(afterReset.page.totalElements).toBe(3)
  expect(ids(afterReset)).toEqual(idsOf([0, 2, 4]))
  expect((await list(`search=${TAG}&twoStep=off&size=50`)).page.totalElements).toBe(3)
})

test('a bulk action by the filter selects as the list does', async () => {
  const reply = await server.request('POST', '/api/admin/users/bulk/lock', {
    token: admin,
    body: { filter: { search: TAG, twoStep: 'off' } },
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const locked = reply.body.results.map((result: { id: number }) => result.id)
  expect([...locked].sort((a: number, b: number) => a - b)).toEqual(idsOf([1, 3, 5]))
  expect(ids(await list(`search=${TAG}&locked=true&twoStep=on`))).toEqual([])
  const refused = await server.request('POST', '/api/admin/users/bulk/lock', {
    token: admin,
    body: { filter: { twoStep: 'sometimes' } },
  })
  expect(refused.status).toBe(400)
})

/** The users the export endpoint streams for `query`, one JSON line each. */
async function exportedUsers(query: string): Promise<User[]> {
  const response = await fetch(`${server.url}/api/admin/users/export?${query}`, {
    headers: { authorization: `Bearer ${admin}` },
  })
  expect(response.status).toBe(200)
  return (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as User)
}

test('an export by the filter selects as the list does, each user with its two-step state', async () => {
  const exported = await exportedUsers(`search=${TAG}&twoStep=on`)
  expect(exported.map((user) => user.id).sort((a, b) => a - b)).toEqual(idsOf([0, 2, 4]))
  expect(exported.every((user) => user.twoStep === true)).toBe(true)
})

test('an export of everyone says of each user whether two-step sign-in is on', async () => {
  const exported = await exportedUsers(`search=${TAG}`)
  const enrolled = new Set(idsOf([0, 2, 4]))
  expect(exported.length).toBeGreaterThan(enrolled.size)
  for (const user of exported) expect(user.twoStep).toBe(enrolled.has(user.id))
})
