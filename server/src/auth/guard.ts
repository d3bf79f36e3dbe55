import type { FastifyRequest } from 'fastify'
import { MFA_ENROLMENT_REQUIRED, type Access, type Permission } from '@shared/contract'
import type { Actor } from '../db/audit'
import { ApiError, forbidden, unauthorized } from '../errors'
import type { ServerContext } from '../context'
import { findLiveSession } from './sessions'
import { verifyAccessToken } from './tokens'

export interface Caller extends Actor {
  sessionId: string
  /** Sorted: what the caller may do, as of this request. */
  permissions: Permission[]
}

/** The refusal of a route to a caller holding no permission at all: not an administrator. */
const ADMIN_REQUIRED = 'Administrator rights are required for this action.'
const SECOND_FACTOR_REQUIRED =
  'Two-step sign-in is required for administrators: turn it on from your account menu first.'

/**
 * Who is calling: the access token must be valid and its session still live, and the user
 * active and unlocked, checked on every request, so that logout, lock, deactivation and a
 * password change cut a user off at once. A permission as `access` must be held, too.
 */
export async function authenticate(
  ctx: ServerContext,
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
): Promise<Caller> {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Not authenticated')
  const now = ctx.config.clock.now()
  const claims = verifyAccessToken(ctx.signingKey, token, now)
  if (!claims) throw unauthorized('Access token is invalid or expired')
  const session = await findLiveSession(ctx.db, claims.sessionId, claims.userId, new Date(now))
  if (!session) throw unauthorized('Session has ended. Sign in again.')
  if (session.isLocked) throw unauthorized('This account is locked.')
  if (!session.isActive) throw unauthorized('This account is inactive.')
  const caller: Caller = {
    id: session.userId,
    username: session.username,
    sessionId: claims.sessionId,
    permissions: session.permissions,
  }
  if (access !== 'session' && !caller.permissions.includes(access)) {
    await ctx.securityAudit(ctx.db, {
      actor: caller,
      action: 'access.denied',
      targetType: 'route',
      targetId: `${request.method} ${request.routeOptions.url ?? request.url}`,
    })
    throw forbidden(
      caller.permissions.length === 0
        ? ADMIN_REQUIRED
        : `The ${access} permission is required for this action.`,
    )
  }
  // A session made before its user had to have a second factor (a role given since, or a
  // server that required none then) administers nothing until one is set up.
  if (access !== 'session' && ctx.config.mfaRequired === 'admins' && !session.hasSecondFactor) {
    throw new ApiError(403, SECOND_FACTOR_REQUIRED, undefined, { code: MFA_ENROLMENT_REQUIRED })
  }
  return caller
}
