import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCore } from '../../src/main/core'
import { memoryVault, type Vault } from '../../src/main/core/vault/vault'
import type { BridgeEvent } from '../../src/shared/bridge'
import type { Result } from '../../src/shared/result'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'

const MINUTE = 60_000

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.close())

/** A core over the real server whose clock the test moves: time passes without waiting. */
function harness(idleTimeoutMs: number | undefined, vault: Vault = memoryVault()) {
  const clock = { now: Date.now() }
  const core = createCore({
    serverUrl: server.url,
    fetch: (url, init) => fetch(url, init),
    vault,
    exportPorts: folderExportPorts(tmpdir()),
    version: 'test',
    clock: () => clock.now,
    ...(idleTimeoutMs !== undefined && { idleTimeoutMs }),
  })
  const events: BridgeEvent[] = []
  core.onEvent((event) => events.push(event))
  const call = async (channel: string, payload?: unknown) =>
    (await core.handle(channel, payload)) as Result<any>
  const pass = (ms: number) => {
    clock.now += ms
  }
  return { call, events, pass, clock }
}

const login = { username: ADMIN.username, password: ADMIN.password }

const expired = {
  ok: false,
  error: { message: 'Session expired', status: 401 },
}

describe('the machine policy IdleTimeoutMinutes', () => {
  test('a session unused that long is expired on the console: signed out, "Session expired"', async () => {
    const h = harness(10 * MINUTE)
    expect((await h.call('auth.login', login)).ok).toBe(true)
    expect((await h.call('users.list', {})).ok).toBe(true)
    h.pass(10 * MINUTE)
    expect(await h.call('users.list', {})).toEqual(expired)
    expect(h.events).toContainEqual({ type: 'session-expired', message: 'Session expired' })
    expect(await h.call('auth.session')).toEqual({ ok: true, data: null })
  })

  test('each call counts as use: a session in use lasts past the bound', async () => {
    const h = harness(10 * MINUTE)
    await h.call('auth.login', login)
    for (let step = 0; step < 3; step += 1) {
      h.pass(9 * MINUTE)
      expect((await h.call('users.list', {})).ok).toBe(true)
    }
    expect(h.events.some((event) => event.type === 'session-expired')).toBe(false)
  })

  test('without the policy, only the server bounds it', async () => {
    const h = harness(undefined)
    await h.call('auth.login', login)
    h.pass(20 * MINUTE)
    expect((await h.call('users.list', {})).ok).toBe(true)
  })

  test('a restart does not forget how long the session sat unused', async () => {
    const vault = memoryVault()
    const first = harness(10 * MINUTE, vault)
    await first.call('auth.login', login)
    const second = harness(10 * MINUTE, vault)
    second.clock.now = first.clock.now + 11 * MINUTE
    expect(await second.call('users.list', {})).toEqual(expired)
    expect(second.events).toContainEqual({ type: 'session-expired', message: 'Session expired' })
  })

  test('a restart after steady use keeps the session: the kept last use is recent', async () => {
    const vault = memoryVault()
    const first = harness(10 * MINUTE, vault)
    await first.call('auth.login', login)
    // Eight minutes of calls 40 s apart: no token refresh, which would also keep the time.
    for (let call = 0; call < 12; call += 1) {
      first.pass(40_000)
      expect((await first.call('users.list', {})).ok).toBe(true)
    }
    const second = harness(10 * MINUTE, vault)
    second.clock.now = first.clock.now + 8 * MINUTE
    expect((await second.call('users.list', {})).ok).toBe(true)
  })
})
