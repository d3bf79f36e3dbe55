import { codedRefusal, endpoints, pathTo, profileUpdateSchema } from '@shared/contract'
import { assertMayActOn } from '../auth/delegation'
import { requireReauthToRedirectAccess } from '../auth/reauth'
import { pageWithActionRights, userWithActionRights } from '../auth/user-action-rights'
import { assertAcceptablePassword } from '../auth/password-rules'
import { hashPassword } from '../auth/passwords'
import { writeAudit } from '../db/audit'
import {
  assertUnique,
  existingUser,
  insertRecordedUser,
  profileChanges,
  toUser,
  updateProfile,
  userEtag,
} from '../db/users'
import { listUsers } from '../db/user-list/list-users'
import { refusalError, validationError } from '../errors'
import { resource } from './serve'

/** `If-Match` holds one or more entity tags, or `*`; absent, the write is unconditional. */
function ifMatchAllows(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
  return tags.includes('*') || tags.includes(etag)
}

/** Listing, creating, reading and editing users. */
export const userRoutes = resource(({ serve }, ctx) => {
  const { db, config } = ctx

  serve(endpoints.listUsers, async ({ query, caller }) =>
    pageWithActionRights(db, caller, await listUsers(db, { ...query, now: config.clock.now() })),
  )

  serve(endpoints.createUser, async ({ body, caller, reply }) => {
    const { password, ...profile } = body
    assertAcceptablePassword(password, profile, config.passwordMinLength, 'password')
    const passwordHash = await hashPassword(password)
    const user = await insertRecordedUser(
      db,
      { ...profile, passwordHash },
      { actor: caller, action: 'user.create', targetType: 'user', changes: profile },
    )
    reply
      .header('etag', userEtag(user))
      .header('location', pathTo(endpoints.getUser, { id: user.id }))
    return userWithActionRights(db, caller, toUser(user))
  })

  serve(endpoints.getUser, async ({ params, caller, reply }) => {
    const user = await existingUser(db, params.id)
    reply.header('etag', userEtag(user))
    return userWithActionRights(db, caller, toUser(user))
  })

  serve(endpoints.updateUser, async ({ params, body, caller, request, reply }) => {
    const user = await db.transaction(async (tx) => {
      const before = await existingUser(tx, params.id, true)
      const reachable = await assertMayActOn(tx, caller, params.id)
      if (!ifMatchAllows(request.headers['if-match'], userEtag(before))) {
        throw refusalError(412, codedRefusal('user_changed'))
      }
      // A changed username or phone number meets the rules; a kept old one is not refused.
      const checked = profileUpdateSchema(toUser(before)).safeParse(body)
      if (!checked.success) throw validationError(checked.error, 'body')
      const changes = profileChanges(before, body)
      if (Object.keys(changes).length === 0) return before
      if ('email' in changes) await requireReauthToRedirectAccess(tx, caller, reachable)
      await assertUnique(tx, body, params.id)
      const after = await updateProfile(tx, params.id, changes)
      await writeAudit(tx, {
        actor: caller,
        action: 'user.update',
        targetType: 'user',
        targetId: params.id,
        changes,
      })
      return after
    })
    reply.header('etag', userEtag(user))
    return userWithActionRights(db, caller, toUser(user))
  })
})
