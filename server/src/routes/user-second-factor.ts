import { sessionsEndedSchema, userSecondFactorSchema } from '@shared/contract'
import { assertMayActOn } from '../auth/delegation'
import { requireReauthToRedirectAccess } from '../auth/reauth'
import { revokeUserSessions } from '../auth/sessions'
import type { ServerContext } from '../context'
import { writeAudit } from '../db/audit'
import { hasSecondFactor, removeSecondFactor } from '../db/second-factors'
import { existingUser } from '../db/users'
import { conflict } from '../errors'
import { idParams, route, type RouteSpec } from './define'

/** Whether a user has two-step sign-in, and its reset by an administrator (a lost phone). */
export function userSecondFactorRoutes(ctx: ServerContext): RouteSpec[] {
  const { db } = ctx
  return [
    route({
      method: 'GET',
      url: '/api/admin/users/:id/second-factor',
      operationId: 'getUserSecondFactor',
      summary: 'Whether a user has turned on two-step sign-in; never its secret',
      tag: 'users',
      access: 'users.read',
      params: idParams,
      response: userSecondFactorSchema,
      errors: [404],
      async handler({ params }) {
        await existingUser(db, params.id)
        return { enrolled: await hasSecondFactor(db, params.id) }
      },
    }),

    route({
      method: 'DELETE',
      url: '/api/admin/users/:id/second-factor',
      operationId: 'resetUserSecondFactor',
      summary:
        "Reset a user's two-step sign-in (a lost phone): their secret and recovery codes are deleted and every session ends; they set it up again at their next sign-in when the server requires it",
      tag: 'users',
      access: 'users.credentials',
      params: idParams,
      response: sessionsEndedSchema,
      errors: [404, 409],
      async handler({ params, caller }) {
        const ended = await db.transaction(async (tx) => {
          const user = await existingUser(tx, params.id, true)
          const reachable = await assertMayActOn(tx, caller, params.id)
          await requireReauthToRedirectAccess(tx, caller, reachable)
          if (!(await removeSecondFactor(tx, params.id))) return undefined
          const sessions = await revokeUserSessions(tx, params.id)
          await writeAudit(tx, {
            actor: caller,
            action: 'user.second_factor_reset',
            targetType: 'user',
            targetId: user.id,
            changes: { sessionsEnded: sessions.length },
          })
          return sessions
        })
        if (!ended) throw conflict(`User ${params.id} has no two-step sign-in to reset.`)
        return { ended: ended.length, currentSessionEnded: ended.includes(caller.sessionId) }
      },
    }),
  ]
}
