import type { RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  changePasswordSchema,
  loginRequestSchema,
  PASSWORD_CHANGE_REQUIRED,
  loginResponseSchema,
  reauthRequestSchema,
  meResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '@shared/contract'
import { authenticate, type Caller } from '../auth/guard'
import { assertAcceptablePassword } from '../auth/password-rules'
import { markReauthenticated } from '../auth/reauth'
import { verifySecondFactor } from '../auth/second-factor'
import { checkPassword, decoyHash, hashPassword, verifyPassword } from '../auth/passwords'
import { countFailedSignIn } from '../auth/failed-sign-in'
import { createSecondStep } from '../auth/second-step'
import { revokeSession, revokeUserSessions, rotateRefreshToken } from '../auth/sessions'
import { clientOf, grantOf, sessionLifetimeOf, startSession } from '../auth/sign-in'
import { hashToken, newSecret } from '../auth/tokens'
import { countWrongAttempt } from '../auth/wrong-password'
import type { ServerContext } from '../context'
import { effectiveRoleNames } from '../db/access'
import { writeAudit } from '../db/audit'
import { findSignInAccount, replaceOutdatedHash } from '../db/logins'
import {
  consumeResetToken,
  issueResetToken,
  resetTokenUser,
  retireResetTokens,
} from '../db/reset-tokens'
import { forgetFailedSignInsAt, pruneFailedSignIns, signInGate } from '../db/sign-in-failures'
import { mustChangePassword, spendTemporaryPassword } from '../db/temporary-passwords'
import { findUser, passwordHashOf, setPassword, toUser, type UserRow } from '../db/users'
import { ApiError, badRequest, forbidden, tooManyAttempts, unauthorized } from '../errors'
import { route } from './define'

const INVALID_CREDENTIALS = 'Invalid username or password'
const INVALID_RESET_LINK =
  'This password reset link is invalid, used or expired. Ask an administrator for a new one.'
const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'This is a temporary password: choose a new password to finish signing in.'
const TEMPORARY_PASSWORD_SPENT =
  'This temporary password has already been used. Ask an administrator for a new one.'
const SAME_AS_TEMPORARY = 'The new password must be different from the temporary password.'
const WRONG_CURRENT_PASSWORD = 'The current password is not correct.'
const WRONG_REAUTH_PASSWORD = 'The password is not correct.'
const WRONG_REAUTH_CODE = 'The code is not correct.'

/** How long the sign-in with a temporary password leaves to choose the new one. */
const PASSWORD_CHANGE_TOKEN_TTL_SECONDS = 30 * 60

/** Counts of failed sign-ins that matter no more are dropped once per this many failures. */
const PRUNE_EVERY_FAILURES = 1000

/** A limit per client address and minute; the answer is a 429 with Retry-After. */
function rateLimit(max: number): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, `Too many attempts. Try again in ${context.after}.`),
    },
  }
}

export function authRoutes(ctx: ServerContext) {
  const { config, db } = ctx
  const lifetime = sessionLifetimeOf(ctx)

  /** Refuses a new password the rules do not accept for the user who is to hold it. */
  async function assertAcceptableFor(userId: number, newPassword: string) {
    const holder = await findUser(db, userId)
    if (holder) {
      assertAcceptablePassword(newPassword, holder, config.passwordMinLength, 'newPassword')
    }
  }
  let failuresSincePrune = 0
  const secondStep = createSecondStep(ctx)

  /** The signed-in caller's own change: the session it is made with stays, every other ends. */
  async function changeOwnPassword(
    request: FastifyRequest,
    currentPassword: string,
    newPassword: string,
  ) {
    const caller = (await authenticate(ctx, request, 'session'))!
    const stored = await passwordHashOf(db, caller.id)
    // A 400, not a 401: the session is fine, only the password typed is not.
    if (!stored || !(await verifyPassword(currentPassword, stored))) {
      throw badRequest(WRONG_CURRENT_PASSWORD)
    }
    await assertAcceptableFor(caller.id, newPassword)
    const passwordHash = await hashPassword(newPassword)
    await db.transaction(async (tx) => {
      await setPassword(tx, caller.id, passwordHash)
      await retireResetTokens(tx, caller.id)
      const ended = await revokeUserSessions(tx, caller.id, caller.sessionId)
      await writeAudit(tx, {
        actor: caller,
        action: 'user.password_change',
        targetType: 'user',
        targetId: caller.id,
        changes: { otherSessionsEnded: ended.length },
      })
    })
  }

  /**
   * A re-authentication refused: counted toward the lockout of the caller's name, as a sign-in
   * (one already locked out is answered 429 before any password is checked).
   */
  async function refuseReauth(caller: Caller, request: FastifyRequest) {
    await db.transaction((tx) =>
      countWrongAttempt(ctx, tx, {
        name: caller.username,
        typed: caller.username,
        address: request.ip,
        userId: caller.id,
        blocked: false,
        failure: {
          actor: caller,
          action: 'session.reauth_failed',
          targetType: 'session',
          targetId: caller.sessionId,
          changes: { address: request.ip },
        },
      }),
    )
  }

  const grant = (user: UserRow, sessionId: string, refreshToken: string) =>
    grantOf(ctx, user, sessionId, refreshToken)

  return [
    route({
      method: 'POST',
      url: '/auth/login',
      operationId: 'signIn',
      summary:
        'Sign in with a username or email address and a password. A temporary password set by an administrator signs in once and makes no session: the answer is a 403 with code password_change_required and a passwordChangeToken for PUT /auth/change-password (valid 30 minutes); a second sign-in with it is a plain 403. A user with a second factor is answered 401 with code mfa_required and an mfaToken for POST /auth/mfa (valid 5 minutes); a user who must have one and has none (MFA_REQUIRED) is answered 401 with code mfa_enrolment_required and an enrolmentToken for POST /auth/mfa/enrolment',
      tag: 'auth',
      access: 'public',
      body: loginRequestSchema,
      response: loginResponseSchema,
      errors: [403, 429],
      // Per address across every username, so that one address cannot spray passwords (kept by
      // each process); the lockouts and waits of a name at an address are apart from it, kept
      // in the database (see sign-in-failures.ts).
      rateLimit: rateLimit(config.loginRateLimitPerAddressPerMinute),
      async handler({ body, request, reply }) {
        const account = await findSignInAccount(db, body.username)
        // Counted under the account's username, or under the name typed when no account has
        // it: the same statements and the same hashing either way, so that nothing tells.
        const name = account?.username ?? body.username
        const gate = await signInGate(db, name, request.ip)
        if (gate.waitSeconds > 0) {
          reply.header('retry-after', String(gate.waitSeconds))
          throw tooManyAttempts(gate.waitSeconds)
        }
        const { valid, outdated } = await checkPassword(body.password, account?.password_hash)
        const blocked = gate.blockedUntil !== null
        if (!account || !valid || blocked) {
          await db.transaction((tx) =>
            countFailedSignIn(ctx, tx, {
              name,
              typed: body.username,
              address: request.ip,
              accountId: account?.id ?? null,
              blocked,
            }),
          )
          if (++failuresSincePrune >= PRUNE_EVERY_FAILURES) {
            failuresSincePrune = 0
            // Housekeeping: not this answer's business, nor its failure.
            pruneFailedSignIns(db).catch((error: unknown) =>
              request.log.warn({ err: error }, 'old sign-in failures not pruned'),
            )
          }
          throw unauthorized(INVALID_CREDENTIALS)
        }
        if (outdated) {
          const passwordHash = await hashPassword(body.password)
          await replaceOutdatedHash(db, account.id, account.password_hash, passwordHash)
        }
        if (account.is_locked)
          throw forbidden('This account is locked. Ask an administrator to unlock it.')
        if (!account.is_active)
          throw forbidden('This account is inactive. Ask an administrator to activate it.')
        if (account.must_change_password) {
          // No session: only a token that sets the new password, once, with this sign-in.
          const changeToken = newSecret()
          const spent = await db.transaction(async (tx) => {
            if (!(await spendTemporaryPassword(tx, account.id))) return false
            await issueResetToken(
              tx,
              account.id,
              hashToken(changeToken),
              PASSWORD_CHANGE_TOKEN_TTL_SECONDS,
            )
            await writeAudit(tx, {
              actor: { id: account.id, username: account.username },
              action: 'session.password_change_required',
              targetType: 'user',
              targetId: account.id,
              changes: { address: request.ip },
            })
            return true
          })
          if (!spent) throw forbidden(TEMPORARY_PASSWORD_SPENT)
          throw new ApiError(403, PASSWORD_CHANGE_REQUIRED_MESSAGE, undefined, {
            code: PASSWORD_CHANGE_REQUIRED,
            passwordChangeToken: changeToken,
          })
        }
        await secondStep.demandOf(account, request.ip)
        const { signedIn, session, failedSecondSteps } = await db.transaction((tx) =>
          startSession(ctx, tx, account, request),
        )
        return grantOf(ctx, signedIn, session.sessionId, session.refreshToken, failedSecondSteps)
      },
    }),

    route({
      method: 'POST',
      url: '/auth/refresh',
      operationId: 'refreshSession',
      summary: 'Exchange a refresh token for a new access token and a new refresh token',
      tag: 'auth',
      access: 'public',
      body: refreshRequestSchema,
      response: refreshResponseSchema,
      errors: [429],
      rateLimit: rateLimit(config.refreshRateLimitPerMinute),
      async handler({ body, request }) {
        const outcome = await db.transaction(async (tx) => {
          const rotation = await rotateRefreshToken(
            tx,
            ctx.signingKey,
            body.refreshToken,
            lifetime,
            clientOf(request),
          )
          if (rotation.kind === 'invalid') return { rotation }
          if (rotation.kind === 'reused') {
            await writeAudit(tx, {
              actor: null,
              action: 'session.refresh_reuse',
              targetType: 'session',
              targetId: rotation.sessionId,
              changes: { userId: rotation.userId },
            })
            return { rotation }
          }
          const user = await findUser(tx, rotation.userId)
          if (!user || !user.is_active || user.is_locked) {
            await revokeSession(tx, rotation.sessionId)
            return { rotation: { kind: 'invalid' as const } }
          }
          return { rotation, user }
        })
        if (outcome.rotation.kind !== 'rotated' || !outcome.user) {
          throw unauthorized('Session expired')
        }
        return {
          response: await grant(
            outcome.user,
            outcome.rotation.sessionId,
            outcome.rotation.refreshToken,
          ),
        }
      },
    }),

    route({
      method: 'GET',
      url: '/auth/me',
      operationId: 'getCurrentUser',
      summary:
        'The signed-in user, the active roles they hold and their permissions (sorted): what they may do',
      tag: 'auth',
      access: 'session',
      response: meResponseSchema,
      async handler({ caller }) {
        const user = await findUser(db, caller.id)
        if (!user) throw unauthorized('Session has ended. Sign in again.')
        return {
          ...toUser(user),
          roles: await effectiveRoleNames(db, user.id),
          permissions: caller.permissions,
        }
      },
    }),

    route({
      method: 'POST',
      url: '/auth/logout',
      operationId: 'signOut',
      summary: 'End the current session',
      tag: 'auth',
      access: 'session',
      status: 204,
      async handler({ caller }) {
        await db.transaction(async (tx) => {
          await revokeSession(tx, caller.sessionId)
          await writeAudit(tx, {
            actor: caller,
            action: 'session.logout',
            targetType: 'session',
            targetId: caller.sessionId,
          })
        })
      },
    }),

    route({
      method: 'POST',
      url: '/auth/reauth',
      operationId: 'reauthenticate',
      summary:
        'Prove it is still the signed-in user, with the password (and, when a second factor is enrolled, a current code of it or one of its recovery codes, spent): for 5 minutes the session may make dangerous changes, which otherwise answer 403 with code reauth_required. A wrong password is a 400, counted toward the temporary lockout as a failed sign-in',
      tag: 'auth',
      access: 'session',
      body: reauthRequestSchema,
      status: 204,
      errors: [429],
      rateLimit: rateLimit(config.loginRateLimitPerAddressPerMinute),
      async handler({ body, caller, request, reply }) {
        const gate = await signInGate(db, caller.username, request.ip)
        const waitSeconds = gate.blockedUntil
          ? Math.ceil((gate.blockedUntil.getTime() - Date.now()) / 1000)
          : gate.waitSeconds
        if (waitSeconds > 0) {
          reply.header('retry-after', String(waitSeconds))
          throw tooManyAttempts(waitSeconds)
        }
        const stored = await passwordHashOf(db, caller.id)
        // A 400, not a 401: the session is fine, only the password typed is not.
        if (!(await verifyPassword(body.password, stored ?? (await decoyHash())))) {
          await refuseReauth(caller, request)
          throw badRequest(WRONG_REAUTH_PASSWORD)
        }
        // A user with a second factor confirms with a current code or a recovery code too; it
        // is spent only together with the re-authentication it proves.
        const factor = await db.transaction(async (tx) => {
          const check = await verifySecondFactor(tx, ctx.signingKey, caller.id, body.code ?? '')
          if (check === 'wrong') return check
          await markReauthenticated(tx, caller.sessionId)
          await forgetFailedSignInsAt(tx, caller.id, request.ip)
          await writeAudit(tx, {
            actor: caller,
            action: 'session.reauth',
            targetType: 'session',
            targetId: caller.sessionId,
          })
          return check
        })
        if (factor === 'wrong') {
          await refuseReauth(caller, request)
          throw badRequest(WRONG_REAUTH_CODE)
        }
      },
    }),

    route({
      method: 'PUT',
      url: '/auth/change-password',
      operationId: 'changePassword',
      summary:
        'Set a new password: with the single-use token of a reset email or of a sign-in with a temporary password (which must not be reused as the new one), ending every session; or, signed in (Bearer), with the current password, ending every other session of the caller',
      tag: 'auth',
      access: 'public',
      optionalBearer: true,
      body: changePasswordSchema,
      response: z.object({ message: z.string() }),
      errors: [429],
      // Hashing a password is the costliest thing a stranger can ask for: limited per address,
      // and done only for a token that can still be used.
      rateLimit: rateLimit(config.loginRateLimitPerAddressPerMinute),
      async handler({ body, request }) {
        if (body.currentPassword !== undefined) {
          await changeOwnPassword(request, body.currentPassword, body.newPassword)
          return { message: 'Password changed' }
        }
        const tokenHash = hashToken(body.token!)
        const holder = await resetTokenUser(db, tokenHash)
        if (holder === undefined) throw badRequest(INVALID_RESET_LINK)
        await assertAcceptableFor(holder, body.newPassword)
        if (await mustChangePassword(db, holder)) {
          const temporary = await passwordHashOf(db, holder)
          if (temporary && (await verifyPassword(body.newPassword, temporary))) {
            throw badRequest(SAME_AS_TEMPORARY)
          }
        }
        const passwordHash = await hashPassword(body.newPassword)
        await db.transaction(async (tx) => {
          const userId = await consumeResetToken(tx, tokenHash)
          if (userId === undefined) throw badRequest(INVALID_RESET_LINK)
          await setPassword(tx, userId, passwordHash)
          await retireResetTokens(tx, userId)
          await revokeUserSessions(tx, userId)
          await writeAudit(tx, {
            actor: null,
            action: 'user.password_change',
            targetType: 'user',
            targetId: userId,
          })
        })
        return { message: 'Password changed' }
      },
    }),
  ]
}
