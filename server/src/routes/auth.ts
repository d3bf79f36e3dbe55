import type { RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  changePasswordSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '../../../src/shared/contract'
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords'
import {
  createSession,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
} from '../auth/sessions'
import { hashToken, signAccessToken } from '../auth/tokens'
import type { ServerContext } from '../context'
import { effectiveRoleNames } from '../db/access'
import { writeAudit } from '../db/audit'
import { USER_COLUMNS, findUser, toUser, type UserRow } from '../db/users'
import { ApiError, badRequest, forbidden, unauthorized } from '../errors'
import { route } from './define'

const INVALID_CREDENTIALS = 'Invalid username or password'

function rateLimit(
  max: number,
  key: (request: FastifyRequest) => string,
): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      // After body parsing, so that the key can name the account.
      hook: 'preHandler',
      keyGenerator: key,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, `Too many attempts. Try again in ${context.after}.`),
    },
  }
}

export function authRoutes(ctx: ServerContext) {
  const { config, db } = ctx

  async function grant(user: UserRow, sessionId: string, refreshToken: string) {
    return {
      accessToken: await signAccessToken(
        ctx.signingKey,
        { userId: user.id, sessionId },
        config.accessTokenTtlSeconds,
      ),
      refreshToken,
      tokenType: 'Bearer',
      expiresIn: config.accessTokenTtlSeconds,
      user: toUser(user),
      sessionId,
    }
  }

  return [
    route({
      method: 'POST',
      url: '/auth/login',
      summary: 'Sign in with a username or email address and a password',
      tag: 'auth',
      access: 'public',
      body: loginRequestSchema,
      response: loginResponseSchema,
      errors: [403, 429],
      // Keyed by address and account, so one person's typing does not lock out a whole office.
      rateLimit: rateLimit(config.loginRateLimitPerMinute, (request) => {
        const body = request.body as { username?: unknown } | undefined
        return `${request.ip}|${String(body?.username ?? '')
          .trim()
          .toLowerCase()}`
      }),
      async handler({ body }) {
        const [user] = await db.query<UserRow & { password_hash: string }>(
          `SELECT ${USER_COLUMNS}, password_hash FROM users
           WHERE lower(username) = lower($1) OR lower(email) = lower($1)
           ORDER BY (lower(username) = lower($1)) DESC LIMIT 1`,
          [body.username],
        )
        const valid = await verifyPassword(
          body.password,
          user?.password_hash ?? (await decoyHash()),
        )
        if (!user) throw unauthorized(INVALID_CREDENTIALS)
        if (!valid) {
          if (user.is_locked) throw unauthorized(INVALID_CREDENTIALS)
          const lockedNow = await db.transaction(async (tx) => {
            const [after] = await tx.query<{ is_locked: boolean }>(
              `UPDATE users SET failed_logins = failed_logins + 1,
                 is_locked = is_locked OR failed_logins + 1 >= $2
               WHERE id = $1 RETURNING is_locked`,
              [user.id, config.loginMaxFailures],
            )
            if (!after?.is_locked) return false
            await revokeUserSessions(tx, user.id)
            await writeAudit(tx, {
              actor: null,
              action: 'user.lockout',
              targetType: 'user',
              targetId: user.id,
              changes: { reason: `${config.loginMaxFailures} failed sign-in attempts in a row` },
            })
            return true
          })
          if (lockedNow) {
            throw forbidden(
              'Too many failed sign-in attempts: this account is now locked. Ask an administrator to unlock it.',
            )
          }
          throw unauthorized(INVALID_CREDENTIALS)
        }
        if (user.is_locked)
          throw forbidden('This account is locked. Ask an administrator to unlock it.')
        if (!user.is_active)
          throw forbidden('This account is inactive. Ask an administrator to activate it.')
        const { signedIn, session } = await db.transaction(async (tx) => {
          const [signedIn] = await tx.query<UserRow>(
            `UPDATE users SET failed_logins = 0, last_login = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
            [user.id],
          )
          const session = await createSession(tx, user.id, config.refreshTokenTtlSeconds)
          await writeAudit(tx, {
            actor: { id: user.id, username: user.username },
            action: 'session.login',
            targetType: 'session',
            targetId: session.sessionId,
          })
          return { signedIn: signedIn!, session }
        })
        return grant(signedIn, session.sessionId, session.refreshToken)
      },
    }),

    route({
      method: 'POST',
      url: '/auth/refresh',
      summary: 'Exchange a refresh token for a new access token and a new refresh token',
      tag: 'auth',
      access: 'public',
      body: refreshRequestSchema,
      response: refreshResponseSchema,
      errors: [429],
      rateLimit: rateLimit(config.refreshRateLimitPerMinute, (request) => request.ip),
      async handler({ body }) {
        const outcome = await db.transaction(async (tx) => {
          const rotation = await rotateRefreshToken(
            tx,
            body.refreshToken,
            config.refreshTokenTtlSeconds,
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
      summary: 'The signed-in user and the active roles they hold',
      tag: 'auth',
      access: 'session',
      response: meResponseSchema,
      async handler({ caller }) {
        const user = await findUser(db, caller!.id)
        if (!user) throw unauthorized('Session has ended. Sign in again.')
        return { ...toUser(user), roles: await effectiveRoleNames(db, user.id) }
      },
    }),

    route({
      method: 'POST',
      url: '/auth/logout',
      summary: 'End the current session',
      tag: 'auth',
      access: 'session',
      status: 204,
      async handler({ caller }) {
        await db.transaction(async (tx) => {
          await revokeSession(tx, caller!.sessionId)
          await writeAudit(tx, {
            actor: caller!,
            action: 'session.logout',
            targetType: 'session',
            targetId: caller!.sessionId,
          })
        })
      },
    }),

    route({
      method: 'PUT',
      url: '/auth/change-password',
      summary: 'Set a new password with the single-use token of a reset email',
      tag: 'auth',
      access: 'public',
      body: changePasswordSchema,
      response: z.object({ message: z.string() }),
      async handler({ body }) {
        const passwordHash = await hashPassword(body.newPassword)
        await db.transaction(async (tx) => {
          const [token] = await tx.query<{ user_id: number }>(
            `UPDATE password_reset_tokens SET used_at = now()
             WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
            [hashToken(body.token)],
          )
          if (!token)
            throw badRequest(
              'This password reset link is invalid, used or expired. Ask an administrator for a new one.',
            )
          await tx.query(
            `UPDATE users SET password_hash = $2, failed_logins = 0, updated_date = now(), version = version + 1 WHERE id = $1`,
            [token.user_id, passwordHash],
          )
          await tx.query(
            'UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
            [token.user_id],
          )
          await revokeUserSessions(tx, token.user_id)
          await writeAudit(tx, {
            actor: null,
            action: 'user.password_change',
            targetType: 'user',
            targetId: token.user_id,
          })
        })
        return { message: 'Password changed' }
      },
    }),
  ]
}
