import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { USER_ACTIONS, type Permission, type User } from '@shared/contract'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 56: each user the list and `getUser` answer comes with the caller's rights on them, by
 * the rule the server enforces: an action is offered (null) exactly when the server would take
 * it, refused in words otherwise, absent when the caller lacks its permission.
 */

let server: TestServer
let root: string
let rootId: number

const admin = <T = any>(method: string, path: string, body?: unknown) =>
  server.request<T>(method, path, { token: root, body })

async function role(name: string, permissions: Permission[]) {
  const reply = await admin('POST', '/api/admin/roles', { name, permissions })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body as { id: number }
}

async function holder(...roleIds: number[]) {
  const { user, password } = await server.member(root)
  for (const id of roleIds) await admin('PUT', `/api/admin/users/${user.id}/roles/${id}`)
  const token = await server.token(user.username, password)
  const call = <T = any>(method: string, path: string, body?: unknown) =>
    server.request<T>(method, path, { token, body })
  return { user, call }
}

type Holder = Awaited<ReturnType<typeof holder>>

/** The row of `id` in the caller's list, searched by its username. */
async function listed(caller: Holder['call'], user: Pick<User, 'id' | 'username'>) {
  const reply = await caller('GET', `/api/admin/users?search=${user.username}`)
  expect(reply.status).toBe(200)
  return (reply.body.content as User[]).find((row) => row.id === user.id)!
}

let helpdeskRoleId: number
let auditorRoleId: number

beforeAll(async () => {
  server = await startServer()
  root = await server.token()
  rootId = (await admin('GET', '/auth/me')).body.id
  helpdeskRoleId = (await role('HELPDESK', ['users.read', 'users.status', 'users.credentials'])).id
  auditorRoleId = (await role('AUDITOR', ['users.read', 'audit.read'])).id
})

afterAll(() => server?.close())

describe('the rights answered', () => {
  test('a helpdesk: free on a plain member, refused on an administrator, not on herself', async () => {
    const helpdesk = await holder(helpdeskRoleId)
    const plain = (await server.member(root)).user
    const rootUser = (await admin('GET', `/api/admin/users/${rootId}`)).body as User

    expect((await listed(helpdesk.call, plain)).actions).toEqual({
      activate: null,
      deactivate: null,
      lock: null,
      unlock: null,
      resetPassword: null,
      setTemporaryPassword: null,
      endSessions: null,
      resetTwoStep: null,
    })
    const onRoot = (await listed(helpdesk.call, rootUser)).actions!
    expect(Object.keys(onRoot).sort()).toEqual(
      [
        'activate',
        'deactivate',
        'endSessions',
        'lock',
        'resetPassword',
        'resetTwoStep',
        'setTemporaryPassword',
        'unlock',
      ].sort(),
    )
    const name = rootUser.firstName.trim() || rootUser.username
    for (const reason of Object.values(onRoot))
      expect(reason).toBe(`${name} holds more rights than you.`)

    const own = (await helpdesk.call('GET', `/api/admin/users/${helpdesk.user.id}`)).body.actions
    expect(own).toEqual({
      activate: null,
      deactivate: 'You cannot deactivate your own account.',
      lock: 'You cannot lock your own account.',
      unlock: null,
      resetPassword: null,
      setTemporaryPassword: 'Use Change Password in the account menu to change your own password.',
      endSessions: null,
      resetTwoStep: null,
    })
  })

  test('what is answered is what the server does: lock and the temporary password', async () => {
    const helpdesk = await holder(helpdeskRoleId)
    const plain = (await server.member(root)).user
    const rootUser = (await admin('GET', `/api/admin/users/${rootId}`)).body as User
    for (const target of [plain, rootUser, helpdesk.user]) {
      const rights = (await listed(helpdesk.call, target)).actions!
      const locked = await helpdesk.call('PUT', `/api/admin/users/${target.id}/lock`)
      expect(locked.status === 200, `lock ${target.username}`).toBe(rights.lock === null)
      if (locked.status === 200) await admin('PUT', `/api/admin/users/${target.id}/unlock`)
      const temporary = await helpdesk.call(
        'POST',
        `/api/admin/users/${target.id}/temporary-password`,
      )
      expect(temporary.status === 200, `temporary ${target.username}`).toBe(
        rights.setTemporaryPassword === null,
      )
    }
  })

  test('a change answers the changed user with the rights on them, as the list does', async () => {
    const helpdesk = await holder(helpdeskRoleId)
    const plain = (await server.member(root)).user
    const before = (await listed(helpdesk.call, plain)).actions
    for (const [method, path] of [
      ['PUT', 'lock'],
      ['PUT', 'unlock'],
      ['PUT', 'deactivate'],
      ['PUT', 'activate'],
      ['PUT', 'reset-password'],
    ] as const) {
      const reply = await helpdesk.call(method, `/api/admin/users/${plain.id}/${path}`)
      expect(reply.status, path).toBe(200)
      expect(reply.body.actions, path).toEqual(before)
    }
    const edited = await admin('PUT', `/api/admin/users/${plain.id}`, {
      ...plain,
      firstName: 'Renamed',
    })
    expect(edited.status).toBe(200)
    expect(edited.body.actions.edit).toBeNull()
    const own = await admin('PUT', `/api/admin/users/${rootId}/unlock`)
    expect(own.body.actions.lock).toBe('You cannot lock your own account.')
  })

  test('a role held but switched off counts: the user could hold it again', async () => {
    const strong = await role('Dormant assigner', ['users.read', 'users.assign'])
    const helpdesk = await holder(helpdeskRoleId)
    const dormant = (await server.member(root)).user
    await admin('PUT', `/api/admin/users/${dormant.id}/roles/${strong.id}`)
    await admin('POST', `/api/admin/roles/${strong.id}/deactivate`)
    const rights = (await listed(helpdesk.call, dormant)).actions!
    expect(rights.lock).toBe(`${dormant.firstName} holds more rights than you.`)
    expect((await helpdesk.call('PUT', `/api/admin/users/${dormant.id}/lock`)).status).toBe(403)
  })

  test('an auditor is answered no action at all; the administrator every one, but on herself', async () => {
    const auditor = await holder(auditorRoleId)
    const plain = (await server.member(root)).user
    expect((await listed(auditor.call, plain)).actions).toEqual({})
    const rights = (await admin('GET', `/api/admin/users/${plain.id}`)).body.actions
    expect(Object.keys(rights).sort()).toEqual([...USER_ACTIONS].sort())
    expect(Object.values(rights).every((reason) => reason === null)).toBe(true)
    const own = (await admin('GET', `/api/admin/users/${rootId}`)).body.actions
    expect(own.lock).toBe('You cannot lock your own account.')
    expect(own.edit).toBeNull()
  })
})
