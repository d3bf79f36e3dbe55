import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  effectiveRoleListSchema,
  groupSchema,
  memberPageSchema,
  roleSchema,
  type AccessRef,
  type User,
} from '@shared/contract'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let token: string

let counter = 0
const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`
const call = (method: string, path: string, body?: unknown) =>
  server.request(method, path, { token, body })
const ok = async (method: string, path: string, body?: unknown) => {
  const reply = await call(method, path, body)
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300)
  return reply.body
}
const createRole = async (name = unique('Role')) =>
  roleSchema.parse(await ok('POST', '/api/admin/roles', { name }))
const createGroup = async (roleIds: number[], name = unique('Group')) =>
  groupSchema.parse(await ok('POST', '/api/admin/groups', { name, roleIds }))
const giveRole = (user: User, role: AccessRef) =>
  ok('PUT', `/api/admin/users/${user.id}/roles/${role.id}`)
const join = (user: User, group: AccessRef) =>
  ok('PUT', `/api/admin/users/${user.id}/groups/${group.id}`)
const ref = ({ id, name }: AccessRef) => ({ id, name })
/** A group of the effective roles, held without an end. */
const lasting = (item: AccessRef) => ({ ...ref(item), until: null })

async function members(kind: 'roles' | 'groups', id: number, query = '') {
  const reply = await call('GET', `/api/admin/${kind}/${id}/members${query}`)
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return memberPageSchema.strict().parse(reply.body)
}

async function effective(user: User) {
  const reply = await call('GET', `/api/admin/users/${user.id}/effective-roles`)
  expect(reply.status).toBe(200)
  return effectiveRoleListSchema.parse(reply.body)
}

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
})
afterAll(() => server?.close())

/**
 * One role held every way there is: directly, through one group, through two, both directly
 * and through a group, and only through an inactive group (which grants nothing).
 */
async function organisation() {
  const role = await createRole()
  const [first, second, dormant] = [
    await createGroup([role.id], unique('Alpha')),
    await createGroup([role.id], unique('Beta')),
    await createGroup([role.id], unique('Dormant')),
  ]
  const unrelated = await createGroup([])
  await ok('POST', `/api/admin/groups/${dormant.id}/deactivate`)
  const user = () => server.createUser(token)
  const [direct, viaOne, viaTwo, both, viaDormant, outsider] = [
    await user(),
    await user(),
    await user(),
    await user(),
    await user(),
    await user(),
  ]
  await giveRole(direct, role)
  await join(viaOne, first)
  await join(viaTwo, first)
  await join(viaTwo, second)
  await giveRole(both, role)
  await join(both, first)
  await join(viaDormant, dormant)
  await join(outsider, unrelated)
  return {
    role,
    groups: { first, second, dormant, unrelated },
    users: { direct, viaOne, viaTwo, both, viaDormant, outsider },
  }
}

const summary = (user: User) => ({
  id: user.id,
  username: user.username,
  fullName: user.fullName,
  email: user.email,
  isActive: user.isActive,
  isLocked: user.isLocked,
})

describe('GET /api/admin/users/{id}/effective-roles', () => {
  test('names every role held, directly and through active groups only', async () => {
    const { role, groups, users } = await organisation()
    const entry = (direct: boolean, via: AccessRef[]) => [
      { ...ref(role), active: true, direct, until: null, viaGroups: via.map(lasting) },
    ]
    expect(await effective(users.direct)).toEqual(entry(true, []))
    expect(await effective(users.viaOne)).toEqual(entry(false, [groups.first]))
    // Groups in the order of their names: Alpha before Beta.
    expect(await effective(users.viaTwo)).toEqual(entry(false, [groups.first, groups.second]))
    expect(await effective(users.both)).toEqual(entry(true, [groups.first]))
    expect(await effective(users.viaDormant), 'an inactive group grants nothing').toEqual([])
    expect(await effective(users.outsider)).toEqual([])
  })

  test('lists an inactive role with active false, however it is held', async () => {
    const retired = await createRole(unique('Retired'))
    const group = await createGroup([retired.id])
    const user = await server.createUser(token)
    await giveRole(user, retired)
    await join(user, group)
    await ok('POST', `/api/admin/roles/${retired.id}/deactivate`)
    expect(await effective(user)).toEqual([
      { ...ref(retired), active: false, direct: true, until: null, viaGroups: [lasting(group)] },
    ])
  })

  test('roles are sorted by name, ignoring case', async () => {
    const user = await server.createUser(token)
    const names = [unique('b role'), unique('A role'), unique('c role')]
    for (const name of names) await giveRole(user, await createRole(name))
    expect((await effective(user)).map((role) => role.name)).toEqual([names[1], names[0], names[2]])
  })

  test('an unknown user is a 404; a malformed id a 400', async () => {
    const missing = await call('GET', '/api/admin/users/999999/effective-roles')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('User 999999 not found')
    expect((await call('GET', '/api/admin/users/0x10/effective-roles')).status).toBe(400)
  })
})

describe('GET /api/admin/roles/{id}/members', () => {
  test('lists direct holders and holders through active groups, marked, in id order', async () => {
    const { role, groups, users } = await organisation()
    const page = await members('roles', role.id)
    expect(page.content).toEqual([
      { user: summary(users.direct), direct: true, viaGroups: [] },
      { user: summary(users.viaOne), direct: false, viaGroups: [ref(groups.first)] },
      {
        user: summary(users.viaTwo),
        direct: false,
        viaGroups: [ref(groups.first), ref(groups.second)],
      },
      { user: summary(users.both), direct: true, viaGroups: [ref(groups.first)] },
    ])
    expect(page.page).toEqual({ number: 0, size: 20, totalElements: 4, totalPages: 1 })
  })

  test('a group deactivated later stops counting; activated again, it counts', async () => {
    const { role, groups } = await organisation()
    await ok('POST', `/api/admin/groups/${groups.first.id}/deactivate`)
    const without = await members('roles', role.id)
    expect(without.page.totalElements).toBe(3)
    expect(without.content.map((m) => m.viaGroups.map((g) => g.name))).toEqual([
      [],
      [groups.second.name],
      [],
    ])
    await ok('POST', `/api/admin/groups/${groups.dormant.id}/activate`)
    expect((await members('roles', role.id)).page.totalElements).toBe(4)
  })

  test('the search matches what the users list matches, and the total follows it', async () => {
    const role = await createRole()
    const group = await createGroup([role.id])
    const tag = `Qx${process.pid}`
    const found = await server.createUser(token, { lastName: `${tag}son` })
    const foundViaGroup = await server.createUser(token, { firstName: `${tag}a` })
    const other = await server.createUser(token)
    await giveRole(found, role)
    await join(foundViaGroup, group)
    await giveRole(other, role)

    const searched = await members('roles', role.id, `?search=${encodeURIComponent(` ${tag} `)}`)
    expect(searched.content.map((m) => m.user.id)).toEqual([found.id, foundViaGroup.id])
    expect(searched.page.totalElements).toBe(2)
    const users = await call('GET', `/api/admin/users?search=${tag}`)
    expect(users.body.content.map((u: User) => u.id)).toEqual([found.id, foundViaGroup.id])

    const byEmail = await members('roles', role.id, `?search=${other.email.toUpperCase()}`)
    expect(byEmail.content.map((m) => m.user.id)).toEqual([other.id])
    const literal = await members('roles', role.id, '?search=%25')
    expect(literal.page.totalElements, '% is taken literally').toBe(0)
  })

  test('pages of 20 by default, any size up to 200, with exact totals', async () => {
    const role = await createRole()
    const group = await createGroup([role.id])
    const holders: User[] = []
    for (let i = 0; i < 23; i += 1) {
      const user = await server.createUser(token)
      await (i % 2 === 0 ? giveRole(user, role) : join(user, group))
      holders.push(user)
    }
    const ids = holders.map((user) => user.id)
    const first = await members('roles', role.id)
    expect(first.content.map((m) => m.user.id)).toEqual(ids.slice(0, 20))
    expect(first.page).toEqual({ number: 0, size: 20, totalElements: 23, totalPages: 2 })
    const second = await members('roles', role.id, '?page=1')
    expect(second.content.map((m) => m.user.id)).toEqual(ids.slice(20))
    expect(second.content.map((m) => m.direct)).toEqual([true, false, true])
    const sized = await members('roles', role.id, '?page=2&size=10')
    expect(sized.content.map((m) => m.user.id)).toEqual(ids.slice(20))
    expect(sized.page).toEqual({ number: 2, size: 10, totalElements: 23, totalPages: 3 })
    const beyond = await members('roles', role.id, '?page=5')
    expect(beyond.content).toEqual([])
    expect(beyond.page.totalElements).toBe(23)

    const groupPage = await members('groups', group.id, '?size=5')
    expect(groupPage.page).toEqual({ number: 0, size: 5, totalElements: 11, totalPages: 3 })
  })
})

describe('GET /api/admin/groups/{id}/members', () => {
  test('lists the members, all direct, whether or not the group is active', async () => {
    const { groups, users } = await organisation()
    const expected = [users.viaOne, users.viaTwo, users.both].map((user) => ({
      user: summary(user),
      direct: true,
      viaGroups: [],
    }))
    expect((await members('groups', groups.first.id)).content).toEqual(expected)
    expect((await members('groups', groups.dormant.id)).content).toEqual([
      { user: summary(users.viaDormant), direct: true, viaGroups: [] },
    ])
    const empty = await members('groups', (await createGroup([])).id)
    expect(empty).toEqual({
      content: [],
      page: { number: 0, size: 20, totalElements: 0, totalPages: 0 },
    })
  })

  test('a locked or inactive member shows so', async () => {
    const group = await createGroup([])
    const user = await server.createUser(token)
    await join(user, group)
    await ok('PUT', `/api/admin/users/${user.id}/lock`)
    await ok('PUT', `/api/admin/users/${user.id}/deactivate`)
    const [member] = (await members('groups', group.id)).content
    expect(member!.user).toMatchObject({ isActive: false, isLocked: true })
  })
})

describe('errors and rights', () => {
  test.each(['roles', 'groups'] as const)('%s: an unknown id is a 404', async (kind) => {
    const reply = await call('GET', `/api/admin/${kind}/999999/members`)
    expect(reply.status).toBe(404)
    expect(reply.body.message).toBe(`${kind === 'roles' ? 'Role' : 'Group'} 999999 not found`)
  })

  test.each([
    ['a malformed id', 'abc/members', 'id: must be a whole number'],
    ['a negative page', '1/members?page=-1', 'page must be a whole number of 0 or more'],
    ['a page that is no number', '1/members?page=x', 'page must be a whole number of 0 or more'],
    ['size 0', '1/members?size=0', 'size must be a whole number from 1 to 200'],
    ['size 201', '1/members?size=201', 'size must be a whole number from 1 to 200'],
    [
      'a search of 201 characters',
      `1/members?search=${'a'.repeat(201)}`,
      'search must be at most 200 characters',
    ],
    ['a control character', '1/members?search=%01', 'search must not contain control characters'],
  ])('%s is a 400 naming the problem, for roles and groups', async (_, path, message) => {
    for (const kind of ['roles', 'groups']) {
      const reply = await call('GET', `/api/admin/${kind}/${path}`)
      expect(reply.status).toBe(400)
      expect(reply.body.message).toContain(message)
    }
  })

  test('a signed-in user without administrator rights gets 403 from all three', async () => {
    const { user, password } = await server.member(token)
    const memberToken = await server.token(user.username, password)
    const role = await createRole()
    const group = await createGroup([])
    for (const path of [
      `/api/admin/users/${user.id}/effective-roles`,
      `/api/admin/roles/${role.id}/members`,
      `/api/admin/groups/${group.id}/members`,
    ]) {
      const reply = await server.request('GET', path, { token: memberToken })
      expect(reply.status, path).toBe(403)
    }
    const anonymous = await server.request('GET', `/api/admin/roles/${role.id}/members`)
    expect(anonymous.status).toBe(401)
  })

  test('the three routes are in the OpenAPI document with their operation ids', async () => {
    const { paths } = (await server.request('GET', '/openapi.json')).body
    expect(paths['/api/admin/users/{id}/effective-roles'].get.operationId).toBe(
      'listUserEffectiveRoles',
    )
    expect(paths['/api/admin/roles/{id}/members'].get.operationId).toBe('listRoleMembers')
    expect(paths['/api/admin/groups/{id}/members'].get.operationId).toBe('listGroupMembers')
    const parameters = paths['/api/admin/roles/{id}/members'].get.parameters
    expect(parameters.map((p: { name: string }) => p.name)).toEqual([
      'id',
      'page',
      'size',
      'search',
    ])
    expect(Object.keys(paths['/api/admin/groups/{id}/members'].get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    )
  })
})
