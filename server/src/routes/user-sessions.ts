import { z } from 'zod'
import { sessionIdSchema, sessionsEndedSchema, userSessionListSchema } from '@shared/contract'
import { assertMayActOn } from '../auth/delegation'
import { listLiveSessions, revokeUserSession, revokeUserSessions } from '../auth/sessions'
import type { ServerContext } from '../context'
import { writeAudit } from '../db/audit'
import { existingUser } from '../db/users'
import { notFound } from '../errors'
import { idParams, positiveId, route, type RouteSpec } from './define'

const sessionParams = z.object({ id: positiveId, sessionId: sessionIdSchema })

/** A user's live sessions: listed, and ended one by one or all at once. */
export function userSessionRoutes(ctx: ServerContext): RouteSpec[] {
  const { db } = ctx
  return [
    route({
      method: 'GET',
      url: '/api/admin/users/:id/sessions',
      operationId: 'listUserSessions',
      summary:
        "A user's live sessions, the most recently used first: started, last used, expires, and the address and user agent of their sign-in or latest refresh; current marks the caller's own",
      tag: 'users',
      access: 'users.read',
      params: idParams,
      response: userSessionListSchema,
      errors: [404],
      async handler({ params, caller }) {
        await existingUser(db, params.id)
        const sessions = await listLiveSessions(db, params.id)
        return sessions.map((session) => ({
          ...session,
          current: session.id === caller.sessionId,
        }))
      },
    }),

    route({
      method: 'DELETE',
      url: '/api/admin/users/:id/sessions/:sessionId',
      operationId: 'endUserSession',
      summary:
        "Sign out one live session of a user: its tokens stop working at once. Ending the caller's own session ends theirs (currentSessionEnded)",
      tag: 'users',
      access: 'users.credentials',
      params: sessionParams,
      response: sessionsEndedSchema,
      errors: [404],
      async handler({ params, caller }) {
        await db.transaction(async (tx) => {
          await existingUser(tx, params.id)
          await assertMayActOn(tx, caller, params.id)
          if (!(await revokeUserSession(tx, params.id, params.sessionId))) {
            throw notFound(`User ${params.id} has no live session ${params.sessionId}`)
          }
          await writeAudit(tx, {
            actor: caller,
            action: 'session.revoke',
            targetType: 'session',
            targetId: params.sessionId,
            changes: { userId: params.id },
          })
        })
        return { ended: 1, currentSessionEnded: params.sessionId === caller.sessionId }
      },
    }),

    route({
      method: 'DELETE',
      url: '/api/admin/users/:id/sessions',
      operationId: 'endAllUserSessions',
      summary:
        "Sign a user out everywhere: every live session ends at once, the caller's own too when the user is the caller (currentSessionEnded)",
      tag: 'users',
      access: 'users.credentials',
      params: idParams,
      response: sessionsEndedSchema,
      errors: [404],
      async handler({ params, caller }) {
        const ended = await db.transaction(async (tx) => {
          await existingUser(tx, params.id, true)
          await assertMayActOn(tx, caller, params.id)
          const ended = await revokeUserSessions(tx, params.id)
          await writeAudit(tx, {
            actor: caller,
            action: 'user.sign_out_everywhere',
            targetType: 'user',
            targetId: params.id,
            changes: { sessionsEnded: ended.length },
          })
          return ended
        })
        return { ended: ended.length, currentSessionEnded: ended.includes(caller.sessionId) }
      },
    }),
  ]
}
