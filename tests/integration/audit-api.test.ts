import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditPageSchema, type AuditEntry, type User } from '@shared/contract'
import { ADMIN, startServer, type TestServer } from './support/server'

let server: TestServer
let token: string
let alice: User
let bob: User
let member: { user: User; password: string }
let rootId: number

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  alice = await server.createUser(token, { firstName: 'Alice' })
  bob = await server.createUser(token)
  await server.request('PUT', `/api/admin/users/${alice.id}`, {
    token,
    body: {
      username: alice.username,
      email: alice.email,
      firstName: 'Alicia',
      lastName: alice.lastName,
      phoneNumber: alice.phoneNumber,
    },
  })
  await server.request('PUT', `/api/admin/users/${bob.id}/lock`, { token })
  await server.request('PUT', `/api/admin/users/${alice.id}/lock`, { token })
  member = await server.member(token)
  await server.token(member.user.username, member.password)
  const [root] = await server.built.context.db.query<{ id: number }>(
    'SELECT id FROM users WHERE username = $1',
    [ADMIN.username],
  )
  rootId = root!.id
  // Entries on fixed days, to pin down where a day range starts and ends.
  for (const at of [
    '2020-01-01T23:59:59.999Z',
    '2020-01-02T00:00:00Z',
    '2020-01-02T23:59:59.999Z',
    '2020-01-03T00:00:00Z',
  ]) {
    await server.built.context.db.query(
      `INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, created_at)
       VALUES (NULL, NULL, 'test.dated', 'route', $1, $2)`,
      [at, at],
    )
  }
})
afterAll(() => server?.close())

async function audit(
  query: string,
): Promise<{ entries: AuditEntry[]; total: number; pages?: number }> {
  const reply = await server.request('GET', `/api/admin/audit?${query}`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const page = auditPageSchema.parse(reply.body)
  return { entries: page.content, total: page.page.totalElements, pages: page.page.totalPages }
}

const actions = (entries: AuditEntry[]) => entries.map((entry) => entry.action)

describe('filtering the audit log', () => {
  test('by target user, by id or by username (any case), newest first', async () => {
    const byId = await audit(`target=${alice.id}`)
    expect(actions(byId.entries)).toEqual(['user.lock', 'user.update', 'user.create'])
    expect(byId.total).toBe(3)
    expect(byId.entries.every((entry) => entry.targetType === 'user')).toBe(true)
    expect(byId.entries.every((entry) => entry.targetName === alice.username)).toBe(true)
    expect(byId.entries[1]!.changes).toEqual({ firstName: { from: 'Alice', to: 'Alicia' } })
    const byName = await audit(`target=${alice.username.toUpperCase()}`)
    expect(byName.entries.map((entry) => entry.id)).toEqual(byId.entries.map((entry) => entry.id))
  })

  test('by actor, by id or by username', async () => {
    const byName = await audit(`actor=${member.user.username}`)
    expect(actions(byName.entries)).toEqual(['session.login'])
    expect(byName.entries[0]!.actor).toEqual({ id: member.user.id, username: member.user.username })
    const byId = await audit(`actor=${member.user.id}`)
    expect(byId.entries.map((entry) => entry.id)).toEqual(byName.entries.map((entry) => entry.id))
    const root = await audit(`actor=${ADMIN.username}&size=200`)
    expect(root.entries.every((entry) => entry.actor?.id === rootId)).toBe(true)
    expect(actions(root.entries)).toContain('user.update')
  })

  test('names target roles and groups as they are called now', async () => {
    const role = await server.request('POST', '/api/admin/roles', {
      token,
      body: { name: 'Auditors' },
    })
    expect(role.status).toBe(201)
    const [entry] = (await audit('action=role.create')).entries
    expect(entry).toMatchObject({
      targetType: 'role',
      targetId: String(role.body.id),
      targetName: 'Auditors',
    })
    const [login] = (await audit('action=session.login')).entries
    expect(login!.targetName).toBeNull()
  })

  test('by action', async () => {
    const locks = await audit('action=user.lock')
    expect(locks.entries.map((entry) => entry.targetId)).toEqual([String(alice.id), String(bob.id)])
    expect(locks.total).toBe(2)
  })

  test('by an inclusive range of UTC days', async () => {
    const oneDay = await audit('action=test.dated&from=2020-01-02&to=2020-01-02')
    expect(oneDay.entries.map((entry) => entry.createdAt)).toEqual([
      '2020-01-02T23:59:59.999Z',
      '2020-01-02T00:00:00.000Z',
    ])
    expect((await audit('action=test.dated&from=2020-01-02')).total).toBe(3)
    expect((await audit('action=test.dated&to=2020-01-02')).total).toBe(3)
    expect((await audit('from=2020-01-04&to=2020-01-04')).total).toBe(0)
  })

  test('with filters combined, every one applies', async () => {
    const both = await audit(`actor=${ADMIN.username}&target=${bob.id}&action=user.lock`)
    expect(actions(both.entries)).toEqual(['user.lock'])
    expect((await audit(`actor=${member.user.id}&target=${bob.id}`)).total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    expect((await audit(`target=${alice.id}&from=${today}&to=${today}`)).total).toBe(3)
    expect((await audit(`target=${alice.id}&to=2020-01-03`)).total).toBe(0)
  })

  test('a user who does not exist matches nothing', async () => {
    expect(await audit('actor=nobody-here')).toMatchObject({ entries: [], total: 0, pages: 0 })
    expect(await audit('target=2000000000')).toMatchObject({ entries: [], total: 0 })
  })
})

describe('paging', () => {
  test('pages follow each other without gaps or repeats, with the exact total', async () => {
    const all = await audit('size=200')
    expect(all.total).toBe(all.entries.length)
    const times = all.entries.map((entry) => entry.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const seen: number[] = []
    for (let page = 0; page * 3 < all.total; page += 1) {
      const part = await audit(`size=3&page=${page}`)
      expect(part.total).toBe(all.total)
      expect(part.pages).toBe(Math.ceil(all.total / 3))
      seen.push(...part.entries.map((entry) => entry.id))
    }
    expect(seen).toEqual(all.entries.map((entry) => entry.id))
  })

  test('a filtered page has the filtered total', async () => {
    const first = await audit(`target=${alice.id}&size=2`)
    expect(first).toMatchObject({ total: 3, pages: 2 })
    expect(actions(first.entries)).toEqual(['user.lock', 'user.update'])
    expect(actions((await audit(`target=${alice.id}&size=2&page=1`)).entries)).toEqual([
      'user.create',
    ])
  })
})

describe('bad parameters', () => {
  test.each([
    ['from=2020-13-01', 'from must be a date as YYYY-MM-DD'],
    ['from=2020-02-30', 'from must be a date as YYYY-MM-DD'],
    ['to=yesterday', 'to must be a date as YYYY-MM-DD'],
    ['from=2020-01-03&to=2020-01-02', 'from must not be after to'],
    ['action=DROP%20TABLE', 'action must be an action name such as user.update'],
    ['actor=%20', 'actor must be a user id or username'],
    [`target=${'x'.repeat(101)}`, 'target must be at most 100 characters'],
    ['target=a%00b', 'target must not contain control characters'],
    ['page=-1', 'page must be a whole number of 0 or more'],
    ['size=201', 'size must be a whole number from 1 to 200'],
  ])('%s answers 400: %s', async (query, message) => {
    const reply = await server.request('GET', `/api/admin/audit?${query}`, { token })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toContain(message)
  })
})

describe('who may read it', () => {
  test('a signed-in user without administrator rights gets 403; nobody signed in, 401', async () => {
    const memberToken = await server.token(member.user.username, member.password)
    const reply = await server.request('GET', '/api/admin/audit?action=user.lock', {
      token: memberToken,
    })
    expect(reply.status).toBe(403)
    expect(reply.body).not.toHaveProperty('content')
    expect((await server.request('GET', '/api/admin/audit')).status).toBe(401)
  })
})

describe('the OpenAPI document', () => {
  test('lists every filter parameter', async () => {
    const reply = await server.request('GET', '/openapi.json')
    const names = reply.body.paths['/api/admin/audit'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    )
    expect(names).toEqual(
      expect.arrayContaining(['page', 'size', 'actor', 'target', 'action', 'from', 'to']),
    )
  })
})
