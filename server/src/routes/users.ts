import {
  createUserSchema,
  profileUpdateSchema,
  updateUserSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
} from '@shared/contract'
import { assertMayActOn } from '../auth/delegation'
import { requireReauthToRedirectAccess } from '../auth/reauth'
import { pageWithActionRights, withActionRights } from '../auth/user-action-rights'
import { assertAcceptablePassword } from '../auth/password-rules'
import { hashPassword } from '../auth/passwords'
import type { ServerContext } from '../context'
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
import { ApiError, validationError } from '../errors'
import { idParams, route, type RouteSpec } from './define'

/** `If-Match` holds one or more entity tags, or `*`; absent, the write is unconditional. */
function ifMatchAllows(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
  return tags.includes('*') || tags.includes(etag)
}

/** Listing, creating, reading and editing users. */
export function userRoutes(ctx: ServerContext): RouteSpec[] {
  const { db, config } = ctx

  return [
    route({
      method: 'GET',
      url: '/api/admin/users',
      operationId: 'listUsers',
      summary:
        "One page of users, searched and sorted, with the exact total and the caller's rights on each (actions)",
      tag: 'users',
      access: 'users.read',
      query: userListQuerySchema,
      response: userPageSchema,
      handler: async ({ query, caller }) =>
        pageWithActionRights(db, caller, await listUsers(db, query)),
    }),

    route({
      method: 'POST',
      url: '/api/admin/users',
      operationId: 'createUser',
      summary: 'Create a user',
      tag: 'users',
      access: 'users.create',
      body: createUserSchema,
      status: 201,
      response: userSchema,
      errors: [409],
      async handler({ body, caller, reply }) {
        const { password, ...profile } = body
        assertAcceptablePassword(password, profile, config.passwordMinLength, 'password')
        const passwordHash = await hashPassword(password)
        const user = await insertRecordedUser(
          db,
          { ...profile, passwordHash },
          { actor: caller, action: 'user.create', targetType: 'user', changes: profile },
        )
        reply.header('etag', userEtag(user)).header('location', `/api/admin/users/${user.id}`)
        return toUser(user)
      },
    }),

    route({
      method: 'GET',
      url: '/api/admin/users/:id',
      operationId: 'getUser',
      summary: "One user, with its ETag and the caller's rights on it (actions)",
      tag: 'users',
      access: 'users.read',
      params: idParams,
      response: userSchema,
      errors: [404],
      async handler({ params, caller, reply }) {
        const user = await existingUser(db, params.id)
        reply.header('etag', userEtag(user))
        const [withRights] = await withActionRights(db, caller, [toUser(user)])
        return withRights
      },
    }),

    route({
      method: 'PUT',
      url: '/api/admin/users/:id',
      operationId: 'updateUser',
      summary:
        "Update a user's profile; send If-Match with the ETag you read to refuse a lost update",
      tag: 'users',
      access: 'users.edit',
      params: idParams,
      body: updateUserSchema,
      response: userSchema,
      errors: [404, 409, 412],
      async handler({ params, body, caller, request, reply }) {
        const user = await db.transaction(async (tx) => {
          const before = await existingUser(tx, params.id, true)
          const reachable = await assertMayActOn(tx, caller, params.id)
          if (!ifMatchAllows(request.headers['if-match'], userEtag(before))) {
            throw new ApiError(
              412,
              'This user was changed by someone else since you opened it. Reload to see the latest version.',
            )
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
        return toUser(user)
      },
    }),
  ]
}
