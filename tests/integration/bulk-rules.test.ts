import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Permission, User } from '@shared/contract'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 31: a chunk of a bulk action is decided for all its users at once, and answers each
 * user what changing them alone would have answered: missing, their own account, holding more
 * than the caller, giving what the caller lacks, the last administrator, unchanged.
 */

let server: TestServer
let root: string
let me: User
let adminRoleId: number

const as = (token: string) => (method: string, path: string, body?: unknown) =>
  server.request(method, path, { token, body })
const admin = (method: string, path: string, body?: unknown) => as(root)(method, path, body)

async function role(name: string, permissions: Permission[]): Promise<number> {
  return (await admin('POST', '/api/admin/roles', { name, permissions })).body.id
}

/** A signed-in user holding the roles `roleIds` directly. */
async function holder(...roleIds: number[]) {
  const { user, password } = await server.member(root)
  for (const id of roleIds) await admin('PUT', `/api/admin/users/${user.id}/roles/${id}`)
  return { user, call: as(await server.token(user.username, password)) }
}

const done = (user: User) => ({ id: user.id, username: user.username, ok: true })
const refused = (user: User, status: number, message: string) => ({
  id: user.id,
  username: user.username,
  ok: false,
  status,
  message,
})
const MISSING = 999_999
const notFound = { id: MISSING, ok: false, status: 404, message: `User ${MISSING} not found` }

beforeAll(async () => {
  server = await startServer()
  root = await server.token()
  me = (await admin('GET', '/auth/me')).body
  adminRoleId = (await admin('GET', `/api/admin/users/${me.id}/roles`)).body.find(
    (held: { name: string }) => held.name === 'ADMIN',
  ).id
})
afterAll(() => server?.close())

test('deactivate: a missing user, my own account and an unchanged user among others', async () => {
  const [first, inactive, last] = [
    await server.createUser(root),
    await server.createUser(root),
    await server.createUser(root),
  ]
  await admin('PUT', `/api/admin/users/${inactive!.id}/deactivate`)
  const reply = await admin('POST', '/api/admin/users/bulk/deactivate', {
    ids: [first!.id, MISSING, me.id, inactive!.id, last!.id],
  })
  expect(reply.body).toEqual({
    results: [
      done(first!),
      notFound,
      refused(me, 409, 'You cannot deactivate your own account.'),
      done(inactive!),
      done(last!),
    ],
    ok: 3,
    failed: 2,
  })
  for (const user of [first!, inactive!, last!]) {
    expect((await admin('GET', `/api/admin/users/${user.id}`)).body.isActive).toBe(false)
  }
  const audited = await server.built.context.db.query<{ target_id: string }>(
    `SELECT target_id FROM audit_log WHERE action = 'user.deactivate' AND target_id = ANY($1::text[])
     ORDER BY id`,
    [[first!.id, inactive!.id, last!.id].map(String)],
  )
  // The one already inactive was unchanged: one entry each for the two others, and none for it.
  expect(audited.map((row) => Number(row.target_id))).toEqual([inactive!.id, first!.id, last!.id])
})

test('lock by a helpdesk: an administrator is refused for what they hold, the others locked', async () => {
  const helpdesk = await holder(await role('Bulk helpdesk', ['users.read', 'users.status']))
  const plain = await server.createUser(root)
  const reply = await helpdesk.call('POST', '/api/admin/users/bulk/lock', {
    ids: [me.id, plain.id, MISSING, helpdesk.user.id],
  })
  expect(reply.body).toEqual({
    results: [
      refused(
        me,
        403,
        'You cannot change an account that holds permissions you do not have. Missing: access.manage, audit.read, users.assign, users.create, users.credentials, users.edit.',
      ),
      done(plain),
      notFound,
      refused(helpdesk.user, 409, 'You cannot lock your own account.'),
    ],
    ok: 1,
    failed: 3,
  })
})

test('assign-role: a role the caller cannot give is refused for each user, a missing user is missing', async () => {
  const manager = await holder(await role('Bulk assigner', ['users.read', 'users.assign']))
  const plain = await server.createUser(root)
  const given = await manager.call('POST', '/api/admin/users/bulk/assign-role', {
    ids: [plain.id, MISSING, me.id],
    roleId: adminRoleId,
  })
  const cannotGive =
    'You cannot give the role "ADMIN" without holding access.manage, audit.read, users.create, users.credentials, users.edit, users.status.'
  expect(given.body).toEqual({
    results: [
      refused(plain, 403, cannotGive),
      notFound,
      refused(
        me,
        403,
        'You cannot change an account that holds permissions you do not have. Missing: access.manage, audit.read, users.create, users.credentials, users.edit, users.status.',
      ),
    ],
    ok: 0,
    failed: 3,
  })
})

test('remove-from-group: the last administrator keeps the group, the others leave it', async () => {
  const [second, third, outsider] = [
    await server.createUser(root),
    await server.createUser(root),
    await server.createUser(root),
  ]
  const admins = [me, second!, third!]
  const group = (
    await admin('POST', '/api/admin/groups', { name: 'Bulk admins', roleIds: [adminRoleId] })
  ).body
  await admin('POST', '/api/admin/users/bulk/add-to-group', {
    ids: admins.map((user) => user.id),
    groupId: group.id,
  })
  // Everyone holds ADMIN through the group only, me last.
  expect((await admin('DELETE', `/api/admin/users/${me.id}/roles/${adminRoleId}`)).status).toBe(200)
  const reply = await admin('POST', '/api/admin/users/bulk/remove-from-group', {
    ids: [second!.id, MISSING, third!.id, outsider!.id, me.id],
    groupId: group.id,
  })
  expect(reply.body).toEqual({
    results: [
      done(second!),
      notFound,
      done(third!),
      done(outsider!),
      refused(
        me,
        409,
        'This change would leave no active administrator. Give another user the ADMIN role first.',
      ),
    ],
    ok: 3,
    failed: 2,
  })
  const members = (await admin('GET', `/api/admin/users/${me.id}/groups`)).body
  expect(members.map((held: { id: number }) => held.id)).toEqual([group.id])
  expect((await admin('GET', `/api/admin/users/${third!.id}/groups`)).body).toEqual([])
})
