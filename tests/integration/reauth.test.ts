import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REAUTH_REQUIRED, endpoints, type User } from '@shared/contract'
import { REAUTH_WINDOW_SECONDS } from '../../server/src/auth/reauth'
import { ADMIN, startServer, type Grant, type TestServer } from './support/server'

/**
 * Re-authentication before dangerous changes (issue 30, item 4): without a sign-in or a
 * POST /auth/reauth in the last 5 minutes, each dangerous change answers 403 reauth_required
 * and changes nothing (read back); after POST /auth/reauth the same request applies. The
 * window is moved by backdating the session's column, never by waiting.
 */

const MAX_FAILURES = 3

let server: TestServer
let root: string

/** A role of these permissions, or a group of these roles. */
const role = async (permissions: string[], active = true) => {
  const created = await ok('POST', '/api/admin/roles', {
    name: unique('Role'),
    permissions,
  })
  if (!active) await ok('POST', `/api/admin/roles/${created.id}/deactivate`)
  return created as { id: number; name: string }
}
const group = async (roleIds: number[] = []) =>
  (await ok('POST', '/api/admin/groups', { name: unique('Group'), roleIds })) as {
    id: number
    name: string
  }

let counter = 0
const unique = (prefix: string) => `${prefix} ${++counter}`

async function ok(method: string, path: string, body?: unknown, token = root) {
  const reply = await server.request(method, path, { token, body })
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300)
  return reply.body
}

/** A fresh sign-in of root: its session counts as re-authenticated at sign-in time. */
async function signIn(username = ADMIN.username, password = ADMIN.password): Promise<Grant> {
  const reply = await server.login(username, password)
  expect(reply.status).toBe(200)
  return reply.body as Grant
}

/** The session's last proof of who it is, `seconds` ago (null: never, as before migration 019). */
const reauthenticatedAgo = (grant: Grant, seconds: number | null) =>
  server.built.context.db.query(
    `UPDATE sessions SET reauthenticated_at = now() - make_interval(secs => $2::float8) WHERE id = $1`,
    [grant.sessionId, seconds],
  )

const reauth = (grant: Grant, body: unknown) =>
  server.request('POST', '/auth/reauth', { token: grant.accessToken, body })

const rolesOf = async (userId: number) =>
  ((await ok('GET', `/api/admin/users/${userId}/roles`)) as { id: number }[]).map((r) => r.id)
const groupsOf = async (userId: number) =>
  ((await ok('GET', `/api/admin/users/${userId}/groups`)) as { id: number }[]).map((g) => g.id)
const accessRow = async (table: 'roles' | 'groups', id: number) =>
  ((await ok('GET', `/api/admin/${table}?size=200`)).content as { id: number }[]).find(
    (row) => row.id === id,
  )
const accessNamed = async (table: 'roles' | 'groups', name: string) =>
  ((await ok('GET', `/api/admin/${table}?size=200`)).content as { name: string }[]).find(
    (row) => row.name === name,
  )

let adminRoleId: number

/** The audit rows of refusals for want of a re-authentication written since `since`. */
const reauthRefusalsSince = (since: Date) =>
  server.built.context.db.query<{ actor_id: number; target_id: string; changes: object }>(
    `SELECT actor_id, target_id, changes FROM audit_log
     WHERE action = 'session.reauth_required' AND created_at >= $1 ORDER BY id`,
    [since],
  )
const dbNow = async () =>
  (await server.built.context.db.query<{ now: Date }>('SELECT now()'))[0]!.now

beforeAll(async () => {
  server = await startServer({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) })
  root = await server.token()
  const roles = (await ok('GET', '/api/admin/roles')).content as { id: number; name: string }[]
  adminRoleId = roles.find((found) => found.name === 'ADMIN')!.id
})
afterAll(() => server?.close())

interface Change {
  method: string
  path: string
  body?: unknown
}

interface DangerousCase {
  name: string
  /** Builds what the change needs (with root's own fresh session) and names the change. */
  stage: () => Promise<{ change: Change; readBack: () => Promise<unknown> }>
}

const DANGEROUS: DangerousCase[] = [
  {
    name: 'giving ADMIN to a user',
    async stage() {
      const user = await server.createUser(root)
      return {
        change: { method: 'PUT', path: `/api/admin/users/${user.id}/roles/${adminRoleId}` },
        readBack: () => rolesOf(user.id),
      }
    },
  },
  {
    name: 'giving a user a role of a single read permission',
    async stage() {
      const user = await server.createUser(root)
      const reader = await role(['audit.read'])
      return {
        change: { method: 'PUT', path: `/api/admin/users/${user.id}/roles/${reader.id}` },
        readBack: () => rolesOf(user.id),
      }
    },
  },
  {
    name: 'giving a user a group whose role grants administration rights',
    async stage() {
      const user = await server.createUser(root)
      const helpdesk = await group([(await role(['users.read', 'users.status'])).id])
      return {
        change: { method: 'PUT', path: `/api/admin/users/${user.id}/groups/${helpdesk.id}` },
        readBack: () => groupsOf(user.id),
      }
    },
  },
  {
    name: 'bulk assign of ADMIN',
    async stage() {
      const users = [await server.createUser(root), await server.createUser(root)]
      return {
        change: {
          method: 'POST',
          path: '/api/admin/users/bulk/assign-role',
          body: { ids: users.map((user) => user.id), roleId: adminRoleId },
        },
        readBack: async () => Promise.all(users.map((user) => rolesOf(user.id))),
      }
    },
  },
  {
    name: 'bulk add to a group linked to ADMIN',
    async stage() {
      const user = await server.createUser(root)
      const admins = await group([adminRoleId])
      return {
        change: {
          method: 'POST',
          path: '/api/admin/users/bulk/add-to-group',
          body: { ids: [user.id], groupId: admins.id },
        },
        readBack: () => groupsOf(user.id),
      }
    },
  },
  {
    name: "linking ADMIN to a group (the group's roles)",
    async stage() {
      const target = await group()
      return {
        change: {
          method: 'PUT',
          path: `/api/admin/groups/${target.id}`,
          body: { name: target.name, roleIds: [adminRoleId] },
        },
        readBack: () => accessRow('groups', target.id),
      }
    },
  },
  {
    name: "linking a role of permissions to a group (the role's groups)",
    async stage() {
      const linked = await role(['users.create'])
      const target = await group()
      return {
        change: {
          method: 'PUT',
          path: `/api/admin/roles/${linked.id}`,
          body: { name: linked.name, groupIds: [target.id] },
        },
        readBack: () => accessRow('roles', linked.id),
      }
    },
  },
  {
    name: 'creating a group linked to ADMIN',
    async stage() {
      const name = unique('Group')
      return {
        change: {
          method: 'POST',
          path: '/api/admin/groups',
          body: { name, roleIds: [adminRoleId] },
        },
        readBack: () => accessNamed('groups', name),
      }
    },
  },
  {
    name: 'creating a role of permissions linked to a group',
    async stage() {
      const name = unique('Role')
      const target = await group()
      return {
        change: {
          method: 'POST',
          path: '/api/admin/roles',
          body: { name, permissions: ['users.edit'], groupIds: [target.id] },
        },
        readBack: () => accessNamed('roles', name),
      }
    },
  },
  {
    name: 'adding a permission to a role (changing what it grants)',
    async stage() {
      const changed = await role(['users.read'])
      return {
        change: {
          method: 'PUT',
          path: `/api/admin/roles/${changed.id}`,
          body: { name: changed.name, permissions: ['users.read', 'users.credentials'] },
        },
        readBack: () => accessRow('roles', changed.id),
      }
    },
  },
  {
    name: 'taking a permission from a role (changing what it grants)',
    async stage() {
      const changed = await role(['users.read', 'users.edit'])
      return {
        change: {
          method: 'PUT',
          path: `/api/admin/roles/${changed.id}`,
          body: { name: changed.name, permissions: ['users.read'] },
        },
        readBack: () => accessRow('roles', changed.id),
      }
    },
  },
  {
    name: 'activating a role of permissions (its holders gain them)',
    async stage() {
      const dormant = await role(['users.assign'], false)
      return {
        change: { method: 'POST', path: `/api/admin/roles/${dormant.id}/activate` },
        readBack: () => accessRow('roles', dormant.id),
      }
    },
  },
  {
    name: 'a temporary password for a user holding administration rights',
    async stage() {
      const { user, grant } = await server.signedInMember(root)
      await ok('PUT', `/api/admin/users/${user.id}/roles/${(await role(['users.read'])).id}`)
      return {
        change: { method: 'POST', path: `/api/admin/users/${user.id}/temporary-password` },
        // The user's own session lives until a temporary password is set.
        readBack: async () =>
          (await server.request('GET', '/auth/me', { token: grant.accessToken })).status,
      }
    },
  },
  {
    name: 'moving the email of a user who could hold a permission (through an inactive group)',
    async stage() {
      const { user } = await server.member(root)
      const dormant = await group([(await role(['users.read'])).id])
      await ok('PUT', `/api/admin/users/${user.id}/groups/${dormant.id}`)
      await ok('POST', `/api/admin/groups/${dormant.id}/deactivate`)
      return {
        change: {
          method: 'PUT',
          path: `/api/admin/users/${user.id}`,
          body: { ...profileOf(user), email: `moved.${user.username}@elsewhere.example` },
        },
        readBack: async () => (await ok('GET', `/api/admin/users/${user.id}`)).email,
      }
    },
  },
  {
    name: 'a reset link for a user holding a permission',
    async stage() {
      const { user } = await server.member(root)
      await ok('PUT', `/api/admin/users/${user.id}/roles/${(await role(['audit.read'])).id}`)
      return {
        change: { method: 'PUT', path: `/api/admin/users/${user.id}/reset-password` },
        readBack: () =>
          server.built.context.db.query(
            'SELECT count(*)::int AS links FROM password_reset_tokens WHERE user_id = $1',
            [user.id],
          ),
      }
    },
  },
]

/** The profile fields of a user, as PUT /api/admin/users/{id} takes them. */
const profileOf = (user: User) => ({
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phoneNumber: user.phoneNumber ?? '',
})

describe('dangerous changes need a re-authentication in the last 5 minutes', () => {
  test.each(DANGEROUS)(
    '$name: refused, unchanged; then applied after POST /auth/reauth',
    async ({ stage }) => {
      const { change, readBack } = await stage()
      const caller = await signIn()
      await reauthenticatedAgo(caller, REAUTH_WINDOW_SECONDS + 1)
      const before = await readBack()
      const send = () =>
        server.request(change.method, change.path, { token: caller.accessToken, body: change.body })

      const since = await dbNow()
      const refused = await send()
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({
        code: REAUTH_REQUIRED,
        message: expect.stringMatching(/^Confirm your password to make this change/),
      })
      expect(await readBack()).toEqual(before)
      // Audited, though the change's transaction rolled back.
      expect(await reauthRefusalsSince(since)).toEqual([
        expect.objectContaining({ target_id: expect.stringMatching(/^[A-Z]+ \/api\/admin\//) }),
      ])

      expect((await reauth(caller, { password: ADMIN.password })).status).toBe(204)
      const applied = await send()
      expect(applied.status, JSON.stringify(applied.body)).toBeLessThan(300)
      if (change.path.includes('/bulk/')) expect(applied.body).toMatchObject({ failed: 0 })
      expect(await readBack()).not.toEqual(before)
    },
  )
})

describe('other changes do not ask', () => {
  const HARMLESS: { name: string; stage: () => Promise<Change> }[] = [
    {
      name: 'giving a role that grants no permission',
      async stage() {
        const user = await server.createUser(root)
        const empty = await role([])
        return { method: 'PUT', path: `/api/admin/users/${user.id}/roles/${empty.id}` }
      },
    },
    {
      name: 'taking ADMIN away from a user',
      async stage() {
        const user = await server.createUser(root)
        await ok('PUT', `/api/admin/users/${user.id}/roles/${adminRoleId}`)
        return { method: 'DELETE', path: `/api/admin/users/${user.id}/roles/${adminRoleId}` }
      },
    },
    {
      name: 'renaming a role without changing its permissions',
      async stage() {
        const renamed = await role(['users.read'])
        return {
          method: 'PUT',
          path: `/api/admin/roles/${renamed.id}`,
          body: { name: unique('Renamed'), permissions: ['users.read'] },
        }
      },
    },
    {
      name: 'moving the email of a user who holds and could hold no permission',
      async stage() {
        const user = await server.createUser(root)
        return {
          method: 'PUT',
          path: `/api/admin/users/${user.id}`,
          body: { ...profileOf(user), email: `moved.${user.username}@elsewhere.example` },
        }
      },
    },
    {
      name: 'a temporary password for a user without administration rights',
      async stage() {
        const user = await server.createUser(root)
        return { method: 'POST', path: `/api/admin/users/${user.id}/temporary-password` }
      },
    },
  ]
  test.each(HARMLESS)('$name', async ({ stage }) => {
    const change = await stage()
    const caller = await signIn()
    await reauthenticatedAgo(caller, REAUTH_WINDOW_SECONDS + 1)
    const reply = await server.request(change.method, change.path, {
      token: caller.accessToken,
      body: change.body,
    })
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300)
  })
})

describe('POST /auth/reauth', () => {
  test('a sign-in counts for 5 minutes, a re-authentication for 5 more; each session apart', async () => {
    const user = await server.createUser(root)
    const give = (grant: Grant) =>
      server.request('PUT', `/api/admin/users/${user.id}/roles/${adminRoleId}`, {
        token: grant.accessToken,
      })
    const take = () => ok('DELETE', `/api/admin/users/${user.id}/roles/${adminRoleId}`)
    const caller = await signIn()
    const other = await signIn()

    await reauthenticatedAgo(caller, REAUTH_WINDOW_SECONDS - 5)
    expect((await give(caller)).status).toBe(200)
    await take()
    await reauthenticatedAgo(caller, REAUTH_WINDOW_SECONDS + 1)
    expect((await give(caller)).status).toBe(403)

    await reauthenticatedAgo(other, REAUTH_WINDOW_SECONDS + 1)
    expect((await reauth(caller, { password: ADMIN.password })).status).toBe(204)
    expect((await give(other)).status).toBe(403)
    expect((await give(caller)).status).toBe(200)
    await take()

    await reauthenticatedAgo(caller, REAUTH_WINDOW_SECONDS + 1)
    expect((await give(caller)).status).toBe(403)
    // A session from before migration 019 has never re-authenticated.
    await reauthenticatedAgo(caller, null)
    expect((await give(caller)).status).toBe(403)
    expect(await rolesOf(user.id)).toEqual([])
  })

  test('a wrong password is refused, audited and counted toward the temporary lockout', async () => {
    // An administrator of their own, so that root is not locked out for the other tests.
    const { user, password } = await server.member(root)
    await ok('PUT', `/api/admin/users/${user.id}/roles/${adminRoleId}`)
    const caller = await signIn(user.username, password)
    await reauthenticatedAgo(caller, null)

    for (let attempt = 1; attempt < MAX_FAILURES; attempt += 1) {
      const wrong = await reauth(caller, { password: 'not-the-password' })
      expect(wrong.status).toBe(400)
      expect(wrong.body.message).toBe('The password is not correct.')
    }
    // A success from the address forgets its failures, as a sign-in does.
    expect((await reauth(caller, { password })).status).toBe(204)
    await reauthenticatedAgo(caller, null)
    for (let attempt = 1; attempt <= MAX_FAILURES; attempt += 1) {
      expect((await reauth(caller, { password: 'not-the-password' })).status).toBe(400)
    }

    // Locked out at this address: the right password is not even heard, nor a sign-in.
    const locked = await reauth(caller, { password })
    expect(locked.status).toBe(429)
    expect(locked.body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/)
    expect((await server.login(user.username, password)).status).toBe(401)
    const target = await server.createUser(root)
    const give = await server.request('PUT', `/api/admin/users/${target.id}/roles/${adminRoleId}`, {
      token: caller.accessToken,
    })
    expect(give.body.code).toBe(REAUTH_REQUIRED)

    const byUser = (await ok('GET', `/api/admin/audit?actor=${user.id}&size=50`)).content as {
      action: string
    }[]
    expect(byUser.filter((entry) => entry.action === 'session.reauth_failed')).toHaveLength(
      2 * MAX_FAILURES - 1,
    )
    expect(byUser.filter((entry) => entry.action === 'session.reauth')).toHaveLength(1)
    const lockouts = await ok(
      'GET',
      `/api/admin/audit?target=${user.id}&action=user.temporary_lockout`,
    )
    expect(lockouts.content).toHaveLength(1)
  })

  test('bad input is a 400 that re-authenticates nothing; no session is a 401', async () => {
    const caller = await signIn()
    await reauthenticatedAgo(caller, null)
    for (const body of [
      undefined,
      {},
      { password: '' },
      { password: 7 },
      { password: ADMIN.password, code: '' },
      { password: ADMIN.password, code: 'x'.repeat(65) },
    ]) {
      const reply = await reauth(caller, body)
      expect(reply.status, JSON.stringify(body)).toBe(400)
    }
    expect((await server.request('POST', '/auth/reauth', { body: { password: 'x' } })).status).toBe(
      401,
    )
    const [row] = await server.built.context.db.query<{ reauthenticated_at: Date | null }>(
      'SELECT reauthenticated_at FROM sessions WHERE id = $1',
      [caller.sessionId],
    )
    expect(row!.reauthenticated_at).toBeNull()
  })

  test('a user without a second factor is confirmed by the password alone, a code sent or not', async () => {
    const caller = await signIn()
    expect((await reauth(caller, { password: ADMIN.password, code: '123456' })).status).toBe(204)
  })

  test('an import giving ADMIN is refused row by row without it, and applies after it', async () => {
    const caller = await signIn()
    await reauthenticatedAgo(caller, REAUTH_WINDOW_SECONDS + 1)
    const tag = unique('imported').replace(' ', '')
    const row = {
      row: 2,
      username: tag,
      email: `${tag}@example.com`,
      firstName: 'Imported',
      lastName: 'Admin',
      phoneNumber: '+49 30 0000',
      roles: ['ADMIN'],
    }
    const send = () =>
      server.request('POST', endpoints.importUsers.path, {
        token: caller.accessToken,
        body: { rows: [row] },
      })
    const since = await dbNow()
    const refused = await send()
    expect(refused.body).toMatchObject({ created: 0, failed: 1 })
    expect(refused.body.results[0].errors[0].message).toMatch(/^Confirm your password/)
    expect(await reauthRefusalsSince(since)).toEqual([
      expect.objectContaining({
        target_id: `POST ${endpoints.importUsers.path}`,
        changes: { row: 2 },
      }),
    ])
    const found = () => ok('GET', `/api/admin/users?search=${tag}`)
    expect((await found()).page.totalElements).toBe(0)
    expect((await reauth(caller, { password: ADMIN.password })).status).toBe(204)
    expect((await send()).body).toMatchObject({ created: 1, failed: 0 })
    expect((await found()).page.totalElements).toBe(1)
  })

  test('an import row moving the email of a user holding a permission: refused without it, in the dry run too', async () => {
    const { user } = await server.member(root)
    await ok('PUT', `/api/admin/users/${user.id}/roles/${(await role(['users.read'])).id}`)
    const caller = await signIn()
    await reauthenticatedAgo(caller, REAUTH_WINDOW_SECONDS + 1)
    const row = { row: 2, ...profileOf(user), email: `moved.${user.username}@elsewhere.example` }
    const send = (dryRun: boolean) =>
      server.request('POST', endpoints.importUsers.path, {
        token: caller.accessToken,
        body: { rows: [row], updateExisting: true, dryRun },
      })
    for (const dryRun of [true, false]) {
      const refused = await send(dryRun)
      expect(refused.body, `dryRun ${dryRun}`).toMatchObject({ updated: 0, failed: 1 })
      expect(refused.body.results[0].errors[0].message).toMatch(/^Confirm your password/)
    }
    expect((await ok('GET', `/api/admin/users/${user.id}`)).email).toBe(user.email)
    expect((await reauth(caller, { password: ADMIN.password })).status).toBe(204)
    expect((await send(true)).body).toMatchObject({ updated: 1, failed: 0 })
    expect((await send(false)).body).toMatchObject({ updated: 1, failed: 0 })
    expect((await ok('GET', `/api/admin/users/${user.id}`)).email).toBe(row.email)
  })

  test('an import row refused on its own, outside a chunk, is audited too', async () => {
    const caller = await signIn()
    const present = await server.createUser(root)
    await reauthenticatedAgo(caller, REAUTH_WINDOW_SECONDS + 1)
    // A row that deactivates a present user is applied on its own, not in a chunk.
    const row = { row: 7, ...profileOf(present), active: false, roles: ['ADMIN'] }
    const since = await dbNow()
    const refused = await server.request('POST', endpoints.importUsers.path, {
      token: caller.accessToken,
      body: { rows: [row], updateExisting: true },
    })
    expect(refused.body).toMatchObject({ updated: 0, failed: 1 })
    expect(refused.body.results[0].errors[0].message).toMatch(/^Confirm your password/)
    expect(await reauthRefusalsSince(since)).toEqual([
      expect.objectContaining({
        target_id: `POST ${endpoints.importUsers.path}`,
        changes: { row: 7 },
      }),
    ])
  })
})
