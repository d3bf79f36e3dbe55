import { afterAll, beforeAll, expect, test } from 'vitest'
import { selectedUserBatches } from '../../server/src/db/user-stream'
import { seedBulk } from '../../server/src/seed/bulk'
import {
  USER_SORT_FIELDS,
  userSchema,
  type SortDirection,
  type User,
  type UserSortField,
} from '@shared/contract'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let token: string
const owls: User[] = []

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  for (let index = 0; index < 6; index += 1) {
    owls.push(await server.createUser(token, { username: `owl${index}`, lastName: 'Tawnyowl' }))
  }
  // owl1 inactive, owl2 locked; owl3 holds the role directly, owl4 through an active group,
  // owl5 through a group that is then deactivated (so not any more).
  await server.request('PUT', `/api/admin/users/${owls[1]!.id}/deactivate`, { token })
  await server.request('PUT', `/api/admin/users/${owls[2]!.id}/lock`, { token })
  const role = await server.request('POST', '/api/admin/roles', {
    token,
    body: { name: 'OWL_KEEPER', groupIds: [] },
  })
  const group = await server.request('POST', '/api/admin/groups', {
    token,
    body: { name: 'Owl wing', roleIds: [role.body.id] },
  })
  const idle = await server.request('POST', '/api/admin/groups', {
    token,
    body: { name: 'Idle wing', roleIds: [role.body.id] },
  })
  await server.request('PUT', `/api/admin/users/${owls[3]!.id}/roles/${role.body.id}`, { token })
  await server.request('PUT', `/api/admin/users/${owls[4]!.id}/groups/${group.body.id}`, { token })
  await server.request('PUT', `/api/admin/users/${owls[5]!.id}/groups/${idle.body.id}`, { token })
  await server.request('POST', `/api/admin/groups/${idle.body.id}/deactivate`, { token })
  roleId = role.body.id
  groupId = group.body.id
  // A fifth of bulk users never signed in: the nullable sort key has both kinds.
  await seedBulk(server.built.context.db, 2_500, () => undefined)
}, 120_000)
afterAll(() => server?.close())

let roleId: number
let groupId: number

async function exported(query: string, as = token) {
  const response = await fetch(`${server.url}/api/admin/users/export?${query}`, {
    headers: { authorization: `Bearer ${as}` },
  })
  const text = await response.text()
  return {
    response,
    text,
    users: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as User),
  }
}

/** The same selection read page by page from the list, the order the export must keep. */
async function listed(query: string): Promise<number[]> {
  const ids: number[] = []
  for (let page = 0; ; page += 1) {
    const reply = await server.request('GET', `/api/admin/users?${query}&page=${page}&size=200`, {
      token,
    })
    ids.push(...reply.body.content.map((user: User) => user.id))
    if (reply.body.content.length < 200) return ids
  }
}

test('every user the search selects, one contract user per line, the total in X-Total-Count', async () => {
  const { response, users } = await exported('search=tawnyowl&sort=username&direction=desc')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8')
  expect(response.headers.get('x-total-count')).toBe('6')
  const lines = users()
  for (const user of lines) expect(userSchema.safeParse(user).success).toBe(true)
  expect(lines.map((user) => user.username)).toEqual(
    owls
      .map((owl) => owl.username)
      .sort()
      .reverse(),
  )
})

test.each(USER_SORT_FIELDS.flatMap((sort) => [`${sort}&direction=asc`, `${sort}&direction=desc`]))(
  'in the list order, also when read in keyset batches, for sort=%s',
  async (query) => {
    const expected = await listed(`sort=${query}`)
    const { users, response } = await exported(`sort=${query}`)
    expect(users().map((user) => user.id)).toEqual(expected)
    expect(Number(response.headers.get('x-total-count'))).toBe(expected.length)
    // A selection this small is one query; batches of 300 walk the sort's keyset instead.
    const [sort, direction] = query.replace('direction=', '').split('&') as [
      UserSortField,
      SortDirection,
    ]
    const batches: number[][] = []
    for await (const rows of selectedUserBatches(server.built.context.db, { sort, direction }, 300))
      batches.push(rows.map((row) => (JSON.parse(row) as User).id))
    expect(batches.flat()).toEqual(expected)
    expect(batches.length).toBe(Math.ceil(expected.length / 300))
  },
  60_000,
)

test("each exported user is the list's user, field for field; with fields, those and the id alone", async () => {
  const db = server.built.context.db
  // A user with every kind of field set: a lockout under way, a reset email, a second factor.
  const owl = owls[0]!
  await db.query(
    `UPDATE users SET login_blocked_until = now() + interval '1 hour', last_login = now() WHERE id = $1`,
    [owl.id],
  )
  await db.query(
    `INSERT INTO second_factors (user_id, secret, confirmed_at) VALUES ($1, 'x', now())`,
    [owl.id],
  )
  await db.query(
    `INSERT INTO mail_outbox (user_id, recipient, subject, body, description)
     VALUES ($1, 'owl@example.com', 'Reset', 'Reset', 'a password reset link')`,
    [owl.id],
  )
  const listedUsers = (
    await server.request('GET', '/api/admin/users?search=tawnyowl&sort=id&size=200', { token })
  ).body.content.map(({ actions: _, ...user }: User) => user)
  expect(listedUsers[0]).toMatchObject({ twoStep: true, resetEmailStatus: expect.any(String) })
  expect(listedUsers[0].loginBlockedUntil).not.toBeNull()
  expect((await exported('search=tawnyowl&sort=id')).users()).toEqual(listedUsers)
  const few = await exported('search=tawnyowl&sort=id&fields=username,isLocked')
  expect(few.users()).toEqual(
    listedUsers.map(({ id, username, isLocked }: User) => ({ id, username, isLocked })),
  )
  const keyset: unknown[] = []
  const params = { sort: 'id', direction: 'asc', search: 'tawnyowl', fields: 'username' } as const
  for await (const rows of selectedUserBatches(db, params, 2))
    keyset.push(...rows.map((row) => JSON.parse(row) as unknown))
  expect(keyset).toEqual(listedUsers.map(({ id, username }: User) => ({ id, username })))
})

test('the list filters combine with the search: status, lock, a role held directly or through an active group, a group', async () => {
  const names = async (query: string) =>
    (await exported(`search=tawnyowl&${query}`))
      .users()
      .map((user) => user.username)
      .sort()
  expect(await names('status=inactive')).toEqual(['owl1'])
  expect(await names('status=active&locked=false')).toEqual(['owl0', 'owl3', 'owl4', 'owl5'])
  expect(await names('locked=true')).toEqual(['owl2'])
  expect(await names(`roleId=${roleId}`)).toEqual(['owl3', 'owl4'])
  expect(await names(`groupId=${groupId}`)).toEqual(['owl4'])
  const { response } = await exported(`search=tawnyowl&roleId=${roleId}`)
  expect(response.headers.get('x-total-count')).toBe('2')
})

test('bad parameters are refused with 400 before anything is streamed', async () => {
  for (const query of [
    'sort=fullName',
    'direction=up',
    'status=gone',
    'roleId=0',
    `search=${'x'.repeat(201)}`,
    'fields=username,password',
  ]) {
    const { response, text } = await exported(query)
    expect(response.status, query).toBe(400)
    expect(JSON.parse(text)).toMatchObject({ statusCode: 400 })
  }
})

test('administrators only: 401 without a session, 403 for a member', async () => {
  expect((await fetch(`${server.url}/api/admin/users/export`)).status).toBe(401)
  const { user, password } = await server.member(token)
  const memberToken = await server.token(user.username, password)
  const { response } = await exported('', memberToken)
  expect(response.status).toBe(403)
})

test('described in the OpenAPI document as NDJSON of users, with an operationId', async () => {
  const document = (await server.request('GET', '/openapi.json')).body
  const operation = document.paths['/api/admin/users/export'].get
  expect(operation.operationId).toBe('exportUsers')
  expect(Object.keys(operation.responses['200'].content)).toEqual(['application/x-ndjson'])
  expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
    expect.arrayContaining([
      'search',
      'sort',
      'direction',
      'status',
      'locked',
      'roleId',
      'groupId',
    ]),
  )
})

test('timestamps a microsecond apart keep their order in the list and the export', async () => {
  const db = server.built.context.db
  // Within one millisecond, the user with the lower id gets the later time.
  const [later, earlier] = [owls[0]!.id, owls[1]!.id]
  await db.query(
    `UPDATE users SET updated_date = CASE id WHEN $1 THEN '2001-02-03 04:05:06.123999+00'::timestamptz
       ELSE '2001-02-03 04:05:06.123001+00'::timestamptz END WHERE id IN ($1, $2)`,
    [later, earlier],
  )
  const expected = (
    await db.query<{ id: number }>('SELECT id FROM users ORDER BY updated_date, id')
  ).map((row) => row.id)
  expect(expected.slice(0, 2)).toEqual([earlier, later])
  expect(await listed('sort=updatedDate&direction=asc')).toEqual(expected)
  const { users } = await exported('sort=updatedDate&direction=asc')
  expect(users().map((user) => user.id)).toEqual(expected)
  const batches: number[][] = []
  const sorted = { sort: 'updatedDate', direction: 'asc' } as const
  for await (const rows of selectedUserBatches(db, sorted, 300))
    batches.push(rows.map((row) => (JSON.parse(row) as User).id))
  expect(batches.flat()).toEqual(expected)
})

test('exports the client abandons give their database connections back', async () => {
  // More than the pool holds: a connection kept by an abandoned export would stall the last one.
  for (let index = 0; index < 14; index += 1) {
    const controller = new AbortController()
    const response = await fetch(`${server.url}/api/admin/users/export?sort=email`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
    controller.abort()
    await response.body?.cancel().catch(() => undefined)
  }
  expect((await exported('search=tawnyowl')).users()).toHaveLength(6)
}, 30_000)
