import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  SECOND_STEP_ACCOUNT_CEILING,
  SECOND_STEP_PAUSE_SECONDS,
} from '../../server/src/db/second-step-failures'
import { postFrom } from './support/addresses'
import { codeOf, enrol, STEP_MS } from './support/second-factor'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 54, A: the second step of a sign-in is bounded per account, across every address, not
 * only per address; it is slowed as the password step is; and its token serves only the
 * address whose password step made it, and no try beyond the tries that address is allowed.
 * Time is moved by backdating the rows that hold it, never by waiting.
 */

const MAX_FAILURES = 3
const SIGN_IN_ENDED = 'This sign-in has expired or ended. Sign in again.'

let server: TestServer
let admin: string
/** A fresh loopback address per use: each is a client never seen before. */
let lastAddress = 0
const newAddress = () => {
  lastAddress += 1
  return `127.0.${3 + Math.floor(lastAddress / 250)}.${1 + (lastAddress % 250)}`
}

beforeAll(async () => {
  server = await startServer({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) })
  admin = await server.token()
})
afterAll(() => server?.close())

/** A member with two-step sign-in on: name, password, secret and recovery codes. */
async function enrolledMember() {
  const { user, password, grant } = await server.signedInMember(admin)
  return { user, password, ...(await enrol(server, grant.accessToken)) }
}

/** The mfaToken of a right password sent from `from`. */
async function mfaTokenFrom(from: string, username: string, password: string): Promise<string> {
  const reply = await postFrom(server.url, from, '/auth/login', { username, password })
  expect(reply.body.code, JSON.stringify(reply.body)).toBe('mfa_required')
  return reply.body.mfaToken
}

const secondStepFrom = (from: string, body: Record<string, string>) =>
  postFrom(server.url, from, '/auth/mfa', body)

const wrongCodeOf = (secret: string) => codeOf(secret, Date.now() + 5 * STEP_MS)

describe('a ceiling per account, across every address', () => {
  test(`${SECOND_STEP_ACCOUNT_CEILING} wrong codes or recovery codes pause the account's second step for everyone; the owner is told at the next sign-in`, async () => {
    const { user, password, secret } = await enrolledMember()
    for (let at = 0; at < SECOND_STEP_ACCOUNT_CEILING; at += 1) {
      const from = newAddress()
      const mfaToken = await mfaTokenFrom(from, user.username, password)
      // Recovery codes count as codes do.
      const guess: Record<string, string> =
        at % 2 ? { recoveryCode: `wrong-${at}aaaa` } : { code: wrongCodeOf(secret) }
      expect((await secondStepFrom(from, { mfaToken, ...guess })).status).toBe(401)
    }
    // An address never seen, and the owner's own, are refused alike, even the right code.
    for (const from of [newAddress(), '127.0.0.1']) {
      const mfaToken = await mfaTokenFrom(from, user.username, password)
      const paused = await secondStepFrom(from, { mfaToken, code: codeOf(secret) })
      expect(paused.status).toBe(429)
      expect(paused.body.message).toMatch(/^Too many wrong codes for this account/)
      expect(Number(paused.retryAfter)).toBeGreaterThan(SECOND_STEP_PAUSE_SECONDS - 60)
      // The token does not outlive its refusal.
      const again = await secondStepFrom(from, { mfaToken, code: codeOf(secret) })
      expect(again.body.message).toBe(SIGN_IN_ENDED)
    }
    await server.built.context.db.query(
      `UPDATE second_step_pauses SET paused_until = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    )
    const mfaToken = await mfaTokenFrom('127.0.0.1', user.username, password)
    const signedIn = await secondStepFrom('127.0.0.1', { mfaToken, code: codeOf(secret) })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.failedSecondSteps).toBe(SECOND_STEP_ACCOUNT_CEILING)
    const [login] = await server.built.context.db.query<{ changes: Record<string, unknown> }>(
      `SELECT changes FROM audit_log WHERE action = 'session.login' AND target_id = $1`,
      [signedIn.body.sessionId],
    )
    expect(login!.changes).toMatchObject({ failedSecondSteps: SECOND_STEP_ACCOUNT_CEILING })
    // Told once: the next sign-in has nothing to tell.
    const next = await secondStepFrom('127.0.0.1', {
      mfaToken: await mfaTokenFrom('127.0.0.1', user.username, password),
      code: codeOf(secret, Date.now() + STEP_MS),
    })
    expect(next.status).toBe(200)
    expect(next.body.failedSecondSteps).toBeUndefined()
  })

  test('after a pause the ceiling starts anew, and the next pause is twice as long', async () => {
    const { user, password, secret } = await enrolledMember()
    const failFrom = async (from: string) => {
      const mfaToken = await mfaTokenFrom(from, user.username, password)
      return secondStepFrom(from, { mfaToken, code: wrongCodeOf(secret) })
    }
    /** A minute on: the pause has ended, its wrong codes are within the window still. */
    const pauseEnds = async () => {
      const db = server.built.context.db
      await db.query(
        `UPDATE second_step_pauses SET paused_until = now() - interval '1 second' WHERE user_id = $1`,
        [user.id],
      )
      await db.query(
        `UPDATE second_step_failures SET failed_at = failed_at - interval '1 minute' WHERE user_id = $1`,
        [user.id],
      )
    }
    for (let at = 0; at < SECOND_STEP_ACCOUNT_CEILING; at += 1) await failFrom(newAddress())
    expect((await failFrom(newAddress())).status).toBe(429)
    await pauseEnds()
    // The wrong codes before the pause, within the window still, count no more.
    for (let at = 1; at < SECOND_STEP_ACCOUNT_CEILING; at += 1) {
      expect((await failFrom(newAddress())).status).toBe(401)
    }
    expect((await failFrom(newAddress())).status).toBe(401)
    const paused = await failFrom(newAddress())
    expect(paused.status).toBe(429)
    expect(Number(paused.retryAfter)).toBeGreaterThan(2 * SECOND_STEP_PAUSE_SECONDS - 60)
  })

  test('wrong codes older than the window do not count toward the ceiling', async () => {
    const { user, password, secret } = await enrolledMember()
    const fail = async () => {
      const from = newAddress()
      const mfaToken = await mfaTokenFrom(from, user.username, password)
      expect((await secondStepFrom(from, { mfaToken, code: wrongCodeOf(secret) })).status).toBe(401)
    }
    for (let at = 1; at < SECOND_STEP_ACCOUNT_CEILING; at += 1) await fail()
    await server.built.context.db.query(
      `UPDATE second_step_failures SET failed_at = now() - interval '16 minutes' WHERE user_id = $1`,
      [user.id],
    )
    await fail()
    const from = newAddress()
    const mfaToken = await mfaTokenFrom(from, user.username, password)
    const signedIn = await secondStepFrom(from, { mfaToken, code: codeOf(secret) })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.failedSecondSteps).toBe(SECOND_STEP_ACCOUNT_CEILING)
  })
})

describe('the slow-down of the password step applies to codes', () => {
  test('an address that has just failed, while others fail too, waits before its next code; nothing is spent meanwhile', async () => {
    const { user, password, secret } = await enrolledMember()
    const [first, second] = [newAddress(), newAddress()]
    const firstToken = await mfaTokenFrom(first, user.username, password)
    const secondToken = await mfaTokenFrom(second, user.username, password)
    const wrong = wrongCodeOf(secret)
    expect((await secondStepFrom(first, { mfaToken: firstToken, code: wrong })).status).toBe(401)
    expect((await secondStepFrom(second, { mfaToken: secondToken, code: wrong })).status).toBe(401)
    const slowed = await secondStepFrom(first, { mfaToken: firstToken, code: codeOf(secret) })
    expect(slowed.status).toBe(429)
    expect(Number(slowed.retryAfter)).toBeGreaterThan(0)
    await server.built.context.db.query(
      `UPDATE sign_in_failures SET last_failed_at = now() - interval '1 minute'
       WHERE name = lower($1)`,
      [user.username],
    )
    const heard = await secondStepFrom(first, { mfaToken: firstToken, code: codeOf(secret) })
    expect(heard.status).toBe(200)
  })
})

describe('a second-step token', () => {
  test('serves only the address whose password step made it', async () => {
    const { user, password, secret } = await enrolledMember()
    const [own, other] = [newAddress(), newAddress()]
    const mfaToken = await mfaTokenFrom(own, user.username, password)
    const elsewhere = await secondStepFrom(other, { mfaToken, code: codeOf(secret) })
    expect(elsewhere.status).toBe(401)
    expect(elsewhere.body.message).toBe(SIGN_IN_ENDED)
    expect((await secondStepFrom(own, { mfaToken, code: codeOf(secret) })).status).toBe(200)
  })

  test('is spent by a try beyond those its address is allowed', async () => {
    const { user, password, secret } = await enrolledMember()
    const from = newAddress()
    const mfaToken = await mfaTokenFrom(from, user.username, password)
    for (let at = 0; at < MAX_FAILURES; at += 1) {
      expect((await secondStepFrom(from, { mfaToken, code: wrongCodeOf(secret) })).status).toBe(401)
    }
    // Locked out at this address: the right code is refused, and the token with it.
    expect((await secondStepFrom(from, { mfaToken, code: codeOf(secret) })).status).toBe(401)
    await server.built.context.db.query(
      `UPDATE sign_in_failures SET blocked_until = now() - interval '1 second', last_failed_at = now() - interval '1 minute'
       WHERE name = lower($1)`,
      [user.username],
    )
    const after = await secondStepFrom(from, { mfaToken, code: codeOf(secret) })
    expect(after.status).toBe(401)
    expect(after.body.message).toBe(SIGN_IN_ENDED)
  })
})
