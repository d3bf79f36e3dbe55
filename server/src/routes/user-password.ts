import { endpoints } from '@shared/contract'
import { assertMayActOn } from '../auth/delegation'
import { hashPassword } from '../auth/passwords'
import { requireReauthToRedirectAccess } from '../auth/reauth'
import { revokeUserSessions } from '../auth/sessions'
import { OWN_ACCOUNT_REFUSALS, userWithActionRights } from '../auth/user-action-rights'
import { generateTemporaryPassword } from '../auth/temporary-password'
import { hashToken, newSecret } from '../auth/tokens'
import { writeAudit } from '../db/audit'
import { enqueueMail } from '../db/mail-outbox'
import { issueResetToken, retireResetTokens } from '../db/reset-tokens'
import { setTemporaryPassword } from '../db/temporary-passwords'
import { existingUser, toUser, userEtag } from '../db/users'
import { conflict } from '../errors'
import { resource } from './serve'

const RESET_TOKEN_TTL_SECONDS = 3600

export const userPasswordRoutes = resource(({ serve }, ctx) => {
  const { db, config } = ctx
  serve(endpoints.resetUserPassword, async ({ params, caller, reply }) => {
    const token = newSecret()
    const link = `${config.resetLinkBase}?token=${encodeURIComponent(token)}`
    const user = await db.transaction(async (tx) => {
      const target = await existingUser(tx, params.id, true)
      const reachable = await assertMayActOn(tx, caller, params.id)
      await requireReauthToRedirectAccess(tx, caller, reachable)
      await issueResetToken(tx, params.id, hashToken(token), RESET_TOKEN_TTL_SECONDS)
      // Queued with the token and sent after the commit: a mail server that is slow or
      // silent holds no transaction open, and a mail is never sent for a token rolled back.
      await enqueueMail(tx, {
        userId: params.id,
        to: target.email,
        subject: 'Choose a new password',
        description: `Reset link for ${target.username}`,
        text:
          `Hello ${target.first_name},\n\n` +
          `An administrator has reset the password of your account "${target.username}".\n` +
          `Choose a new password within one hour with this link:\n\n${link}\n\n` +
          `If you did not expect this, tell your IT administrator.\n`,
      })
      await writeAudit(tx, {
        actor: caller,
        action: 'user.reset_password',
        targetType: 'user',
        targetId: params.id,
      })
      return existingUser(tx, params.id)
    })
    ctx.mail.kick()
    reply.header('etag', userEtag(user))
    return userWithActionRights(db, caller, toUser(user))
  })

  serve(endpoints.setTemporaryPassword, async ({ params, caller, reply }) => {
    if (params.id === caller.id) {
      throw conflict(OWN_ACCOUNT_REFUSALS.setTemporaryPassword)
    }
    const temporaryPassword = generateTemporaryPassword()
    const passwordHash = await hashPassword(temporaryPassword)
    const user = await db.transaction(async (tx) => {
      await existingUser(tx, params.id, true)
      const reachable = await assertMayActOn(tx, caller, params.id)
      await requireReauthToRedirectAccess(tx, caller, reachable)
      const user = await setTemporaryPassword(tx, params.id, passwordHash)
      await retireResetTokens(tx, params.id)
      const ended = await revokeUserSessions(tx, params.id)
      await writeAudit(tx, {
        actor: caller,
        action: 'user.temporary_password',
        targetType: 'user',
        targetId: params.id,
        changes: { sessionsEnded: ended.length },
      })
      return user
    })
    reply.header('etag', userEtag(user))
    return { temporaryPassword }
  })
})
