import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN, startServer, type TestServer } from './support/server'

const LOCKOUT_SECONDS = 900
const INVALID = { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' }

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer({
    LOGIN_MAX_FAILURES: '3',
    LOGIN_LOCKOUT_SECONDS: String(LOCKOUT_SECONDS),
  })
  admin = await server.token()
})
afterAll(() => server?.close())

const member = () => server.member(admin)

const userOf = async (id: number) =>
  (await server.request('GET', `/api/admin/users/${id}`, { token: admin })).body
/** Ends a running lockout as time would, without waiting for it. */
const expireLockout = (id: number) =>
  server.built.context.db.query(
    `UPDATE users SET login_blocked_until = now() - interval '1 second' WHERE id = $1`,
    [id],
  )
const secondsUntil = (iso: string) => (Date.parse(iso) - Date.now()) / 1000
const auditActions = async (size = 20) =>
  (await server.request('GET', `/api/admin/audit?size=${size}`, { token: admin })).body.content

describe('failed sign-ins lock an account out for a while, never for good', () => {
  test('a stranger cannot lock anyone out for good or learn the account exists: same 401 before, during and after; isLocked stays false; live sessions stay live', async () => {
    const { user, password } = await member()
    const session = await server.token(user.username, password)
    const answers = []
    for (let i = 0; i < 5; i += 1) {
      answers.push(await server.login(user.username, `wrong-${i}`))
      answers.push(await server.login('nobody-at-all', `wrong-${i}`))
    }
    for (const answer of answers) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual(INVALID)
    }
    // Locked out now: even the right password gets the same answer as a wrong one.
    expect((await server.login(user.username, password)).body).toEqual(INVALID)
    const during = await userOf(user.id)
    expect(during.isLocked).toBe(false)
    expect(secondsUntil(during.loginBlockedUntil)).toBeGreaterThan(LOCKOUT_SECONDS - 60)
    expect(secondsUntil(during.loginBlockedUntil)).toBeLessThanOrEqual(LOCKOUT_SECONDS)
    expect((await server.request('GET', '/auth/me', { token: session })).status).toBe(200)

    await expireLockout(user.id)
    expect((await server.login(user.username, password)).status).toBe(200)
    expect((await userOf(user.id)).loginBlockedUntil).toBeNull()
  })

  test('each further lockout doubles; a successful sign-in starts again from the first length', async () => {
    const { user, password } = await member()
    const lockOut = async () => {
      for (let i = 0; i < 3; i += 1) await server.login(user.username, 'wrong-pw')
      return secondsUntil((await userOf(user.id)).loginBlockedUntil)
    }
    expect(await lockOut()).toBeGreaterThan(LOCKOUT_SECONDS - 60)
    await expireLockout(user.id)
    const second = await lockOut()
    expect(second).toBeGreaterThan(2 * LOCKOUT_SECONDS - 60)
    expect(second).toBeLessThanOrEqual(2 * LOCKOUT_SECONDS)
    await expireLockout(user.id)
    expect((await server.login(user.username, password)).status).toBe(200)
    const afterSuccess = await lockOut()
    expect(afterSuccess).toBeLessThanOrEqual(LOCKOUT_SECONDS)
  })

  test('no lockout lasts longer than a day', async () => {
    const { user } = await member()
    await server.built.context.db.query('UPDATE users SET lockouts = 40 WHERE id = $1', [user.id])
    for (let i = 0; i < 3; i += 1) await server.login(user.username, 'wrong-pw')
    const until = secondsUntil((await userOf(user.id)).loginBlockedUntil)
    expect(until).toBeGreaterThan(24 * 3600 - 60)
    expect(until).toBeLessThanOrEqual(24 * 3600)
  })

  test('Unlock ends a temporary lockout at once', async () => {
    const { user, password } = await member()
    for (let i = 0; i < 3; i += 1) await server.login(user.username, 'wrong-pw')
    const unlocked = await server.request('PUT', `/api/admin/users/${user.id}/unlock`, {
      token: admin,
    })
    expect(unlocked.status).toBe(200)
    expect(unlocked.body).toMatchObject({ isLocked: false, loginBlockedUntil: null })
    expect((await server.login(user.username, password)).status).toBe(200)
  })

  test('failed sign-ins and lockouts are audited', async () => {
    const { user } = await member()
    for (let i = 0; i < 3; i += 1) await server.login(user.username, 'wrong-pw')
    const entries = await auditActions()
    const mine = entries.filter((entry: { targetId: string }) => entry.targetId === String(user.id))
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual([
      'user.temporary_lockout',
      'session.login_failed',
      'session.login_failed',
      'session.login_failed',
      'user.create',
    ])
  })

  test('the answer takes as long for an unknown name as for a known one', async () => {
    const { user } = await member()
    const time = async (username: string) => {
      const started = performance.now()
      await server.login(username, 'wrong-password')
      return performance.now() - started
    }
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 8; i += 1) {
      await expireLockout(user.id)
      known.push(await time(user.username))
      unknown.push(await time(`nobody-${i}`))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!
    const ratio = median(known) / median(unknown)
    expect(ratio).toBeGreaterThan(0.6)
    expect(ratio).toBeLessThan(1.6)
  })
})

describe('the per-address limit', () => {
  test('stops password spraying across usernames with 429 and Retry-After', async () => {
    const limited = await startServer({ LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '3' })
    try {
      for (const name of ['alice', 'bob', 'carol'])
        expect((await limited.login(name, 'Spring2026!')).status).toBe(401)
      const refused = await limited.login('dave', 'Spring2026!')
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
      expect(refused.body.message).toMatch(/^Too many attempts\. Try again in/)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // The administrator is not locked out by it.
      const rows = await limited.built.context.db.query<{ blocked: boolean }>(
        'SELECT login_blocked_until IS NOT NULL AS blocked FROM users WHERE username = $1',
        [ADMIN.username],
      )
      expect(rows[0]!.blocked).toBe(false)
    } finally {
      await limited.close()
    }
  })
})
