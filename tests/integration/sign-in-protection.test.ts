import { AsyncLocalStorage } from 'node:async_hooks'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer, type BuiltServer } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import type { Queryable } from '../../server/src/db/database'
import { pruneFailedSignIns } from '../../server/src/db/sign-in-failures'
import { ADMIN, startServer, type TestServer } from './support/server'

const LOCKOUT_SECONDS = 900
const INVALID = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Invalid username or password',
  code: 'invalid_credentials',
}

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
/** Ends the running lockouts of a user as time would, without waiting for them. */
const expireLockout = async (id: number) => {
  const db = server.built.context.db
  await db.query(
    `UPDATE sign_in_failures SET blocked_until = now() - interval '1 second'
     WHERE name = (SELECT lower(username) FROM users WHERE id = $1)`,
    [id],
  )
  await db.query(
    `UPDATE users SET login_blocked_until = now() - interval '1 second' WHERE id = $1`,
    [id],
  )
}

/** A sign-in sent from the client address `from` (127.0.0.1 or 127.0.0.2) to `url`. */
function signInFrom(url: string, from: string, username: string, password: string) {
  const body = JSON.stringify({ username, password })
  return new Promise<{ status: number; body: any; retryAfter: string | undefined }>(
    (resolve, reject) => {
      const sent = httpRequest(
        `${url}/auth/login`,
        {
          method: 'POST',
          localAddress: from,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (text += chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              body: JSON.parse(text),
              retryAfter: response.headers['retry-after'],
            }),
          )
        },
      )
      sent.on('error', reject)
      sent.end(body)
    },
  )
}
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
    for (let i = 0; i < 3; i += 1) await server.login(user.username, 'wrong-pw')
    await expireLockout(user.id)
    await server.built.context.db.query(
      'UPDATE sign_in_failures SET lockouts = 40 WHERE name = lower($1)',
      [user.username],
    )
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
    // Interleaved, each going first half the time, so that a busy moment weighs on both alike.
    for (let i = 0; i < 16; i += 1) {
      await expireLockout(user.id)
      if (i % 2 === 0) {
        known.push(await time(user.username))
        unknown.push(await time(`nobody-${i}`))
      } else {
        unknown.push(await time(`nobody-${i}`))
        known.push(await time(user.username))
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!
    const ratio = median(known) / median(unknown)
    expect(ratio).toBeGreaterThan(0.6)
    expect(ratio).toBeLessThan(1.6)
  })
})

/** A second API process on the same PostgreSQL database; with PGlite, the same server. */
async function secondProcess(): Promise<{ url: string; close(): Promise<void> }> {
  const { config } = server.built.context
  if (!config.databaseUrl) return { url: server.url, close: async () => {} }
  const other: BuiltServer = await buildServer(
    loadConfig({
      DATABASE_URL: config.databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      MAIL_OUTBOX_DIR: config.mail.outboxDir,
      LOG_LEVEL: 'silent',
      LOGIN_MAX_FAILURES: String(config.loginMaxFailures),
      LOGIN_LOCKOUT_SECONDS: String(config.loginLockoutSeconds),
      LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '10000',
    }),
  )
  await other.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = other.app.server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, close: () => other.app.close() }
}

/** One failure of `name` from each of `count` addresses in 10.0.0.0/16, `ago` (an interval). */
const failuresFrom = (name: string, count: number, ago: string) =>
  server.built.context.db.query(
    `INSERT INTO sign_in_failures (name, address, failures, last_failed_at)
     SELECT lower($1), '10.0.' || (n / 256) || '.' || (n % 256), 1, now() - $3::interval
     FROM generate_series(1, $2::integer) AS n`,
    [name, count, ago],
  )

const ATTACKER = '127.0.0.1'
const OWNER = '127.0.0.2'
const THROTTLED = /^Too many attempts\. Try again in \d+ seconds?\.$/

describe('a lockout keeps out an address, never the owner at another', () => {
  test('wrong passwords from one address lock out that address only, on every API process; the owner signs in from another; Unlock ends it', async () => {
    const { user, password } = await member()
    const other = await secondProcess()
    try {
      for (let i = 0; i < 6; i += 1) {
        const url = i % 2 === 0 ? server.url : other.url
        expect((await signInFrom(url, ATTACKER, user.username, `wrong-${i}`)).body).toEqual(INVALID)
      }
      expect((await signInFrom(server.url, ATTACKER, user.username, password)).body).toEqual(
        INVALID,
      )
      // Shown to administrators as before: the end of the lockout.
      expect(secondsUntil((await userOf(user.id)).loginBlockedUntil)).toBeGreaterThan(
        LOCKOUT_SECONDS - 60,
      )

      expect((await signInFrom(other.url, OWNER, user.username, password)).status).toBe(200)
      expect((await signInFrom(server.url, OWNER, user.username, password)).status).toBe(200)
      // The owner's sign-in does not give the attacker's address its attempts back.
      expect((await signInFrom(other.url, ATTACKER, user.username, password)).body).toEqual(INVALID)

      await server.request('PUT', `/api/admin/users/${user.id}/unlock`, { token: admin })
      expect((await signInFrom(other.url, ATTACKER, user.username, password)).status).toBe(200)
    } finally {
      await other.close()
    }
  })

  test('failures from several addresses slow each of them, a known and an unknown name alike, and only for a while', async () => {
    const { user, password } = await member()
    for (const name of [user.username, 'nobody-spread-out']) {
      // Eight more addresses failing just now: each that fails again waits about ten seconds.
      await failuresFrom(name, 8, '0 seconds')
      expect((await signInFrom(server.url, ATTACKER, name, 'wrong-1')).status).toBe(401)
      expect((await signInFrom(server.url, OWNER, name, 'wrong-2')).status).toBe(401)
      for (const from of [ATTACKER, OWNER]) {
        const slowed = await signInFrom(server.url, from, name, 'wrong-3')
        expect(slowed.status).toBe(429)
        expect(slowed.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
        expect(slowed.body.message).toMatch(THROTTLED)
        expect(Number(slowed.retryAfter)).toBeGreaterThanOrEqual(1)
        expect(Number(slowed.retryAfter)).toBeLessThanOrEqual(10)
      }
    }
    // A refusal is not a failure: once the wait is over, the right password signs in.
    await server.built.context.db.query(
      `UPDATE sign_in_failures SET last_failed_at = last_failed_at - interval '11 seconds'
       WHERE name = lower($1) AND address = $2`,
      [user.username, ATTACKER],
    )
    expect((await signInFrom(server.url, ATTACKER, user.username, password)).status).toBe(200)
  })

  test('however many addresses fail, the wait stays within a minute and the owner at a fresh address signs in at once', async () => {
    const { user, password } = await member()
    // Failures from 200 other addresses in the last minutes, as a botnet would leave them.
    await failuresFrom(user.username, 200, '1 minute')
    expect((await signInFrom(server.url, ATTACKER, user.username, 'wrong')).status).toBe(401)
    const slowed = await signInFrom(server.url, ATTACKER, user.username, 'wrong')
    expect(slowed.status).toBe(429)
    expect(Number(slowed.retryAfter)).toBeGreaterThan(30)
    expect(Number(slowed.retryAfter)).toBeLessThanOrEqual(60)
    expect((await signInFrom(server.url, OWNER, user.username, password)).status).toBe(200)
  })
})

describe('old counts', () => {
  test('are dropped after a day without failures, unless a lockout still runs or ended within a day', async () => {
    const db = server.built.context.db
    await db.query(
      `INSERT INTO sign_in_failures (name, address, failures, lockouts, blocked_until, last_failed_at) VALUES
         ('old-quiet', '10.9.0.1', 2, 0, NULL, now() - interval '25 hours'),
         ('old-ended', '10.9.0.1', 0, 3, now() - interval '25 hours', now() - interval '26 hours'),
         ('old-locked', '10.9.0.1', 0, 6, now() + interval '1 hour', now() - interval '25 hours'),
         ('old-just-ended', '10.9.0.1', 0, 4, now() - interval '1 hour', now() - interval '25 hours'),
         ('recent', '10.9.0.1', 1, 0, NULL, now() - interval '1 hour')`,
    )
    await pruneFailedSignIns(db)
    const left = await db.query<{ name: string }>(
      `SELECT name FROM sign_in_failures WHERE address = '10.9.0.1' ORDER BY name`,
    )
    expect(left.map((row) => row.name)).toEqual(['old-just-ended', 'old-locked', 'recent'])
  })
})

describe('a wrong password does the same work for a known and an unknown name', () => {
  let quiet: TestServer
  /**
   * Set while the server handles a request: the statements its background work runs meanwhile
   * (note folds, the mail outbox), begun outside any request, are told apart from a sign-in's.
   */
  const inRequest = new AsyncLocalStorage<true>()
  beforeAll(async () => {
    // Its own server: the security audit's per-minute allowance is fresh, the same for both.
    quiet = await startServer({ LOGIN_MAX_FAILURES: '3' })
    const http = quiet.built.app.server
    const handlers = http.listeners('request') as ((...args: unknown[]) => void)[]
    http.removeAllListeners('request')
    http.on('request', (...args: unknown[]) =>
      inRequest.run(true, () => handlers.forEach((handler) => handler.apply(http, args))),
    )
  })
  afterAll(() => quiet?.close())

  /** The text of every statement a request runs on the server's database while `work` runs. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const db = quiet.built.context.db
    const statements: string[] = []
    const recording = (inner: Queryable): Queryable => ({
      query: (text, params, options) => {
        if (inRequest.getStore()) statements.push(text)
        return inner.query(text, params, options)
      },
      exec: (script) => inner.exec(script),
    })
    const { query, transaction } = db
    db.query = recording({ query: query.bind(db), exec: db.exec.bind(db) }).query as typeof db.query
    db.transaction = ((run: (tx: Queryable) => Promise<unknown>) =>
      transaction.call(db, (tx) => run(recording(tx)))) as typeof db.transaction
    try {
      await work()
    } finally {
      db.query = query
      db.transaction = transaction
    }
    return statements
  }

  test('the same statements run, in the same order, up to and including the failure that starts a lockout', async () => {
    const token = await quiet.token()
    const { user } = await quiet.member(token)
    for (let i = 0; i < 3; i += 1) {
      // The server's background work (note folds, the mail outbox) may run meanwhile.
      const background = () => quiet.built.context.db.query('SELECT count(*) FROM users')
      const known = await statementsOf(() =>
        Promise.all([quiet.login(user.username, `wrong-${i}`), background()]),
      )
      const unknown = await statementsOf(() => quiet.login(`nobody-${user.username}`, `wrong-${i}`))
      expect(known.length).toBeGreaterThan(0)
      expect(unknown).toEqual(known)
    }
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
