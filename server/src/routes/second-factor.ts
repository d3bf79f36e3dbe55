import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { endpoints, type enrolmentSecretSchema } from '@shared/contract'
import { countFailedSignIn } from '../auth/failed-sign-in'
import {
  beginEnrolment,
  confirmEnrolment,
  regenerateRecoveryCodes,
  verifyRecoveryCode,
  verifySecondFactor,
} from '../auth/second-factor'
import { MAX_CODE_FAILURES, mustHaveSecondFactor } from '../auth/second-step'
import { requireRecentReauth } from '../auth/reauth'
import { grantOf, startSession } from '../auth/sign-in'
import { hashToken } from '../auth/tokens'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'
import { hasSecondFactor, removeSecondFactor, unusedRecoveryCodes } from '../db/second-factors'
import {
  endChallenge,
  failChallenge,
  lockChallenge,
  type ChallengePurpose,
} from '../db/sign-in-challenges'
import {
  recordSecondStepFailure,
  SECOND_STEP_ACCOUNT_CEILING,
  secondStepPausedUntil,
} from '../db/second-step-failures'
import { signInGate } from '../db/sign-in-failures'
import { findUser, type UserRow } from '../db/users'
import {
  badRequest,
  conflict,
  forbidden,
  tooManyAttempts,
  tooManyRequests,
  unauthorized,
  type ApiError,
} from '../errors'
import { resource } from './serve'

/** Second steps per address and minute: a code is 6 digits, and the lockout counts as well. */
const SECOND_STEP_RATE_LIMIT_PER_MINUTE = 30

/** A refusal may tell when to try again (Retry-After). */
type Outcome<T> = { ok: T } | { refusal: ApiError; retryAfter?: number }

const secondsUntil = (end: Date) => Math.max(1, Math.ceil((end.getTime() - Date.now()) / 1000))

/** The second step of a sign-in, and the caller's own second factor. */
export const secondFactorRoutes = resource(({ serve, servePublic }, ctx) => {
  const { db, signingKey } = ctx
  const rateLimit = {
    rateLimit: {
      max: Math.max(
        SECOND_STEP_RATE_LIMIT_PER_MINUTE,
        ctx.config.loginRateLimitPerAddressPerMinute,
      ),
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => request.ip,
    },
  }

  /**
   * Runs `step` for the live challenge of `token` made at this address, in one transaction
   * with it locked. The limits of the password step apply first: an address slowed down is
   * answered 429 and spends nothing; one locked out, or an account whose second step is paused
   * (a code's challenge: second-step-failures.ts), ends the challenge unheard. A wrong code
   * counts toward the challenge's end, the lockout of the name at this address and, for a code
   * of the factor, the ceiling of the account. A refusal is answered after the transaction, so
   * that what counts it is committed.
   */
  async function withChallenge<T>(
    token: string,
    purpose: ChallengePurpose,
    request: FastifyRequest,
    reply: FastifyReply,
    step: (tx: Queryable, user: UserRow) => Promise<T | 'wrong'>,
    wrong: 'wrong_code' | 'wrong_recovery_code',
  ): Promise<T> {
    const tokenHash = hashToken(token)
    const outcome: Outcome<T> = await db.transaction(async (tx) => {
      const challenge = await lockChallenge(tx, tokenHash, purpose, request.ip)
      const user = challenge && (await findUser(tx, challenge.userId))
      if (!user) return { refusal: unauthorized('sign_in_ended') }
      if (user.is_locked || !user.is_active) {
        await endChallenge(tx, tokenHash)
        return { refusal: unauthorized('sign_in_ended') }
      }
      const pausedUntil = purpose === 'code' ? await secondStepPausedUntil(tx, user.id) : null
      if (pausedUntil) {
        await endChallenge(tx, tokenHash)
        const wait = secondsUntil(pausedUntil)
        return {
          refusal: tooManyRequests('second_step_paused', { minutes: Math.ceil(wait / 60) }),
          retryAfter: wait,
        }
      }
      const gate = await signInGate(tx, user.username, request.ip)
      if (gate.blockedUntil === null && gate.waitSeconds > 0) {
        return { refusal: tooManyAttempts(gate.waitSeconds), retryAfter: gate.waitSeconds }
      }
      const blocked = gate.blockedUntil !== null
      const answer = blocked ? 'wrong' : await step(tx, user)
      if (answer !== 'wrong') return { ok: answer }
      if (blocked) await endChallenge(tx, tokenHash)
      else await failChallenge(tx, tokenHash, MAX_CODE_FAILURES)
      await countFailedSignIn(ctx, tx, {
        name: user.username,
        typed: user.username,
        address: request.ip,
        accountId: user.id,
        blocked,
        step: 'code',
      })
      if (purpose === 'code' && !blocked) await countAgainstAccount(tx, user)
      return { refusal: unauthorized(wrong) }
    })
    if ('refusal' in outcome) {
      if (outcome.retryAfter) reply.header('retry-after', String(outcome.retryAfter))
      throw outcome.refusal
    }
    return outcome.ok
  }

  /** A wrong code of the account's factor, from any address; the one that pauses it is audited. */
  async function countAgainstAccount(tx: Queryable, user: UserRow): Promise<void> {
    const pausedUntil = await recordSecondStepFailure(tx, user.id)
    if (!pausedUntil) return
    await writeAudit(tx, {
      actor: null,
      action: 'user.second_step_paused',
      targetType: 'user',
      targetId: user.id,
      changes: { until: pausedUntil.toISOString(), failures: SECOND_STEP_ACCOUNT_CEILING },
    })
  }

  servePublic(
    endpoints.signInSecondStep,
    async ({ body, request, reply }) => {
      const recovery = 'recoveryCode' in body
      const signedIn = await withChallenge(
        body.mfaToken,
        'code',
        request,
        reply,
        async (tx, user) => {
          const right = recovery
            ? await verifyRecoveryCode(tx, user.id, body.recoveryCode)
            : (await verifySecondFactor(tx, signingKey, user.id, body.code)) === 'ok'
          if (!right) return 'wrong'
          await endChallenge(tx, hashToken(body.mfaToken))
          return startSession(ctx, tx, user, request, {
            secondStep: recovery ? 'recovery code' : 'code',
          })
        },
        recovery ? 'wrong_recovery_code' : 'wrong_code',
      )
      return grantOf(
        ctx,
        signedIn.signedIn,
        signedIn.session.sessionId,
        signedIn.session.refreshToken,
        signedIn.failedSecondSteps,
      )
    },
    rateLimit,
  )

  servePublic(
    endpoints.beginSignInEnrolment,
    async ({ body, request }) => {
      const outcome: Outcome<z.infer<typeof enrolmentSecretSchema>> = await db.transaction(
        async (tx) => {
          const challenge = await lockChallenge(
            tx,
            hashToken(body.enrolmentToken),
            'enrolment',
            request.ip,
          )
          const user = challenge && (await findUser(tx, challenge.userId))
          if (!user) return { refusal: unauthorized('sign_in_ended') }
          const secret = await beginEnrolment(tx, signingKey, user)
          if (!secret) return { refusal: conflict('second_factor_already_on') }
          await auditEnrolment(tx, user, 'user.second_factor_enrol_begin')
          return { ok: secret }
        },
      )
      if ('refusal' in outcome) throw outcome.refusal
      return outcome.ok
    },
    rateLimit,
  )

  servePublic(
    endpoints.confirmSignInEnrolment,
    async ({ body, request, reply }) => {
      const done = await withChallenge(
        body.enrolmentToken,
        'enrolment',
        request,
        reply,
        async (tx, user) => {
          const recoveryCodes = await confirmEnrolment(tx, signingKey, user.id, body.code)
          if (!recoveryCodes) return 'wrong'
          await endChallenge(tx, hashToken(body.enrolmentToken))
          await auditEnrolment(tx, user, 'user.second_factor_enrol')
          return { recoveryCodes, ...(await startSession(ctx, tx, user, request)) }
        },
        'wrong_code',
      )
      const grant = await grantOf(
        ctx,
        done.signedIn,
        done.session.sessionId,
        done.session.refreshToken,
        done.failedSecondSteps,
      )
      return { ...grant, recoveryCodes: done.recoveryCodes }
    },
    rateLimit,
  )

  serve(endpoints.getOwnSecondFactor, async ({ caller }) => {
    return {
      enrolled: await hasSecondFactor(db, caller.id),
      required: await mustHaveSecondFactor(ctx, db, caller.id),
      recoveryCodesLeft: await unusedRecoveryCodes(db, caller.id),
    }
  })

  serve(endpoints.beginOwnEnrolment, async ({ caller }) => {
    // Proves the password: a session holder alone neither adds a factor the owner does not
    // know of nor, enrolled, makes the session one that administers (guard.ts).
    await requireRecentReauth(db, caller)
    const secret = await db.transaction(async (tx) => {
      const begun = await beginEnrolment(tx, signingKey, caller)
      if (begun) await auditEnrolment(tx, caller, 'user.second_factor_enrol_begin')
      return begun
    })
    if (!secret) throw conflict('second_factor_already_on')
    return secret
  })

  serve(endpoints.confirmOwnEnrolment, async ({ body, caller }) => {
    const recoveryCodes = await db.transaction(async (tx) => {
      const codes = await confirmEnrolment(tx, signingKey, caller.id, body.code)
      if (codes) await auditEnrolment(tx, caller, 'user.second_factor_enrol')
      return codes
    })
    if (!recoveryCodes) throw badRequest('wrong_code')
    return { recoveryCodes }
  })

  serve(endpoints.regenerateOwnRecoveryCodes, async ({ caller }) => {
    // The codes open the account as its factor does: the password (and a code) first.
    await requireRecentReauth(db, caller)
    const recoveryCodes = await db.transaction(async (tx) => {
      const codes = await regenerateRecoveryCodes(tx, caller.id)
      if (codes)
        await writeAudit(tx, {
          actor: caller,
          action: 'user.recovery_codes_regenerate',
          targetType: 'user',
          targetId: caller.id,
        })
      return codes
    })
    if (!recoveryCodes) throw conflict('second_factor_not_on')
    return { recoveryCodes }
  })

  serve(endpoints.disableOwnSecondFactor, async ({ body, caller }) => {
    if (await mustHaveSecondFactor(ctx, db, caller.id))
      throw forbidden('second_factor_required_by_policy')
    await requireRecentReauth(db, caller)
    const refusal = await db.transaction(async (tx) => {
      const check = await verifySecondFactor(tx, signingKey, caller.id, body.code)
      if (check === 'not-enrolled') return conflict('second_factor_not_on')
      if (check === 'wrong') return badRequest('wrong_code')
      await removeSecondFactor(tx, caller.id)
      await writeAudit(tx, {
        actor: caller,
        action: 'user.second_factor_disable',
        targetType: 'user',
        targetId: caller.id,
      })
      return undefined
    })
    if (refusal) throw refusal
  })
})

/** Starting to turn it on, and turning it on, are audited; the secret never is. */
function auditEnrolment(
  tx: Queryable,
  user: { id: number; username: string },
  action: 'user.second_factor_enrol_begin' | 'user.second_factor_enrol',
) {
  return writeAudit(tx, {
    actor: { id: user.id, username: user.username },
    action,
    targetType: 'user',
    targetId: user.id,
  })
}
