import { temporaryPasswordSchema, userSchema } from '@shared/contract'
import { assertMayActOn } from '../auth/delegation'
import { hashPassword } from '../auth/passwords'
import { requireReauthToRedirectAccess } from '../auth/reauth'
import { revokeUserSessions } from '../auth/sessions'
import { OWN_ACCOUNT_REFUSALS } from '../auth/user-action-rights'
import { generateTemporaryPassword } from '../auth/temporary-password'
import { hashToken, newSecret } from '../auth/tokens'
import type { ServerContext } from '../context'
import { writeAudit } from '../db/audit'
import { enqueueMail } from '../db/mail-outbox'
import { issueResetToken, retireResetTokens } from '../db/reset-tokens'
import { setTemporaryPassword } from '../db/temporary-passwords'
import { existingUser, toUser, userEtag } from '../db/users'
import { conflict } from '../errors'
import { idParams, route, type RouteSpec } from './define'

const RESET_TOKEN_TTL_SECONDS = 3600

export function userPasswordRoutes(ctx: ServerContext): RouteSpec[] {
  const { db, config } = ctx
  return [
    route({
      method: 'PUT',
      url: '/api/admin/users/:id/reset-password',
      operationId: 'resetUserPassword',
      summary:
        'Email the user a single-use link (valid one hour) to choose a new password; the user answered tells how the email fares (resetEmailStatus)',
      tag: 'users',
      access: 'users.credentials',
      params: idParams,
      response: userSchema,
      errors: [404],
      async handler({ params, caller, reply }) {
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
        return toUser(user)
      },
    }),

    route({
      method: 'POST',
      url: '/api/admin/users/:id/temporary-password',
      operationId: 'setTemporaryPassword',
      summary:
        "Replace a user's password with a generated temporary one, answered only here and only now (never stored, logged or mailed): the old password stops working, every session of the user ends, and the next sign-in with it must choose a new password (see signIn). Not for the caller's own account",
      tag: 'users',
      access: 'users.credentials',
      params: idParams,
      response: temporaryPasswordSchema,
      errors: [404, 409],
      async handler({ params, caller, reply }) {
        if (params.id === caller.id) {
          throw conflict(OWN_ACCOUNT_REFUSALS.setTemporaryPassword!)
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
      },
    }),
  ]
}
