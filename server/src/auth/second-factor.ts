import { randomInt } from 'node:crypto'
import type { Queryable } from '../db/database'
import {
  confirmSecondFactor,
  lockSecondFactor,
  replaceRecoveryCodes,
  spendRecoveryCode,
  spendStep,
  startEnrolment,
} from '../db/second-factors'
import { secretBoxOf } from './secret-box'
import { hashToken, type SigningKey } from './tokens'
import { newTotpSecret, otpauthUri, stepOfCode } from './totp'

/** What a code of the user's second factor turned out to be. */
export type SecondFactorCheck = 'ok' | 'wrong' | 'not-enrolled'

/** The sealed secret is bound to its user: a value copied to another row does not open. */
const secretContext = (userId: number) => `user:${userId}`

/**
 * Checks a code of the user's confirmed factor and spends it: six digits are a current code of
 * the app, within one step either side of now (that code, and any older one, is refused from
 * then on); anything else is one of the recovery codes, each used once. Meant for the
 * transaction that acts on the answer; the factor's row stays locked until it ends.
 */
export async function verifySecondFactor(
  tx: Queryable,
  signingKey: SigningKey,
  userId: number,
  code: string,
): Promise<SecondFactorCheck> {
  const factor = await lockSecondFactor(tx, userId)
  if (!factor?.confirmed) return 'not-enrolled'
  const digits = code.replace(/\s/g, '')
  const right = /^\d{6}$/.test(digits)
    ? await spendCode(tx, signingKey, userId, factor, digits)
    : await verifyRecoveryCode(tx, userId, code)
  return right ? 'ok' : 'wrong'
}

async function spendCode(
  tx: Queryable,
  signingKey: SigningKey,
  userId: number,
  factor: { secret: string; last_step: string | null },
  code: string,
): Promise<boolean> {
  const secret = secretBoxOf(signingKey).open(factor.secret, secretContext(userId))
  if (secret === undefined || !/^\d{6}$/.test(code)) return false
  const step = stepOfCode(secret, code)
  if (step === undefined) return false
  if (factor.last_step !== null && step <= Number(factor.last_step)) return false
  await spendStep(tx, userId, step)
  return true
}

/** Uses one of the user's recovery codes, typed in any case, with or without its dash. */
export async function verifyRecoveryCode(
  tx: Queryable,
  userId: number,
  code: string,
): Promise<boolean> {
  return spendRecoveryCode(tx, userId, hashToken(normalRecoveryCode(code)))
}

/** What an authenticator app needs to add the account: shown once, during enrolment. */
export interface EnrolmentSecret {
  secret: string
  otpauthUri: string
}

/** A new secret for the user, awaiting its first code; undefined when one is confirmed already. */
export async function beginEnrolment(
  tx: Queryable,
  signingKey: SigningKey,
  user: { id: number; username: string },
): Promise<EnrolmentSecret | undefined> {
  const secret = newTotpSecret()
  const sealed = secretBoxOf(signingKey).seal(secret, secretContext(user.id))
  if (!(await startEnrolment(tx, user.id, sealed))) return undefined
  return { secret, otpauthUri: otpauthUri(secret, user.username) }
}

/**
 * The first code of an enrolment: right, the factor counts and the user's ten recovery codes are
 * answered, this once (only their hashes are kept); wrong, or no enrolment begun: undefined.
 */
export async function confirmEnrolment(
  tx: Queryable,
  signingKey: SigningKey,
  userId: number,
  code: string,
): Promise<string[] | undefined> {
  const factor = await lockSecondFactor(tx, userId)
  if (!factor || factor.confirmed) return undefined
  if (!(await spendCode(tx, signingKey, userId, factor, code))) return undefined
  await confirmSecondFactor(tx, userId)
  return newRecoveryCodes(tx, userId)
}

/**
 * Ten new recovery codes for a user whose factor is on, in place of every old one, used or not
 * (issue 56): answered this once; undefined when the factor is not on.
 */
export async function regenerateRecoveryCodes(
  tx: Queryable,
  userId: number,
): Promise<string[] | undefined> {
  const factor = await lockSecondFactor(tx, userId)
  if (!factor?.confirmed) return undefined
  return newRecoveryCodes(tx, userId)
}

/** Replaces the user's recovery codes by RECOVERY_CODE_COUNT new ones; only their hashes are kept. */
async function newRecoveryCodes(tx: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((recoveryCode) => hashToken(normalRecoveryCode(recoveryCode))),
  )
  return codes
}

const RECOVERY_CODE_COUNT = 10
/** No 0/o, 1/l/i: a code is read off paper. 10 characters of 31: about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/**
 * Random and long enough that SHA-256 keeps them as safe as a slow hash would (none can be
 * guessed from its hash), and a code typed is found by its hash alone: no per-code salt to try.
 */
function newRecoveryCode(): string {
  const characters = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  )
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`
}

const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')
