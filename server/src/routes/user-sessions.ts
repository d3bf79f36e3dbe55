import { endpoints } from '@shared/contract'
import { assertMayActOn } from '../auth/delegation'
import { listLiveSessions, revokeUserSession, revokeUserSessions } from '../auth/sessions'
import { writeAudit } from '../db/audit'
import { existingUser } from '../db/users'
import { notFound } from '../errors'
import { resource } from './serve'

/** A user's live sessions: listed, and ended one by one or all at once. */
export const userSessionRoutes = resource(({ serve }, ctx) => {
  const { db } = ctx
  serve(endpoints.listUserSessions, async ({ params, caller }) => {
    await existingUser(db, params.id)
    const sessions = await listLiveSessions(db, params.id)
    return sessions.map((session) => ({
      ...session,
      current: session.id === caller.sessionId,
    }))
  })

  serve(endpoints.endUserSession, async ({ params, caller }) => {
    await db.transaction(async (tx) => {
      await existingUser(tx, params.id)
      await assertMayActOn(tx, caller, params.id)
      if (!(await revokeUserSession(tx, params.id, params.sessionId))) {
        throw notFound('session_not_found', { userId: params.id, sessionId: params.sessionId })
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
  })

  serve(endpoints.endAllUserSessions, async ({ params, caller }) => {
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
  })
})
