import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BULK_ACTIONS, MAX_BULK_USERS, bulkResultSchema, type User } from '@shared/contract'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let token: string
let me: User

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  me = (await server.request('GET', '/auth/me', { token })).body
})
afterAll(() => server?.close())

const bulk = (action: string, body: unknown, as = token) =>
  server.request('POST', `/api/admin/users/bulk/${action}`, { token: as, body })
const getUser = async (id: number): Promise<User> =>
  (await server.request('GET', `/api/admin/users/${id}`, { token })).body
const createAccess = async (kind: 'roles' | 'groups', name: string, body: object = {}) =>
  (await server.request('POST', `/api/admin/${kind}`, { token, body: { name, ...body } })).body
/** Users whose names share a tag no other user has, so a search finds exactly them, in id order. */
async function tagged(tag: string, count: number): Promise<User[]> {
  const users: User[] = []
  for (let i = 0; i < count; i += 1) {
    users.push(await server.createUser(token, { firstName: `${tag}${i}` }))
  }
  return users
}

describe('status actions by ids', () => {
  test('lock answers each user ok with its username, in the order sent, repeats once', async () => {
    const users = await tagged('Lockids', 3)
    const ids = users.map((user) => user.id)
    const reply = await bulk('lock', { ids: [ids[2], ids[0], ids[2], ids[1]] })
    expect(reply.status).toBe(200)
    expect(bulkResultSchema.parse(reply.body)).toEqual({
      results: [users[2]!, users[0]!, users[1]!].map((user) => ({
        id: user.id,
        username: user.username,
        ok: true,
      })),
      ok: 3,
      failed: 0,
    })
    for (const id of ids) expect((await getUser(id)).isLocked).toBe(true)

    const unlocked = await bulk('unlock', { ids })
    expect(unlocked.body).toMatchObject({ ok: 3, failed: 0 })
    for (const id of ids) expect((await getUser(id)).isLocked).toBe(false)
  })

  test('unknown ids fail one by one with not found; the others are applied', async () => {
    const user = await server.createUser(token)
    const reply = await bulk('deactivate', { ids: [424242, user.id] })
    expect(reply.body).toEqual({
      results: [
        { id: 424242, ok: false, status: 404, message: 'User 424242 not found' },
        { id: user.id, username: user.username, ok: true },
      ],
      ok: 1,
      failed: 1,
    })
    expect((await getUser(user.id)).isActive).toBe(false)
    expect((await bulk('activate', { ids: [user.id] })).body.ok).toBe(1)
    expect((await getUser(user.id)).isActive).toBe(true)
  })

  test('my own account is refused for lock and deactivate while the others succeed', async () => {
    const others = await tagged('Selflock', 2)
    for (const action of ['lock', 'deactivate']) {
      const reply = await bulk(action, { ids: [others[0]!.id, me.id, others[1]!.id] })
      expect(reply.body).toEqual({
        results: [
          { id: others[0]!.id, username: others[0]!.username, ok: true },
          {
            id: me.id,
            username: me.username,
            ok: false,
            status: 409,
            message: `You cannot ${action} your own account.`,
          },
          { id: others[1]!.id, username: others[1]!.username, ok: true },
        ],
        ok: 2,
        failed: 1,
      })
    }
    expect(await getUser(me.id)).toMatchObject({ isActive: true, isLocked: false })
    expect(await getUser(others[0]!.id)).toMatchObject({ isActive: false, isLocked: true })
  })

  test('each changed user gets its own audit entry; an unchanged one none', async () => {
    const users = await tagged('Audited', 3)
    await bulk('lock', { ids: [users[0]!.id] })
    await bulk('lock', { ids: users.map((user) => user.id) })
    const entries = (await server.request('GET', '/api/admin/audit?size=3', { token })).body.content
    expect(entries).toHaveLength(3)
    expect(
      entries.map((entry: { action: string; targetId: string; actor: { id: number } }) => [
        entry.action,
        entry.targetId,
        entry.actor.id,
      ]),
    ).toEqual([
      ['user.lock', String(users[2]!.id), me.id],
      ['user.lock', String(users[1]!.id), me.id],
      ['user.lock', String(users[0]!.id), me.id],
    ])
  })
})

describe('status actions by filter', () => {
  test('the search and filters select as the list does', async () => {
    const users = await tagged('Filterable', 4)
    await bulk('lock', { ids: [users[0]!.id, users[1]!.id] })
    await bulk('deactivate', { ids: [users[1]!.id] })
    const reply = await bulk('unlock', {
      filter: { search: 'filterable', status: 'active', locked: 'true' },
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      results: [{ id: users[0]!.id, username: users[0]!.username, ok: true }],
      ok: 1,
      failed: 0,
    })
    expect((await getUser(users[1]!.id)).isLocked).toBe(true)

    const listed = await server.request('GET', '/api/admin/users?search=filterable&size=50', {
      token,
    })
    const all = await bulk('deactivate', { filter: { search: 'FILTERABLE' } })
    expect(all.body.results.map((result: { id: number }) => result.id)).toEqual(
      listed.body.content.map((user: User) => user.id),
    )
    expect(all.body).toMatchObject({ ok: 4, failed: 0 })
  })

  test('a role filter takes holders directly and through an active group; a group filter members', async () => {
    const [direct, viaGroup, viaInactive, none] = await tagged('Roleheld', 4)
    const role = await createAccess('roles', 'Bulk filter role')
    const group = await createAccess('groups', 'Bulk filter group', { roleIds: [role.id] })
    const inactive = await createAccess('groups', 'Bulk filter inactive', { roleIds: [role.id] })
    await server.request('POST', `/api/admin/groups/${inactive.id}/deactivate`, { token })
    await bulk('assign-role', { ids: [direct!.id], roleId: role.id })
    await bulk('add-to-group', { ids: [viaGroup!.id], groupId: group.id })
    await bulk('add-to-group', { ids: [viaInactive!.id], groupId: inactive.id })

    const byRole = await bulk('lock', { filter: { roleId: role.id } })
    expect(byRole.body.results.map((result: { id: number }) => result.id)).toEqual([
      direct!.id,
      viaGroup!.id,
    ])
    const byGroup = await bulk('lock', { filter: { search: 'roleheld', groupId: inactive.id } })
    expect(byGroup.body.results.map((result: { id: number }) => result.id)).toEqual([
      viaInactive!.id,
    ])
    expect((await getUser(none!.id)).isLocked).toBe(false)
  })
})

describe('access actions', () => {
  test('assign-role, add-to-group and remove-from-group change each user and audit it', async () => {
    const users = await tagged('Accessbulk', 2)
    const ids = users.map((user) => user.id)
    const role = await createAccess('roles', 'Bulk role')
    const group = await createAccess('groups', 'Bulk group')

    expect((await bulk('assign-role', { ids, roleId: role.id })).body).toMatchObject({ ok: 2 })
    expect(
      (await bulk('add-to-group', { filter: { search: 'accessbulk' }, groupId: group.id })).body,
    ).toMatchObject({ ok: 2 })
    for (const id of ids) {
      const roles = await server.request('GET', `/api/admin/users/${id}/roles`, { token })
      expect(roles.body).toEqual([
        { id: role.id, name: 'Bulk role', active: true, until: null, reason: null },
      ])
      const groups = await server.request('GET', `/api/admin/users/${id}/groups`, { token })
      expect(groups.body).toEqual([
        { id: group.id, name: 'Bulk group', active: true, until: null, reason: null },
      ])
    }
    const removed = await bulk('remove-from-group', { ids: [ids[0], 424242], groupId: group.id })
    expect(removed.body).toMatchObject({
      results: [
        { id: ids[0], ok: true },
        { id: 424242, ok: false, status: 404, message: 'User 424242 not found' },
      ],
      ok: 1,
      failed: 1,
    })
    const entries = (await server.request('GET', '/api/admin/audit?size=5', { token })).body.content
    expect(
      entries.map((entry: { action: string; targetId: string }) => [entry.action, entry.targetId]),
    ).toEqual([
      ['user.group_remove', String(ids[0])],
      ['user.group_add', String(ids[1])],
      ['user.group_add', String(ids[0])],
      ['user.role_add', String(ids[1])],
      ['user.role_add', String(ids[0])],
    ])
  })

  test('an unknown role or group is a 404 and changes nobody', async () => {
    const user = await server.createUser(token)
    const role = await bulk('assign-role', { ids: [user.id], roleId: 999999 })
    expect(role.status).toBe(404)
    expect(role.body.message).toBe('Role 999999 not found')
    const group = await bulk('add-to-group', { ids: [user.id], groupId: 999999 })
    expect(group.status).toBe(404)
    expect(group.body.message).toBe('Group 999999 not found')
  })
})

describe('the last administrator', () => {
  test('a bulk deactivate of every administrator leaves me, and taking the admin group from all keeps the last', async () => {
    const solo = await startServer()
    try {
      const rootToken = await solo.token()
      const root: User = (await solo.request('GET', '/auth/me', { token: rootToken })).body
      const call = (method: string, path: string, body?: unknown) =>
        solo.request(method, path, { token: rootToken, body })
      const adminRole = (await call('GET', `/api/admin/users/${root.id}/roles`)).body.find(
        (role: { name: string }) => role.name === 'ADMIN',
      )
      const admins = [await solo.createUser(rootToken), await solo.createUser(rootToken)]
      const adminIds = [root.id, ...admins.map((user) => user.id)]
      await call('POST', '/api/admin/users/bulk/assign-role', {
        ids: adminIds,
        roleId: adminRole.id,
      })

      const deactivated = await call('POST', '/api/admin/users/bulk/deactivate', {
        filter: { roleId: adminRole.id },
      })
      expect(deactivated.body).toMatchObject({
        results: [
          {
            id: root.id,
            ok: false,
            status: 409,
            message: 'You cannot deactivate your own account.',
          },
          { id: admins[0]!.id, ok: true },
          { id: admins[1]!.id, ok: true },
        ],
        ok: 2,
        failed: 1,
      })
      await call('POST', '/api/admin/users/bulk/activate', { ids: adminIds })

      // Everyone, me included, holds ADMIN only through one group: taking it from all keeps one.
      const group = (
        await call('POST', '/api/admin/groups', { name: 'Admins', roleIds: [adminRole.id] })
      ).body
      await call('POST', '/api/admin/users/bulk/add-to-group', { ids: adminIds, groupId: group.id })
      for (const id of [...adminIds].reverse()) {
        expect((await call('DELETE', `/api/admin/users/${id}/roles/${adminRole.id}`)).status).toBe(
          200,
        )
      }
      const removed = await call('POST', '/api/admin/users/bulk/remove-from-group', {
        ids: [...admins.map((user) => user.id), root.id],
        groupId: group.id,
      })
      expect(removed.body).toMatchObject({
        results: [
          { id: admins[0]!.id, ok: true },
          { id: admins[1]!.id, ok: true },
          {
            id: root.id,
            username: root.username,
            ok: false,
            status: 409,
            message: expect.stringMatching(/would leave no active administrator/),
          },
        ],
        ok: 2,
        failed: 1,
      })
      expect((await call('GET', `/api/admin/users/${root.id}/groups`)).body).toHaveLength(1)
      expect((await call('GET', '/api/admin/users')).status).toBe(200)
    } finally {
      await solo.close()
    }
  })
})

describe('refused requests change nothing', () => {
  const BAD_BODIES: [string, unknown, RegExp][] = [
    ['lock', undefined, /JSON object/],
    ['lock', {}, /either ids or filter/],
    ['lock', { ids: [1], filter: {} }, /either ids or filter/],
    ['lock', { ids: [] }, /at least one user/],
    ['lock', { ids: ['1'] }, /ids\.0/],
    ['lock', { ids: [0] }, /ids\.0/],
    ['lock', { ids: Array.from({ length: MAX_BULK_USERS + 1 }, (_, i) => i + 1) }, /at most 10000/],
    ['lock', { filter: { status: 'gone' } }, /status must be active or inactive/],
    ['lock', { filter: { name: 'x' } }, /filter/],
    ['lock', { ids: [1], roleId: 1 }, /roleId/],
    ['assign-role', { ids: [1] }, /roleId/],
    ['add-to-group', { ids: [1], roleId: 1 }, /groupId|roleId/],
    ['remove-from-group', { filter: {}, groupId: -1 }, /groupId/],
  ]

  test.each(BAD_BODIES)('%s with %j is a 400', async (action, body, message) => {
    const user = await server.createUser(token)
    const reply = await bulk(action, body)
    expect(reply.status).toBe(400)
    expect(reply.body.message).toMatch(message)
    expect(await getUser(user.id)).toMatchObject({ isActive: true, isLocked: false })
  })

  test('an unknown action is a 404', async () => {
    expect((await bulk('delete', { ids: [1] })).status).toBe(404)
  })

  test.each(BULK_ACTIONS)(
    '%s is refused to a non-administrator and to no token',
    async (action) => {
      const { user, password } = await server.member(token)
      const memberToken = await server.token(user.username, password)
      const body = { ids: [user.id], roleId: 1, groupId: 1 }
      const refused = await bulk(action, body, memberToken)
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('Administrator rights are required for this action.')
      expect(
        (await server.request('POST', `/api/admin/users/bulk/${action}`, { body })).status,
      ).toBe(401)
    },
  )

  test('every action is documented with its operationId', async () => {
    const document = (await server.request('GET', '/openapi.json')).body
    const ids = BULK_ACTIONS.map(
      (action) => document.paths[`/api/admin/users/bulk/${action}`].post.operationId,
    )
    expect(ids).toEqual([
      'bulkActivateUsers',
      'bulkDeactivateUsers',
      'bulkLockUsers',
      'bulkUnlockUsers',
      'bulkAssignRole',
      'bulkAddToGroup',
      'bulkRemoveFromGroup',
    ])
  })
})
