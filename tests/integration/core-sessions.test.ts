import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCore } from '../../src/main/core'
import type { Fetch } from '../../src/main/core/api/http'
import { memoryVault } from '../../src/main/core/vault/vault'
import type { BridgeEvent } from '@shared/bridge'
import type { User } from '@shared/contract'
import type { Result } from '@shared/result'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'

let server: TestServer
let root: string

beforeAll(async () => {
  server = await startServer()
  root = await server.token()
})
afterAll(() => server?.close())

/** A core over the real fetch that keeps every secret the server answered, to look for later. */
function harness() {
  const secrets = new Set<string>()
  const fetchImpl: Fetch = async (url, init) => {
    const response = await fetch(url, init)
    const text = await response.clone().text()
    for (const match of text.matchAll(
      /"(accessToken|refreshToken|passwordChangeToken)":"([^"]+)"/g,
    ))
      secrets.add(match[2]!)
    return response
  }
  const core = createCore({
    serverUrl: server.url,
    fetch: fetchImpl,
    vault: memoryVault(),
    exportPorts: folderExportPorts(tmpdir()),
    version: 'test',
  })
  const events: BridgeEvent[] = []
  core.onEvent((event) => events.push(event))
  const results: Result<unknown>[] = []
  const call = async (channel: string, payload?: unknown) => {
    const result = await core.handle(channel, payload)
    results.push(result)
    return result as any
  }
  return { call, events, results, secrets }
}

/** A second administrator, so that the console can be signed in as someone the test may end. */
async function newAdmin(): Promise<{ user: User; password: string }> {
  const { user, password } = await server.member(root)
  const roles = await server.request('GET', '/api/admin/roles?size=200', { token: root })
  const adminRole = roles.body.content.find((role: { name: string }) => role.name === 'ADMIN')
  await server.request('PUT', `/api/admin/users/${user.id}/roles/${adminRole.id}`, { token: root })
  return { user, password }
}

const me = (token: string) => server.request('GET', '/auth/me', { token })

describe('sessions through the bridge', () => {
  test("lists a user's sessions, marking the console's own; signs a user out everywhere", async () => {
    const h = harness()
    const { user, password } = await newAdmin()
    expect((await h.call('auth.login', { username: user.username, password })).ok).toBe(true)
    const held = await server.token(user.username, password)
    const listed = await h.call('users.sessions', { id: user.id })
    expect(listed.ok).toBe(true)
    expect(listed.data).toHaveLength(2)
    expect(listed.data.filter((session: { current: boolean }) => session.current)).toHaveLength(1)

    const { user: member, password: memberPassword } = await server.member(root)
    const memberToken = await server.token(member.username, memberPassword)
    const ended = await h.call('users.endAllSessions', { id: member.id })
    expect(ended).toEqual({ ok: true, data: { ended: 1, currentSessionEnded: false } })
    expect((await me(memberToken)).status).toBe(401)
    expect((await me(held)).status).toBe(200)
  })

  test('signing out its own session ends the console session and says so', async () => {
    const h = harness()
    const { user, password } = await newAdmin()
    await h.call('auth.login', { username: user.username, password })
    const [own] = (await h.call('users.sessions', { id: user.id })).data
    const ended = await h.call('users.endSession', { id: user.id, sessionId: own.id })
    expect(ended).toEqual({ ok: true, data: { ended: 1, currentSessionEnded: true } })
    expect(h.events.at(-1)).toEqual({
      type: 'session-expired',
      message: 'You signed out this session.',
    })
    expect(await h.call('auth.session')).toEqual({ ok: true, data: null })
  })

  test('bad payloads are refused before anything is sent', async () => {
    const h = harness()
    expect(await h.call('users.endSession', { id: 1, sessionId: 'nope' })).toEqual({
      ok: false,
      error: { message: 'Invalid input: sessionId: sessionId must be a session id (a UUID)' },
    })
    expect(await h.call('users.setTemporaryPassword', { id: 'x' })).toMatchObject({ ok: false })
    expect(await h.call('auth.completePasswordChange', { newPassword: 'abcdefgh' })).toEqual({
      ok: false,
      error: { message: 'No sign-in is waiting for a new password. Sign in again.' },
    })
  })
})

describe('temporary passwords through the bridge', () => {
  test('sign-in answers the change step; the new password must differ; then signed in', async () => {
    const admin = harness()
    await admin.call('auth.login', { username: ADMIN.username, password: ADMIN.password })
    const { user } = await newAdmin()
    const set = await admin.call('users.setTemporaryPassword', { id: user.id })
    expect(set.ok).toBe(true)
    const temporary: string = set.data.temporaryPassword

    const h = harness()
    const step = await h.call('auth.login', { username: user.username, password: temporary })
    expect(step).toEqual({
      ok: false,
      error: {
        message: 'This is a temporary password: choose a new password to finish signing in.',
        status: 403,
        code: 'password_change_required',
      },
    })
    const same = await h.call('auth.completePasswordChange', { newPassword: temporary })
    expect(same).toEqual({
      ok: false,
      error: {
        message: 'The new password must be different from the temporary password.',
        status: 400,
        code: 'same_as_temporary_password',
      },
    })
    const done = await h.call('auth.completePasswordChange', { newPassword: 'chosen-secret' })
    expect(done.ok && done.data.user.username).toBe(user.username)
    expect(h.events.at(-1)).toMatchObject({ type: 'session-changed' })
    expect((await h.call('users.list', {})).ok).toBe(true)

    const again = harness()
    const reused = await again.call('auth.login', { username: user.username, password: temporary })
    expect(reused).toMatchObject({ ok: false, error: { status: 401 } })
    expect(h.secrets.size).toBeGreaterThanOrEqual(3)
    const serialized = JSON.stringify(h.results)
    for (const secret of h.secrets) expect(serialized).not.toContain(secret)
  })
})

describe('changing your own password through the bridge', () => {
  test('needs the current password; ends other sessions, the console keeps working', async () => {
    const h = harness()
    const { user, password } = await newAdmin()
    await h.call('auth.login', { username: user.username, password })
    const elsewhere = await server.token(user.username, password)
    const wrong = await h.call('auth.changePassword', {
      currentPassword: 'not-the-password',
      newPassword: 'next-secret',
    })
    expect(wrong).toEqual({
      ok: false,
      error: {
        message: 'The current password is not correct.',
        status: 400,
        code: 'wrong_current_password',
      },
    })
    expect(
      await h.call('auth.changePassword', {
        currentPassword: password,
        newPassword: 'next-secret',
      }),
    ).toEqual({ ok: true, data: null })
    expect((await me(elsewhere)).status).toBe(401)
    expect((await h.call('users.list', {})).ok).toBe(true)
    expect((await server.login(user.username, 'next-secret')).status).toBe(200)
  })
})
