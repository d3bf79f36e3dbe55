import { endpoints } from '@shared/contract'
import { assertMayActOn } from '../auth/delegation'
import { requireReauthToRedirectAccess } from '../auth/reauth'
import { revokeUserSessions } from '../auth/sessions'
import { writeAudit } from '../db/audit'
import { hasSecondFactor, removeSecondFactor } from '../db/second-factors'
import { existingUser } from '../db/users'
import { conflict } from '../errors'
import { resource } from './serve'

/** Whether a user has two-step sign-in, and its reset by an administrator (a lost phone). */
export const userSecondFactorRoutes = resource(({ serve }, ctx) => {
  const { db } = ctx
  serve(endpoints.getUserSecondFactor, async ({ params }) => {
    await existingUser(db, params.id)
    return { enrolled: await hasSecondFactor(db, params.id) }
  })

  serve(endpoints.resetUserSecondFactor, async ({ params, caller }) => {
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
    if (!ended) throw conflict('no_second_factor_to_reset', { userId: params.id })
    return { ended: ended.length, currentSessionEnded: ended.includes(caller.sessionId) }
  })
})
