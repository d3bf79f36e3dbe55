import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  PERMISSIONS,
  groupPageSchema,
  groupSchema,
  rolePageSchema,
  roleSchema,
} from '@shared/contract'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
})
afterAll(() => server?.close())

let counter = 0
const unique = (prefix: string) => `${prefix} ${++counter}`
const call = (method: string, path: string, body?: unknown) =>
  server.request(method, path, { token, body })
const createRole = async (name: string, groupIds?: number[]) =>
  roleSchema.parse((await call('POST', '/api/admin/roles', { name, groupIds })).body)
const createGroup = async (name: string, roleIds?: number[]) =>
  groupSchema.parse((await call('POST', '/api/admin/groups', { name, roleIds })).body)
const roleById = async (id: number) =>
  rolePageSchema
    .parse((await call('GET', '/api/admin/roles?page=0&size=200')).body)
    .content.find((r) => r.id === id)
const groupById = async (id: number) =>
  groupPageSchema
    .parse((await call('GET', '/api/admin/groups?page=0&size=200')).body)
    .content.find((g) => g.id === id)

describe('roles and groups', () => {
  test('are created trimmed, with links visible from both sides', async () => {
    const auditors = await createGroup(unique('Auditors'))
    const name = unique('Reviewer')
    const reply = await call('POST', '/api/admin/roles', {
      name: `  ${name} `,
      groupIds: [auditors.id],
    })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({
      id: expect.any(Number),
      name,
      active: true,
      groups: [{ id: auditors.id, name: auditors.name }],
      permissions: [],
    })
    expect((await groupById(auditors.id))!.roles).toEqual([{ id: reply.body.id, name }])
  })

  test.each(['roles', 'groups'])(
    '%s: a blank name is "Name is required", a taken one (any case) a 409',
    async (kind) => {
      const blank = await call('POST', `/api/admin/${kind}`, { name: '   ' })
      expect(blank.status).toBe(400)
      expect(blank.body.message).toBe('name: Name is required')
      const name = unique('Taken')
      expect((await call('POST', `/api/admin/${kind}`, { name })).status).toBe(201)
      const duplicate = await call('POST', `/api/admin/${kind}`, { name: name.toUpperCase() })
      expect(duplicate.status).toBe(409)
      expect(duplicate.body.message).toBe(
        `A ${kind.slice(0, -1)} named "${name.toUpperCase()}" already exists`,
      )
    },
  )

  test('PUT with ids replaces the links; without ids it only renames', async () => {
    const [a, b, c] = [
      await createGroup(unique('A')),
      await createGroup(unique('B')),
      await createGroup(unique('C')),
    ]
    const role = await createRole(unique('Linked'), [a.id, b.id])
    const replaced = await call('PUT', `/api/admin/roles/${role.id}`, {
      name: role.name,
      groupIds: [b.id, c.id],
    })
    expect(replaced.status).toBe(200)
    expect(replaced.body.groups.map((g: { id: number }) => g.id).sort()).toEqual(
      [b.id, c.id].sort(),
    )
    expect((await groupById(a.id))!.roles).toEqual([])
    expect((await groupById(c.id))!.roles).toEqual([{ id: role.id, name: role.name }])

    const renamed = await call('PUT', `/api/admin/roles/${role.id}`, { name: `${role.name} v2` })
    expect(renamed.body.name).toBe(`${role.name} v2`)
    expect(renamed.body.groups).toHaveLength(2)

    const group = await createGroup(unique('Holder'), [role.id])
    const emptied = await call('PUT', `/api/admin/groups/${group.id}`, {
      name: group.name,
      roleIds: [],
    })
    expect(emptied.body.roles).toEqual([])
  })

  test('unknown ids are a 400 naming the field, and nothing of the change is applied', async () => {
    const role = await createRole(unique('Atomic'))
    const reply = await call('PUT', `/api/admin/roles/${role.id}`, {
      name: 'Renamed anyway?',
      groupIds: [987654],
    })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe('groupIds: unknown groups 987654')
    expect(await roleById(role.id)).toEqual(role)
    const created = await call('POST', '/api/admin/groups', {
      name: unique('Ghost'),
      roleIds: [role.id, 876543],
    })
    expect(created.status).toBe(400)
    expect(created.body.message).toBe('roleIds: unknown roles 876543')
    const bad = await call('POST', '/api/admin/groups', { name: unique('Ghost'), roleIds: ['x'] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^roleIds\.0: /)
  })

  test.each(['roles', 'groups'])(
    '%s activate and deactivate round trip; unknown ids are 404',
    async (kind) => {
      const created = (await call('POST', `/api/admin/${kind}`, { name: unique('Toggle') })).body
      const off = await call('POST', `/api/admin/${kind}/${created.id}/deactivate`)
      expect(off.status).toBe(200)
      expect(off.body.active).toBe(false)
      expect((await call('POST', `/api/admin/${kind}/${created.id}/activate`)).body.active).toBe(
        true,
      )
      const missing = await call('POST', `/api/admin/${kind}/999999/activate`)
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe(`${kind === 'roles' ? 'Role' : 'Group'} 999999 not found`)
      expect((await call('PUT', `/api/admin/${kind}/999999`, { name: 'x' })).status).toBe(404)
    },
  )

  test('lists answer page 0 of size 200 with exact totals', async () => {
    const roles = rolePageSchema.parse((await call('GET', '/api/admin/roles?page=0&size=200')).body)
    expect(roles.page).toMatchObject({ number: 0, size: 200, totalElements: roles.content.length })
    const small = (await call('GET', '/api/admin/roles?page=0&size=1')).body
    expect(small.content).toHaveLength(1)
    expect(small.page.totalElements).toBe(roles.content.length)
  })
})

describe('the last path to administrator rights is kept', () => {
  test('the administrator role stays one when renamed; deactivating it, or emptying the only group that grants it, is a 409', async () => {
    const solo = await startServer()
    try {
      const soloToken = await solo.token()
      const req = (method: string, path: string, body?: unknown) =>
        solo.request(method, path, { token: soloToken, body })
      const me = (await req('GET', '/auth/me')).body
      const adminRole = (await req('GET', '/api/admin/roles')).body.content[0]
      // Known by what it is, not by its name: renamed, it still grants everything.
      const renamed = await req('PUT', `/api/admin/roles/${adminRole.id}`, { name: 'SUPERUSER' })
      expect(renamed.status).toBe(200)
      expect(renamed.body).toMatchObject({ name: 'SUPERUSER', administrator: true })
      expect((await req('GET', '/auth/me')).body.permissions).toEqual(PERMISSIONS)
      expect((await req('POST', `/api/admin/roles/${adminRole.id}/deactivate`)).status).toBe(409)
      await req('PUT', `/api/admin/roles/${adminRole.id}`, { name: 'ADMIN' })
      expect((await req('GET', '/api/admin/roles')).body.content[0].active).toBe(true)

      // Move the administrator's rights into a group, then try to take the group away.
      const group = (
        await req('POST', '/api/admin/groups', { name: 'IT', roleIds: [adminRole.id] })
      ).body
      await req('PUT', `/api/admin/users/${me.id}/groups/${group.id}`)
      expect((await req('DELETE', `/api/admin/users/${me.id}/roles/${adminRole.id}`)).status).toBe(
        200,
      )
      expect((await req('POST', `/api/admin/groups/${group.id}/deactivate`)).status).toBe(409)
      expect(
        (await req('PUT', `/api/admin/groups/${group.id}`, { name: 'IT', roleIds: [] })).status,
      ).toBe(409)
      expect((await req('DELETE', `/api/admin/users/${me.id}/groups/${group.id}`)).status).toBe(409)
      expect((await req('GET', '/api/admin/users')).status).toBe(200)
    } finally {
      await solo.close()
    }
  })
})

describe('audit log', () => {
  test('each change writes one row with actor, action, target and changes, newest first', async () => {
    const user = await server.createUser(token)
    await call('PUT', `/api/admin/users/${user.id}`, {
      username: user.username,
      email: user.email,
      firstName: 'Audited',
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
    })
    await call('PUT', `/api/admin/users/${user.id}/lock`)
    const role = await createRole(unique('Audited role'))
    const entries = (await call('GET', '/api/admin/audit?page=0&size=4')).body.content
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'role.create',
      'user.lock',
      'user.update',
      'user.create',
    ])
    const [roleEntry, lock, update, create] = entries
    expect(roleEntry).toMatchObject({
      targetType: 'role',
      targetId: String(role.id),
      actor: { username: 'root' },
    })
    expect(lock.changes).toEqual({ isLocked: { from: false, to: true } })
    expect(update.changes).toEqual({ firstName: { from: user.firstName, to: 'Audited' } })
    expect(create.changes).toMatchObject({ username: user.username, email: user.email })
    expect(JSON.stringify(create.changes)).not.toContain('secret')
    expect(Date.now() - Date.parse(create.createdAt)).toBeLessThan(60_000)
  })

  test('a refused change writes nothing', async () => {
    const user = await server.createUser(token)
    const before = (await call('GET', '/api/admin/audit?size=1')).body
    const etag = (await call('GET', `/api/admin/users/${user.id}`)).headers.get('etag')!
    await call('PUT', `/api/admin/users/${user.id}/deactivate`)
    const stale = await server.request('PUT', `/api/admin/users/${user.id}`, {
      token,
      headers: { 'if-match': etag },
      body: {
        username: 'x',
        email: 'x@example.com',
        firstName: 'x',
        lastName: 'x',
        phoneNumber: 'x',
      },
    })
    expect(stale.status).toBe(412)
    const duplicate = await call('POST', '/api/admin/users', {
      ...user,
      password: 'secret-123',
      username: user.username,
    })
    expect(duplicate.status).toBe(409)
    const after = (await call('GET', '/api/admin/audit?size=1')).body
    expect(after.page.totalElements).toBe(before.page.totalElements + 1)
    expect(after.content[0].action).toBe('user.deactivate')
  })

  test('pages newest first', async () => {
    const all = (await call('GET', '/api/admin/audit?size=200')).body
    const second = (await call('GET', '/api/admin/audit?page=1&size=2')).body
    expect(second.content).toEqual(all.content.slice(2, 4))
    const ids = all.content.map((entry: { id: number }) => entry.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })
})
