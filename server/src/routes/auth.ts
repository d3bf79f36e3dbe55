import { endpoints, SERVER_FEATURES } from '@shared/contract'
import type { RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import { codedRefusal, PASSWORD_CHANGE_REQUIRED } from '@shared/contract'
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
import {
  badRequest,
  forbidden,
  refusalError,
  tooManyAttempts,
  tooManyRequests,
  unauthorized,
} from '../errors'
import { resource } from './serve'

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
        tooManyRequests('rate_limited', { after: context.after }),
    },
  }
}

export const authRoutes = resource(({ serve, servePublic }, ctx) => {
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
    const caller = await authenticate(ctx, request, 'session')
    const stored = await passwordHashOf(db, caller.id)
    // A 400, not a 401: the session is fine, only the password typed is not.
    if (!stored || !(await verifyPassword(currentPassword, stored))) {
      throw badRequest('wrong_current_password')
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

  servePublic(
    endpoints.signIn,
    async ({ body, request, reply }) => {
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
        throw unauthorized('invalid_credentials')
      }
      if (outdated) {
        const passwordHash = await hashPassword(body.password)
        await replaceOutdatedHash(db, account.id, account.password_hash, passwordHash)
      }
      if (account.is_locked) throw forbidden('account_locked')
      if (!account.is_active) throw forbidden('account_inactive')
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
        if (!spent) throw forbidden('temporary_password_spent')
        throw refusalError(403, codedRefusal(PASSWORD_CHANGE_REQUIRED), {
          passwordChangeToken: changeToken,
        })
      }
      await secondStep.demandOf(account, request.ip)
      const { signedIn, session, failedSecondSteps } = await db.transaction((tx) =>
        startSession(ctx, tx, account, request),
      )
      return grantOf(ctx, signedIn, session.sessionId, session.refreshToken, failedSecondSteps)
    },
    // Per address across every username, so that one address cannot spray passwords (kept by
    // each process); the lockouts and waits of a name at an address are apart from it, kept
    // in the database (see sign-in-failures.ts).
    rateLimit(config.loginRateLimitPerAddressPerMinute),
  )

  servePublic(
    endpoints.refreshSession,
    async ({ body, request }) => {
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
        throw unauthorized('session_expired')
      }
      return {
        response: await grant(
          outcome.user,
          outcome.rotation.sessionId,
          outcome.rotation.refreshToken,
        ),
      }
    },
    rateLimit(config.refreshRateLimitPerMinute),
  )

  serve(endpoints.getCurrentUser, async ({ caller }) => {
    const user = await findUser(db, caller.id)
    if (!user) throw unauthorized('session_ended')
    return {
      ...toUser(user),
      roles: await effectiveRoleNames(db, user.id, new Date(config.clock.now())),
      permissions: caller.permissions,
      // Import runs come with the import endpoint, which USER_IMPORT=off leaves out.
      features: config.userImport
        ? SERVER_FEATURES
        : SERVER_FEATURES.filter((feature) => feature !== 'import-runs'),
    }
  })

  serve(endpoints.signOut, async ({ caller }) => {
    await db.transaction(async (tx) => {
      await revokeSession(tx, caller.sessionId)
      await writeAudit(tx, {
        actor: caller,
        action: 'session.logout',
        targetType: 'session',
        targetId: caller.sessionId,
      })
    })
  })

  serve(
    endpoints.reauthenticate,
    async ({ body, caller, request, reply }) => {
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
        throw badRequest('wrong_password')
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
        throw badRequest('wrong_code')
      }
    },
    rateLimit(config.loginRateLimitPerAddressPerMinute),
  )

  servePublic(
    endpoints.changePassword,
    async ({ body, request }) => {
      if (body.currentPassword !== undefined) {
        await changeOwnPassword(request, body.currentPassword, body.newPassword)
        return { message: 'Password changed' }
      }
      const tokenHash = hashToken(body.token!)
      const holder = await resetTokenUser(db, tokenHash)
      if (holder === undefined) throw badRequest('reset_link_invalid')
      await assertAcceptableFor(holder, body.newPassword)
      if (await mustChangePassword(db, holder)) {
        const temporary = await passwordHashOf(db, holder)
        if (temporary && (await verifyPassword(body.newPassword, temporary))) {
          throw badRequest('same_as_temporary_password')
        }
      }
      const passwordHash = await hashPassword(body.newPassword)
      await db.transaction(async (tx) => {
        const userId = await consumeResetToken(tx, tokenHash)
        if (userId === undefined) throw badRequest('reset_link_invalid')
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
    // Hashing a password is the costliest thing a stranger can ask for: limited per address,
    // and done only for a token that can still be used.
    rateLimit(config.loginRateLimitPerAddressPerMinute),
  )
})
