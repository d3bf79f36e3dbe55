import { Secret, TOTP } from 'otpauth'
import type { TestServer } from './server'

/** The code an authenticator app shows for `secret` at `timestamp` (now by default). */
export function codeOf(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp })
}

/** One step of TOTP (30 s), for codes of other steps than now's. */
export const STEP_MS = 30_000

/**
 * Waits for the next step when this one ends within `STEP_MARGIN_MS`: the server takes a code of
 * one step either side of its own, so a code of the step before now's, checked after the step
 * turned, would be two steps old.
 */
const STEP_MARGIN_MS = 2_000
async function clearOfStepEnd(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS)
  if (left < STEP_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 10))
}

/**
 * Turns on two-step sign-in for the user of `token`, as the avatar menu does: the secret and
 * the recovery codes it answered. Its first code is of the step before now's, so that a test
 * may sign in with now's code right after.
 */
export async function enrol(
  server: TestServer,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const begun = await server.request('POST', '/auth/second-factor', { token })
  if (begun.status !== 200) throw new Error(`enrolment refused: ${JSON.stringify(begun.body)}`)
  const { secret } = begun.body as { secret: string }
  await clearOfStepEnd()
  const confirmed = await server.request('POST', '/auth/second-factor/confirm', {
    token,
    body: { code: codeOf(secret, Date.now() - STEP_MS) },
  })
  if (confirmed.status !== 200)
    throw new Error(`enrolment not confirmed: ${JSON.stringify(confirmed.body)}`)
  return { secret, recoveryCodes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes }
}

/** The mfaToken of a sign-in whose password is right, for a user with a second factor. */
export async function mfaTokenOf(
  server: TestServer,
  username: string,
  password: string,
): Promise<string> {
  const reply = await server.login(username, password)
  if (reply.status !== 401 || reply.body.code !== 'mfa_required')
    throw new Error(`no second step asked: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.mfaToken as string
}
