import { tmpdir } from 'node:os'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCore } from '../../src/main/core'
import type { Fetch } from '../../src/main/core/api/http'
import { memoryVault } from '../../src/main/core/vault/vault'
import { userPermissions } from '../../server/src/db/permissions'
import type { SessionInfo } from '@shared/bridge'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'

/**
 * Issue 57: the effect of a change shown before it is made, through the console's core against
 * the real server: offered by a server that names it, answered by the server's dry run of the
 * change itself, refused as the change would be, and changing nothing.
 */

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
})
afterAll(() => server?.close())

/** The console's core over `fetchImpl`, signed in as the administrator. */
async function signedInCore(fetchImpl: Fetch = fetch) {
  const core = createCore({
    serverUrl: server.url,
    fetch: fetchImpl,
    vault: memoryVault(),
    exportPorts: folderExportPorts(tmpdir()),
    version: 'test',
    clock: () => Date.now(),
  })
  const signIn = await core.handle('auth.login', {
    username: ADMIN.username,
    password: ADMIN.password,
  })
  expect(signIn.ok).toBe(true)
  return { core, session: (signIn as { data: SessionInfo }).data }
}

const post = (path: string, body: object) => server.request('POST', path, { token, body })

/** A role granting `permissions`, in a group of `members` new users. */
async function roleInGroup(name: string, permissions: string[], members: number) {
  const role = (await post('/api/admin/roles', { name, permissions })).body
  const group = (await post('/api/admin/groups', { name: `${name} team`, roleIds: [role.id] })).body
  const users = []
  for (let i = 0; i < members; i += 1) {
    const user = await server.createUser(token, { username: `${name.toLowerCase()}.member${i}` })
    await server.request('PUT', `/api/admin/users/${user.id}/groups/${group.id}`, { token })
    users.push(user)
  }
  return { role, group, users }
}

/** Those of `users` who hold `permission` now, by the rule every request is checked by. */
async function holding(permission: string, users: { id: number }[]) {
  const rows = await server.built.context.db.query<{ id: number }>(
    `SELECT u.id FROM unnest($1::int[]) AS u (id) WHERE $2 = ANY (${userPermissions('u.id')})
     ORDER BY u.id`,
    [users.map((user) => user.id), permission],
  )
  return rows.map((row) => row.id)
}

const auditCount = async () =>
  (await server.request('GET', '/api/admin/audit?size=1', { token })).body.page.totalElements

test('the server names the feature, and the console offers it only then', async () => {
  const me = await server.request('GET', '/auth/me', { token })
  expect(me.body.features).toEqual(['effect-preview', 'grant-ends', 'import-runs'])
  expect((await signedInCore()).session.features).toEqual([
    'effect-preview',
    'grant-ends',
    'import-runs',
  ])

  // A server of the contract alone names no features: the console offers none.
  const contractOnly: Fetch = async (url, init) => {
    const response = await fetch(url, init)
    if (new URL(url).pathname !== '/auth/me') return response
    const { features: _, ...rest } = (await response.json()) as Record<string, unknown>
    return new Response(JSON.stringify(rest), {
      status: response.status,
      headers: response.headers,
    })
  }
  expect((await signedInCore(contractOnly)).session.features).toEqual([])
})

test('a role edit shows who gains which permission, names them, and changes nothing until made', async () => {
  const { core } = await signedInCore()
  const { role, group, users } = await roleInGroup('Reviewers', ['users.read'], 3)
  const audited = await auditCount()
  const change = {
    id: role.id,
    name: role.name,
    groupIds: [group.id],
    permissions: ['audit.read', 'users.read'],
  }
  const preview = await core.handle('effects.preview', {
    changes: [{ operation: 'updateRole', input: change }],
  })
  const usernames = users.map((user) => user.username).sort()
  expect(preview).toEqual({
    ok: true,
    data: {
      users: 3,
      gains: [
        {
          permission: 'audit.read',
          users: 3,
          first: usernames.map((username) => ({
            id: users.find((user) => user.username === username)!.id,
            username,
          })),
        },
      ],
      losses: [],
    },
  })
  // Nothing changed, nothing was audited.
  const roles = (await server.request('GET', '/api/admin/roles?size=200', { token })).body.content
  expect(roles.find((found: { id: number }) => found.id === role.id).permissions).toEqual([
    'users.read',
  ])
  expect(await auditCount()).toBe(audited)

  // The change itself, made: the same three users now hold audit.read.
  expect(await holding('audit.read', users)).toEqual([])
  expect((await core.handle('roles.update', change)).ok).toBe(true)
  expect(await holding('audit.read', users)).toEqual(users.map((user) => user.id))
  expect(await auditCount()).toBe(audited + 1)
})

test('a change that reaches no one says so; the changes of one save are previewed together', async () => {
  const { core } = await signedInCore()
  const { role } = await roleInGroup('Nobody', ['users.read'], 0)
  const nobody = await core.handle('effects.preview', {
    changes: [{ operation: 'deactivateRole', input: { id: role.id } }],
  })
  expect(nobody).toEqual({ ok: true, data: { users: 0, gains: [], losses: [] } })

  // Swapping one role for another that grants the same moves nothing.
  const user = await server.createUser(token, { username: 'swapper' })
  const first = (await post('/api/admin/roles', { name: 'Swap A', permissions: ['users.read'] }))
    .body
  const second = (await post('/api/admin/roles', { name: 'Swap B', permissions: ['users.read'] }))
    .body
  await server.request('PUT', `/api/admin/users/${user.id}/roles/${first.id}`, { token })
  const swap = await core.handle('effects.preview', {
    changes: [
      { operation: 'addUserRole', input: { id: user.id, roleId: second.id } },
      { operation: 'removeUserRole', input: { id: user.id, roleId: first.id } },
    ],
  })
  expect(swap).toEqual({ ok: true, data: { users: 0, gains: [], losses: [] } })
  // Alone, the removal takes users.read away.
  const removal = await core.handle('effects.preview', {
    changes: [{ operation: 'removeUserRole', input: { id: user.id, roleId: first.id } }],
  })
  expect(removal.ok && removal.data).toEqual({
    users: 1,
    gains: [],
    losses: [{ permission: 'users.read', users: 1, first: [{ id: user.id, username: 'swapper' }] }],
  })
})

test('the preview refuses what the change refuses, with the same answer', async () => {
  const { role } = await roleInGroup('Guarded', ['users.read'], 1)
  const admin = (
    await server.request('GET', '/api/admin/roles?size=200', { token })
  ).body.content.find((found: { administrator?: boolean }) => found.administrator)
  const previewOf = (bearer: string, operation: string, params: object, body?: object) =>
    server.request('POST', '/api/admin/effects', {
      token: bearer,
      body: { changes: [{ operation, params, ...(body && { body }) }] },
    })

  // The administrator role cannot be deactivated.
  const stays = await previewOf(token, 'deactivateRole', { id: String(admin.id) })
  const real = await server.request('POST', `/api/admin/roles/${admin.id}/deactivate`, { token })
  expect(stays.status).toBe(409)
  expect(stays.body).toEqual(real.body)

  // A user without access.manage may not see the effect of a role edit.
  const { user, password } = await server.member(token)
  const helpdesk = (
    await post('/api/admin/roles', { name: 'Helpdesk', permissions: ['users.read'] })
  ).body
  await server.request('PUT', `/api/admin/users/${user.id}/roles/${helpdesk.id}`, { token })
  const memberToken = await server.token(user.username, password)
  const body = { name: role.name, permissions: ['audit.read'] }
  const refused = await previewOf(memberToken, 'updateRole', { id: String(role.id) }, body)
  const refusedReal = await server.request('PUT', `/api/admin/roles/${role.id}`, {
    token: memberToken,
    body,
  })
  expect(refused.status).toBe(403)
  expect(refused.body).toEqual(refusedReal.body)

  // Re-authentication: asked of the preview as of the change, once its 5 minutes are over.
  const fresh = await server.token()
  await server.built.context.db.query(
    "UPDATE sessions SET reauthenticated_at = now() - interval '1 hour' WHERE revoked_at IS NULL",
  )
  const reauth = await previewOf(fresh, 'updateRole', { id: String(role.id) }, body)
  const reauthReal = await server.request('PUT', `/api/admin/roles/${role.id}`, {
    token: fresh,
    body,
  })
  expect(reauth.status).toBe(403)
  expect(reauth.body.code).toBe('reauth_required')
  expect(reauth.body).toEqual(reauthReal.body)
})

test('bad input is refused clearly: an unknown operation, a change of no kind, too many', async () => {
  const unknown = await post('/api/admin/effects', { changes: [{ operation: 'deleteUser' }] })
  expect(unknown.status).toBe(400)
  expect(unknown.body.message).toMatch(/operation must be one of createRole/)
  const none = await post('/api/admin/effects', { changes: [] })
  expect(none.status).toBe(400)
  expect(none.body.message).toMatch(/at least one change/)
  const badId = await post('/api/admin/effects', {
    changes: [{ operation: 'activateRole', params: { id: '0x10' } }],
  })
  expect(badId.status).toBe(400)
})
