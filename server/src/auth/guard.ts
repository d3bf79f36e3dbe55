import type { FastifyRequest } from 'fastify'
import type { Actor } from '../db/audit'
import { forbidden, unauthorized } from '../errors'
import type { ServerContext } from '../context'
import { findLiveSession } from './sessions'
import { verifyAccessToken } from './tokens'

export interface Caller extends Actor {
  sessionId: string
}

export type Access = 'public' | 'session' | 'admin'

/**
 * Who is calling: the access token must be valid and its session still live, and the user
 * active and unlocked, checked on every request, so that logout, lock, deactivation and a
 * password change cut a user off at once. `admin` also needs the administrator role.
 */
export async function authenticate(
  ctx: ServerContext,
  request: FastifyRequest,
  access: Access,
): Promise<Caller | undefined> {
  if (access === 'public') return undefined
  const [scheme, token] = (request.headers.authorization ?? '').split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Not authenticated')
  const claims = verifyAccessToken(ctx.signingKey, token)
  if (!claims) throw unauthorized('Access token is invalid or expired')
  const session = await findLiveSession(
    ctx.db,
    claims.sessionId,
    claims.userId,
    access === 'admin' ? ctx.config.admin.roleName : null,
  )
  if (!session) throw unauthorized('Session has ended. Sign in again.')
  if (session.isLocked) throw unauthorized('This account is locked.')
  if (!session.isActive) throw unauthorized('This account is inactive.')
  const caller = { id: session.userId, username: session.username, sessionId: claims.sessionId }
  if (access === 'admin' && !session.isAdmin) {
    await ctx.securityAudit(ctx.db, {
      actor: caller,
      action: 'access.denied',
      targetType: 'route',
      targetId: `${request.method} ${request.routeOptions.url ?? request.url}`,
    })
    throw forbidden('Administrator rights are required for this action.')
  }
  return caller
}
