import type { FastifyRequest } from 'fastify'
import { MFA_ENROLMENT_REQUIRED, type Access, type Permission } from '@shared/contract'
import type { Actor } from '../db/audit'
import { forbidden, unauthorized } from '../errors'
import type { ServerContext } from '../context'
import { findLiveSession } from './sessions'
import { verifyAccessToken } from './tokens'

export interface Caller extends Actor {
  sessionId: string
  /** Sorted: what the caller may do, as of this request. */
  permissions: Permission[]
}

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
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('not_authenticated')
  const now = ctx.config.clock.now()
  const claims = verifyAccessToken(ctx.signingKey, token, now)
  if (!claims) throw unauthorized('access_token_invalid')
  const session = await findLiveSession(ctx.db, claims.sessionId, claims.userId, new Date(now))
  if (!session) throw unauthorized('session_ended')
  if (session.isLocked) throw unauthorized('session_account_locked')
  if (!session.isActive) throw unauthorized('session_account_inactive')
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
    // A caller holding no permission at all is not an administrator.
    throw caller.permissions.length === 0
      ? forbidden('administrator_required')
      : forbidden('permissions_required', { permissions: access, count: 1 })
  }
  // A session made before its user had to have a second factor (a role given since, or a
  // server that required none then) administers nothing until one is set up.
  if (access !== 'session' && ctx.config.mfaRequired === 'admins' && !session.hasSecondFactor) {
    throw forbidden(MFA_ENROLMENT_REQUIRED, { at: 'request' })
  }
  return caller
}
