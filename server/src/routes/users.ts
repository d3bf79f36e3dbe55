import { z } from 'zod'
import {
  assignmentListSchema,
  createUserSchema,
  updateUserSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
} from '../../../src/shared/contract'
import { hashPassword } from '../auth/passwords'
import { revokeUserSessions } from '../auth/sessions'
import { hashToken, newSecret } from '../auth/tokens'
import type { ServerContext } from '../context'
import {
  GROUP,
  ROLE,
  assign,
  lockAccess,
  unassign,
  userAssignments,
  type AccessKind,
} from '../db/access'
import { assertAnAdminRemains, lockAdminRights } from '../db/admins'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'
import {
  assertUnique,
  findUser,
  insertUser,
  listUsers,
  profileChanges,
  toUser,
  updateProfile,
  updateStatus,
  userEtag,
  type StatusChange,
  type UserRow,
} from '../db/users'
import { ApiError, conflict, notFound } from '../errors'
import { idParams, positiveId, route, type RouteSpec } from './define'

const RESET_TOKEN_TTL_SECONDS = 3600

async function existingUser(db: Queryable, id: number, forUpdate = false): Promise<UserRow> {
  const user = await findUser(db, id, forUpdate)
  if (!user) throw notFound(`User ${id} not found`)
  return user
}

/** `If-Match` holds one or more entity tags, or `*`; absent, the write is unconditional. */
function ifMatchAllows(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
  return tags.includes('*') || tags.includes(etag)
}

interface StatusAction {
  path: 'activate' | 'deactivate' | 'lock' | 'unlock'
  change: StatusChange
  /** Taking this away could cost someone administrator rights. */
  removesRights: boolean
}

const STATUS_ACTIONS: StatusAction[] = [
  { path: 'activate', change: { isActive: true }, removesRights: false },
  { path: 'deactivate', change: { isActive: false }, removesRights: true },
  { path: 'lock', change: { isLocked: true }, removesRights: true },
  { path: 'unlock', change: { isLocked: false }, removesRights: false },
]

export function userRoutes(ctx: ServerContext): RouteSpec[] {
  const { db, config } = ctx
  const roleName = config.admin.roleName

  const statusRoutes = STATUS_ACTIONS.map((action) =>
    route({
      method: 'PUT',
      url: `/api/admin/users/:id/${action.path}`,
      summary: `${action.path[0]!.toUpperCase()}${action.path.slice(1)} a user`,
      tag: 'users',
      access: 'admin',
      params: idParams,
      response: userSchema,
      errors: [404, 409],
      async handler({ params, caller, reply }) {
        const user = await db.transaction(async (tx) => {
          if (action.removesRights) await lockAdminRights(tx)
          const before = await existingUser(tx, params.id, true)
          if (action.removesRights && caller!.id === params.id) {
            throw conflict(`You cannot ${action.path} your own account.`)
          }
          const field = action.change.isActive !== undefined ? 'isActive' : 'isLocked'
          const from = field === 'isActive' ? before.is_active : before.is_locked
          if (from === action.change[field]) return before
          const after = await updateStatus(tx, params.id, action.change)
          if (action.removesRights) await revokeUserSessions(tx, params.id)
          await writeAudit(tx, {
            actor: caller!,
            action: `user.${action.path}`,
            targetType: 'user',
            targetId: params.id,
            changes: { [field]: { from, to: action.change[field] } },
          })
          if (action.removesRights) await assertAnAdminRemains(tx, roleName)
          return after
        })
        reply.header('etag', userEtag(user))
        return toUser(user)
      },
    }),
  )

  const assignmentRoutes = ([ROLE, GROUP] as AccessKind[]).flatMap((kind) => {
    const plural = kind.table
    const otherId = kind === ROLE ? 'roleId' : 'groupId'
    const params = z.object({ id: positiveId, [otherId]: positiveId }) as unknown as z.ZodType<
      { id: number } & Record<string, number>
    >
    const change = (verb: 'PUT' | 'DELETE') =>
      route({
        method: verb,
        url: `/api/admin/users/:id/${plural}/:${otherId}`,
        summary: `${verb === 'PUT' ? 'Give a user' : 'Take from a user'} a ${kind.noun} (idempotent); answers the user's ${plural}`,
        tag: 'users',
        access: 'admin',
        params,
        response: assignmentListSchema,
        errors: [404, 409],
        async handler({ params: p, caller }) {
          const targetId = p[otherId]!
          return db.transaction(async (tx) => {
            if (verb === 'DELETE') await lockAdminRights(tx)
            await existingUser(tx, p.id)
            const target = await lockAccess(tx, kind, targetId)
            const changed =
              verb === 'PUT'
                ? await assign(tx, kind, p.id, targetId)
                : await unassign(tx, kind, p.id, targetId)
            if (changed) {
              await writeAudit(tx, {
                actor: caller!,
                action: `user.${kind.noun}_${verb === 'PUT' ? 'add' : 'remove'}`,
                targetType: 'user',
                targetId: p.id,
                changes: { [kind.noun]: { id: target.id, name: target.name } },
              })
              if (verb === 'DELETE') await assertAnAdminRemains(tx, roleName)
            }
            return userAssignments(tx, kind, p.id)
          })
        },
      })
    return [
      route({
        method: 'GET',
        url: `/api/admin/users/:id/${plural}`,
        summary: `The ${plural} a user holds directly`,
        tag: 'users',
        access: 'admin',
        params: idParams,
        response: assignmentListSchema,
        errors: [404],
        async handler({ params: p }) {
          await existingUser(db, p.id)
          return userAssignments(db, kind, p.id)
        },
      }),
      change('PUT'),
      change('DELETE'),
    ]
  })

  return [
    route({
      method: 'GET',
      url: '/api/admin/users',
      summary: 'One page of users, searched and sorted, with the exact total',
      tag: 'users',
      access: 'admin',
      query: userListQuerySchema,
      response: userPageSchema,
      handler: ({ query }) => listUsers(db, query),
    }),

    route({
      method: 'POST',
      url: '/api/admin/users',
      summary: 'Create a user',
      tag: 'users',
      access: 'admin',
      body: createUserSchema,
      status: 201,
      response: userSchema,
      errors: [409],
      async handler({ body, caller, reply }) {
        const { password, ...profile } = body
        const passwordHash = await hashPassword(password)
        const user = await db.transaction(async (tx) => {
          await assertUnique(tx, profile)
          const created = await insertUser(tx, { ...profile, passwordHash })
          await writeAudit(tx, {
            actor: caller!,
            action: 'user.create',
            targetType: 'user',
            targetId: created.id,
            changes: profile,
          })
          return created
        })
        reply.header('etag', userEtag(user)).header('location', `/api/admin/users/${user.id}`)
        return toUser(user)
      },
    }),

    route({
      method: 'GET',
      url: '/api/admin/users/:id',
      summary: 'One user, with its ETag',
      tag: 'users',
      access: 'admin',
      params: idParams,
      response: userSchema,
      errors: [404],
      async handler({ params, reply }) {
        const user = await existingUser(db, params.id)
        reply.header('etag', userEtag(user))
        return toUser(user)
      },
    }),

    route({
      method: 'PUT',
      url: '/api/admin/users/:id',
      summary:
        "Update a user's profile; send If-Match with the ETag you read to refuse a lost update",
      tag: 'users',
      access: 'admin',
      params: idParams,
      body: updateUserSchema,
      response: userSchema,
      errors: [404, 409, 412],
      async handler({ params, body, caller, request, reply }) {
        const user = await db.transaction(async (tx) => {
          const before = await existingUser(tx, params.id, true)
          if (!ifMatchAllows(request.headers['if-match'], userEtag(before))) {
            throw new ApiError(
              412,
              'This user was changed by someone else since you opened it. Reload to see the latest version.',
            )
          }
          const changes = profileChanges(before, body)
          if (Object.keys(changes).length === 0) return before
          await assertUnique(tx, body, params.id)
          const after = await updateProfile(tx, params.id, body)
          await writeAudit(tx, {
            actor: caller!,
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

    ...statusRoutes,

    route({
      method: 'PUT',
      url: '/api/admin/users/:id/reset-password',
      summary: 'Email the user a single-use link (valid one hour) to choose a new password',
      tag: 'users',
      access: 'admin',
      params: idParams,
      response: userSchema,
      errors: [404, 502],
      async handler({ params, caller, reply }) {
        const token = newSecret()
        const link = `${config.resetLinkBase}?token=${encodeURIComponent(token)}`
        const user = await db.transaction(async (tx) => {
          const target = await existingUser(tx, params.id, true)
          await tx.query(
            'UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
            [params.id],
          )
          await tx.query(
            `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
             VALUES ($1, $2, now() + make_interval(secs => $3))`,
            [hashToken(token), params.id, RESET_TOKEN_TTL_SECONDS],
          )
          await writeAudit(tx, {
            actor: caller!,
            action: 'user.reset_password',
            targetType: 'user',
            targetId: params.id,
          })
          // Sent inside the transaction: if the mail cannot go, no token is left behind.
          await ctx.mailer
            .send({
              to: target.email,
              subject: 'Choose a new password',
              description: `Reset link for ${target.username}`,
              text:
                `Hello ${target.first_name},\n\n` +
                `An administrator has reset the password of your account "${target.username}".\n` +
                `Choose a new password within one hour with this link:\n\n${link}\n\n` +
                `If you did not expect this, tell your IT administrator.\n`,
            })
            .catch((error: unknown) => {
              throw new ApiError(
                502,
                `The reset email could not be sent: ${error instanceof Error ? error.message : String(error)}`,
              )
            })
          return target
        })
        reply.header('etag', userEtag(user))
        return toUser(user)
      },
    }),

    ...assignmentRoutes,
  ]
}
