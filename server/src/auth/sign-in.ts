import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'
import { recordSignIn } from '../db/logins'
import { takeSecondStepFailures } from '../db/second-step-failures'
import { toUser, type UserRow } from '../db/users'
import { createSession, type SessionClient, type SessionLifetime } from './sessions'
import { signAccessToken } from './tokens'

/** Who is signing in or refreshing, as the server sees them (no proxy is trusted). */
export const clientOf = (request: FastifyRequest): SessionClient => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
})

export const sessionLifetimeOf = (ctx: ServerContext): SessionLifetime => ({
  ttlSeconds: ctx.config.refreshTokenTtlSeconds,
  maxSeconds: ctx.config.sessionMaxSeconds,
  idleSeconds: ctx.config.sessionIdleSeconds,
})

/**
 * The answer of a sign-in or refresh: an access token for the session, and its refresh token;
 * for a sign-in, the wrong second-step codes tried on the account since the last one, if any.
 */
export async function grantOf(
  ctx: ServerContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  failedSecondSteps = 0,
) {
  const ttl = ctx.config.accessTokenTtlSeconds
  return {
    accessToken: await signAccessToken(
      ctx.signingKey,
      { userId: user.id, sessionId },
      ttl,
      ctx.config.clock.now(),
    ),
    refreshToken,
    tokenType: 'Bearer',
    expiresIn: ttl,
    user: toUser(user),
    sessionId,
    ...(failedSecondSteps > 0 ? { failedSecondSteps } : {}),
  }
}

/**
 * The end of every sign-in, by password alone or with a second step: a new session, the
 * address's failures forgotten, the account's wrong second-step codes since the last sign-in
 * taken to tell the owner (second-step-failures.ts), audited; in the caller's transaction.
 */
export async function startSession(
  ctx: ServerContext,
  tx: Queryable,
  user: { id: number; username: string },
  request: FastifyRequest,
  changes: Record<string, unknown> = {},
) {
  const signedIn = await recordSignIn(tx, user.id, request.ip)
  const session = await createSession(tx, user.id, sessionLifetimeOf(ctx), clientOf(request))
  const failedSecondSteps = await takeSecondStepFailures(tx, user.id)
  await writeAudit(tx, {
    actor: { id: user.id, username: user.username },
    action: 'session.login',
    targetType: 'session',
    targetId: session.sessionId,
    changes: { ...changes, ...(failedSecondSteps > 0 ? { failedSecondSteps } : {}) },
  })
  return { signedIn, session, failedSecondSteps }
}
