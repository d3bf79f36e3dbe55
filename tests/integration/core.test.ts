import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCore, type Core } from '../../src/main/core'
import type { Fetch } from '../../src/main/core/api/http'
import { KEYCHAIN_SERVICE, openVault } from '../../src/main/core/vault/keychain'
import { memoryVault, type Vault } from '../../src/main/core/vault/vault'
import type { BridgeEvent } from '@shared/bridge'
import type { Result } from '@shared/result'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'

/** The real fetch, counting calls by path and keeping every token the server hands out. */
function recordingFetch() {
  const calls: string[] = []
  const tokens = new Set<string>()
  const fetchImpl: Fetch = async (url, init) => {
    calls.push(`${init.method} ${new URL(url).pathname}`)
    const response = await fetch(url, init)
    const text = await response.clone().text()
    for (const match of text.matchAll(/"(accessToken|refreshToken)":"([^"]+)"/g))
      tokens.add(match[2]!)
    return response
  }
  return {
    fetch: fetchImpl,
    calls,
    tokens,
    count: (call: string) => calls.filter((c) => c === call).length,
  }
}

interface Harness {
  core: Core
  net: ReturnType<typeof recordingFetch>
  events: BridgeEvent[]
  results: Result<unknown>[]
  call: (channel: string, payload?: unknown) => Promise<Result<any>>
  clock: { now: number | undefined }
}

function harness(server: TestServer, vault: Vault = memoryVault()): Harness {
  const net = recordingFetch()
  const clock: { now: number | undefined } = { now: undefined }
  const core = createCore({
    serverUrl: server.url,
    fetch: net.fetch,
    vault,
    exportPorts: folderExportPorts(tmpdir()),
    version: 'test',
    clock: () => clock.now ?? Date.now(),
  })
  const events: BridgeEvent[] = []
  core.onEvent((event) => events.push(event))
  const results: Result<unknown>[] = []
  const call = async (channel: string, payload?: unknown) => {
    const result = await core.handle(channel, payload)
    results.push(result)
    return result as Result<any>
  }
  return { core, net, events, results, call, clock }
}

const login = { username: ADMIN.username, password: ADMIN.password }

describe('core against the real server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.close())

  test('login stores the session, then fetches the profile', async () => {
    const h = harness(server)
    const result = await h.call('auth.login', login)
    expect(result.ok).toBe(true)
    expect(result.ok && result.data).toMatchObject({
      user: { username: ADMIN.username },
      roles: ['ADMIN'],
      serverUrl: server.url,
      remembered: false,
    })
    expect(h.net.calls).toEqual(['POST /auth/login', 'GET /auth/me'])
    expect(h.events).toEqual([{ type: 'session-changed', session: result.ok && result.data }])
    const list = await h.call('users.list', {
      page: 0,
      size: 5,
      sort: 'username',
      direction: 'desc',
      search: '',
    })
    expect(list.ok && list.data.page.totalElements).toBeGreaterThan(0)
    expect(h.net.calls.at(-1)).toBe('GET /api/admin/users')
  })

  test('a wrong password answers the server message and stores nothing', async () => {
    const h = harness(server)
    const result = await h.call('auth.login', {
      username: ADMIN.username,
      password: 'wrong-password',
    })
    expect(result).toEqual({
      ok: false,
      error: { message: 'Invalid username or password', status: 401, code: 'invalid_credentials' },
    })
    expect(await h.call('users.list', {})).toEqual({
      ok: false,
      error: { message: 'Not authenticated' },
    })
    expect(await h.call('auth.session')).toEqual({ ok: true, data: null })
  })

  test('the token is refreshed inside the 10 s margin, once for ten concurrent calls', async () => {
    const h = harness(server)
    await h.call('auth.login', login)
    await h.call('users.list', {})
    expect(h.net.count('POST /auth/refresh')).toBe(0)
    // 900 s tokens: 891 s later, 9 s are left.
    h.clock.now = Date.now() + 891_000
    const results = await Promise.all(Array.from({ length: 10 }, () => h.call('users.list', {})))
    expect(results.every((result) => result.ok)).toBe(true)
    expect(h.net.count('POST /auth/refresh')).toBe(1)
    expect(h.net.count('GET /api/admin/users')).toBe(11)
  })

  test('bad payloads are refused before anything is sent', async () => {
    const h = harness(server)
    await h.call('auth.login', login)
    const sent = h.net.calls.length
    for (const [channel, payload] of [
      ['users.get', { id: 'one' }],
      ['users.lock', { id: -1 }],
      ['users.list', { sort: 'password' }],
      ['users.create', { username: '' }],
      ['users.update', { id: 1, changes: { username: 'x' } }],
      ['auth.logout', { extra: true }],
      ['users.explode', {}],
      ['roles.update', { id: 1, name: '  ' }],
      ['users.grantRole', { id: 1, roleId: 1, until: 'soon' }],
      ['users.grantGroup', { id: 1, groupId: 1 }],
    ] as const) {
      const result = await h.call(channel, payload)
      expect(result.ok, channel).toBe(false)
    }
    expect(
      (await h.call('users.create', { username: '' })).ok === false && h.results.at(-1),
    ).toMatchObject({
      error: { message: expect.stringContaining('username: Username is required') },
    })
    expect(h.net.calls.length).toBe(sent)
  })

  test('update sends If-Match; a stale version is refused with the server message', async () => {
    const h = harness(server)
    await h.call('auth.login', login)
    const created = await h.call('users.create', {
      username: 'core-etag',
      email: 'core-etag@example.com',
      password: 'secret-1',
      firstName: 'Core',
      lastName: 'Etag',
      phoneNumber: '+971 50 000 0001',
    })
    const id = created.ok && created.data.id
    const read = await h.call('users.get', { id })
    const etag = read.ok && read.data.etag
    const changes = {
      username: 'core-etag',
      email: 'core-etag@example.com',
      firstName: 'New',
      lastName: 'Etag',
      phoneNumber: '+971 50 000 0001',
    }
    const saved = await h.call('users.update', { id, changes, etag })
    expect(saved.ok && saved.data.user.firstName).toBe('New')
    const stale = await h.call('users.update', {
      id,
      changes: { ...changes, firstName: 'Lost' },
      etag,
    })
    expect(stale).toMatchObject({ ok: false, error: { status: 412 } })
  })

  test('effective roles and the members of a role or group come through the bridge', async () => {
    const h = harness(server)
    await h.call('auth.login', login)
    const role = await h.call('roles.create', { name: 'Core Members Role' })
    const roleId = role.ok && role.data.id
    const group = await h.call('groups.create', { name: 'Core Members Group', roleIds: [roleId] })
    const groupId = group.ok && group.data.id
    const user = await h.call('users.create', {
      username: 'core-member',
      email: 'core-member@example.com',
      password: 'secret-1',
      firstName: 'Core',
      lastName: 'Member',
      phoneNumber: '+971 50 000 0001',
    })
    const userId = user.ok && user.data.id
    await h.call('users.addGroup', { id: userId, groupId })

    expect(await h.call('users.effectiveRoles', { id: userId })).toEqual({
      ok: true,
      data: [
        {
          id: roleId,
          name: 'Core Members Role',
          active: true,
          direct: false,
          // No end of the role nor of the membership (issue 57).
          until: null,
          viaGroups: [{ id: groupId, name: 'Core Members Group', until: null }],
        },
      ],
    })
    const roleMembers = await h.call('roles.members', { id: roleId, search: ' core-mem ' })
    expect(roleMembers.ok && roleMembers.data).toEqual({
      content: [
        {
          user: {
            id: userId,
            username: 'core-member',
            fullName: 'Core Member',
            email: 'core-member@example.com',
            isActive: true,
            isLocked: false,
          },
          direct: false,
          viaGroups: [{ id: groupId, name: 'Core Members Group' }],
        },
      ],
      page: { number: 0, size: 20, totalElements: 1, totalPages: 1 },
    })
    const groupMembers = await h.call('groups.members', { id: groupId, page: 1, size: 5 })
    expect(groupMembers.ok && groupMembers.data.page).toEqual({
      number: 1,
      size: 5,
      totalElements: 1,
      totalPages: 1,
    })
    expect(h.net.calls).toContain(`GET /api/admin/roles/${roleId}/members`)

    expect(await h.call('roles.members', { id: 999999 })).toMatchObject({
      ok: false,
      error: { message: 'Role 999999 not found', status: 404 },
    })
    const sent = h.net.calls.length
    for (const [channel, payload] of [
      ['users.effectiveRoles', { id: 0 }],
      ['roles.members', { id: roleId, size: 500 }],
      ['groups.members', { id: groupId, search: 'x'.repeat(201) }],
      ['groups.members', { page: 0 }],
    ] as const) {
      expect((await h.call(channel, payload)).ok, channel).toBe(false)
    }
    expect(h.net.calls.length, 'bad payloads are refused before anything is sent').toBe(sent)
  })

  test('logout calls the server and clears the session', async () => {
    const h = harness(server)
    await h.call('auth.login', login)
    expect(await h.call('auth.logout')).toEqual({ ok: true, data: null })
    expect(h.net.calls.at(-1)).toBe('POST /auth/logout')
    expect(h.events.at(-1)).toEqual({ type: 'session-changed', session: null })
    expect(await h.call('users.list', {})).toEqual({
      ok: false,
      error: { message: 'Not authenticated' },
    })
  })

  test('a refused refresh clears the session and says "Session expired"', async () => {
    const vault = memoryVault()
    const h = harness(server, vault)
    const session = await h.call('auth.login', login)
    await server.built.context.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [
      JSON.parse((await vault.read())!).sessionId,
    ])
    const result = await h.call('users.list', {})
    expect(result).toEqual({ ok: false, error: { message: 'Session expired', status: 401 } })
    expect(h.net.count('POST /auth/refresh')).toBe(1)
    expect(h.events.at(-1)).toEqual({ type: 'session-expired', message: 'Session expired' })
    expect(await vault.read()).toBeNull()
    expect(session.ok).toBe(true)
    expect(await h.call('users.list', {})).toEqual({
      ok: false,
      error: { message: 'Not authenticated' },
    })
  })

  test('an unreachable server is a network error, and the session survives it', async () => {
    const h = harness(server)
    await h.call('auth.login', login)
    const dead = createCore({
      serverUrl: 'http://127.0.0.1:9',
      fetch,
      vault: memoryVault(),
      exportPorts: folderExportPorts(tmpdir()),
      version: 'test',
    })
    const result = await dead.handle('auth.login', login)
    expect(result).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(/^Network error: could not reach http:\/\/127\.0\.0\.1:9/),
      },
    })
  })

  test('a user without administrator rights is signed out at once, on the server too', async () => {
    const token = await server.token()
    const member = await server.createUser(token)
    const vault = memoryVault()
    const h = harness(server, vault)
    const result = await h.call('auth.login', { username: member.username, password: 'secret-123' })
    expect(result).toEqual({
      ok: false,
      error: { message: 'Administrator rights are required to use this console.', status: 403 },
    })
    expect(h.net.calls).toEqual(['POST /auth/login', 'GET /auth/me', 'POST /auth/logout'])
    expect(await vault.read()).toBeNull()
    expect(await h.call('auth.session')).toEqual({ ok: true, data: null })
    const live = await server.built.context.db.query(
      'SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [member.id],
    )
    expect(live).toEqual([])
  })

  test('a user holding any one permission gets in, and a 403 for another keeps the session', async () => {
    const root = await server.token()
    const role = await server.request('POST', '/api/admin/roles', {
      token: root,
      body: { name: 'Audit only', permissions: ['audit.read'] },
    })
    const { user, password } = await server.member(root)
    await server.request('PUT', `/api/admin/users/${user.id}/roles/${role.body.id}`, {
      token: root,
    })
    const h = harness(server)
    const signedIn = await h.call('auth.login', { username: user.username, password })
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true)
    expect(h.net.calls).toEqual(['POST /auth/login', 'GET /auth/me'])

    const refused = await h.call('users.list', {})
    expect(refused).toEqual({
      ok: false,
      error: {
        message: 'The users.read permission is required for this action.',
        status: 403,
        code: 'permissions_required',
        params: { permissions: 'users.read', count: 1 },
      },
    })
    expect(h.net.calls.slice(-2)).toEqual(['GET /api/admin/users', 'GET /auth/me'])
    expect(await h.call('auth.session')).toMatchObject({
      ok: true,
      data: { user: { id: user.id } },
    })
  })

  test('a change refused with reauth_required keeps the session and says so; after auth.reauth it applies, a bulk action too', async () => {
    const root = await server.token()
    const user = await server.createUser(root)
    const roles = (await server.request('GET', '/api/admin/roles', { token: root })).body
      .content as { id: number; name: string }[]
    const adminRoleId = roles.find((role) => role.name === 'ADMIN')!.id
    const h = harness(server)
    await h.call('auth.login', login)
    // This session last proved who it is too long ago (as one from before migration 019).
    await server.built.context.db.query(
      'UPDATE sessions SET reauthenticated_at = NULL WHERE user_id = (SELECT id FROM users WHERE username = $1)',
      [ADMIN.username],
    )
    const give = { id: user.id, roleId: adminRoleId }
    const bulk = { bulkId: 'grant-admin', action: 'assign-role', selection: { ids: [user.id] } }

    const calls = h.net.calls.length
    expect(await h.call('users.addRole', give)).toMatchObject({
      ok: false,
      error: { status: 403, code: 'reauth_required' },
    })
    // Refused as a whole: the console can ask and run it again, nobody was changed.
    expect(await h.call('users.bulk', { ...bulk, targetId: adminRoleId })).toMatchObject({
      ok: false,
      error: { status: 403, code: 'reauth_required' },
    })
    // Not taken for lost rights: no profile check, the session stays.
    expect(h.net.calls.slice(calls)).toEqual([
      `PUT /api/admin/users/${user.id}/roles/${adminRoleId}`,
      'POST /api/admin/users/bulk/assign-role',
    ])
    expect(h.events.some((event) => event.type === 'session-expired')).toBe(false)

    expect(await h.call('auth.reauth', { password: 'not-the-password' })).toEqual({
      ok: false,
      error: { message: 'The password is not correct.', status: 400, code: 'wrong_password' },
    })
    expect(await h.call('auth.reauth', { password: ADMIN.password })).toEqual({
      ok: true,
      data: null,
    })
    expect(await h.call('users.bulk', { ...bulk, targetId: adminRoleId })).toMatchObject({
      ok: true,
      data: { ok: 1, failed: 0 },
    })
  })

  test('administrator rights lost mid-session end it with that reason', async () => {
    const root = await server.token()
    const admin = await server.createUser(root)
    const roles = await server.request('GET', '/api/admin/roles?size=200', { token: root })
    const adminRole = roles.body.content.find((role: { name: string }) => role.name === 'ADMIN')
    const grant = `/api/admin/users/${admin.id}/roles/${adminRole.id}`
    await server.request('PUT', grant, { token: root })
    const h = harness(server)
    expect(
      (await h.call('auth.login', { username: admin.username, password: 'secret-123' })).ok,
    ).toBe(true)
    await server.request('DELETE', grant, { token: root })

    const result = await h.call('users.list', {})
    expect(result).toEqual({
      ok: false,
      error: { message: 'Administrator rights are required to use this console.', status: 403 },
    })
    expect(h.events.at(-1)).toEqual({
      type: 'session-expired',
      message: 'Administrator rights are required to use this console.',
    })
    expect(h.net.calls.slice(-3)).toEqual([
      'GET /api/admin/users',
      'GET /auth/me',
      'POST /auth/logout',
    ])
    expect(await h.call('auth.session')).toEqual({ ok: true, data: null })
  })

  test('no bridge result ever holds a token', async () => {
    const h = harness(server)
    await h.call('auth.login', login)
    h.clock.now = Date.now() + 895_000
    await h.call('users.list', {})
    await h.call('auth.session')
    await h.call('app.info')
    await h.call('auth.logout')
    expect(h.net.tokens.size).toBeGreaterThanOrEqual(4)
    const serialized = JSON.stringify(h.results)
    for (const token of h.net.tokens) expect(serialized).not.toContain(token)
  })
})

describe('401 → one refresh → retry', () => {
  test('a token the server has expired is refreshed once and the call retried', async () => {
    const server = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '1' })
    try {
      const h = harness(server)
      await h.call('auth.login', login)
      // The core's clock goes back an hour, so it believes its 1 s token is still fresh; the
      // server's goes past the token's end.
      h.clock.now = Date.now() - 3_600_000
      server.clock.advance(2100)
      const result = await h.call('users.list', {})
      expect(result.ok).toBe(true)
      expect(h.net.calls.slice(-3)).toEqual([
        'GET /api/admin/users',
        'POST /auth/refresh',
        'GET /api/admin/users',
      ])
    } finally {
      await server.close()
    }
  })
})

describe('OS keychain', () => {
  test('the session survives a restart of the core; logout removes the entry', async (context) => {
    const server = await startServer()
    try {
      const vault = await openVault(server.url)
      if (!vault.persistent) {
        if (process.env.REQUIRE_KEYCHAIN)
          throw new Error('REQUIRE_KEYCHAIN is set but no Secret Service answered')
        context.skip()
      }
      const first = harness(server, vault)
      expect((await first.call('auth.login', login)).ok).toBe(true)
      const stored = (await vault.read())!
      expect(stored.length).toBeLessThan(2500)
      expect(stored).not.toContain(first.net.tokens.values().next().value)

      const restarted = harness(server, await openVault(server.url))
      const session = await restarted.call('auth.session')
      expect(session).toMatchObject({
        ok: true,
        data: { user: { username: ADMIN.username }, roles: ['ADMIN'], remembered: true },
      })
      expect(restarted.net.calls).toEqual(['POST /auth/refresh', 'GET /auth/me'])
      expect((await restarted.call('users.list', {})).ok).toBe(true)

      await restarted.call('auth.logout')
      expect(await (await openVault(server.url)).read()).toBeNull()
      expect(KEYCHAIN_SERVICE).toBe('Admin Console')
    } finally {
      await server.close()
    }
  })
})
