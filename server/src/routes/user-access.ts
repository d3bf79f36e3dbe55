import { z } from 'zod'
import { assignmentListSchema, effectiveRoleListSchema, type Assignment } from '@shared/contract'
import { assertMayActOn, assertMayGive } from '../auth/delegation'
import type { Caller } from '../auth/guard'
import { requireReauthForAdministration } from '../auth/reauth'
import type { ServerContext } from '../context'
import {
  GROUP,
  ROLE,
  assign,
  effectiveRoles,
  lockAccess,
  unassign,
  userAssignments,
  type AccessKind,
} from '../db/access'
import { assertAnAdminRemains, lockAdminRights } from '../db/admins'
import { writeAudit } from '../db/audit'
import { existingUser } from '../db/users'
import { idParams, positiveId, route, type RouteSpec } from './define'

/**
 * Gives a user a role or group, or takes it away, in its own transaction, audited when it
 * changed anything (one user or many alike): idempotent, and taking away never leaves nobody
 * in charge. Only a caller holding all the user holds acts on them, and all a role or group
 * grants gives it (after a recent re-authentication when that is an administration right).
 * Answers what the user then holds directly.
 */
export function changeUserAccess(
  { db }: ServerContext,
  caller: Caller,
  kind: AccessKind,
  change: 'add' | 'remove',
  userId: number,
  targetId: number,
): Promise<Assignment[]> {
  return db.transaction(async (tx) => {
    if (change === 'remove') await lockAdminRights(tx)
    await existingUser(tx, userId)
    const target = await lockAccess(tx, kind, targetId)
    await assertMayActOn(tx, caller, userId)
    if (change === 'add') {
      const granted = await assertMayGive(tx, caller, kind, target)
      await requireReauthForAdministration(tx, caller, granted)
    }
    const changed =
      change === 'add'
        ? await assign(tx, kind, userId, targetId)
        : await unassign(tx, kind, userId, targetId)
    if (changed) {
      await writeAudit(tx, {
        actor: caller,
        action: `user.${kind.noun}_${change}`,
        targetType: 'user',
        targetId: userId,
        changes: { [kind.noun]: { id: target.id, name: target.name } },
      })
      if (change === 'remove') await assertAnAdminRemains(tx)
    }
    return userAssignments(tx, kind, userId)
  })
}

/**
 * The roles and groups a user holds directly: listed, given and taken away one at a time; and
 * the roles the user holds in effect, with where each comes from.
 */
export function userAccessRoutes(ctx: ServerContext): RouteSpec[] {
  const { db } = ctx
  const effective = route({
    method: 'GET',
    url: '/api/admin/users/:id/effective-roles',
    operationId: 'listUserEffectiveRoles',
    summary:
      'Every role a user holds, directly and/or through active groups (viaGroups); inactive roles are listed with active false',
    tag: 'users',
    access: 'users.read',
    params: idParams,
    response: effectiveRoleListSchema,
    errors: [404],
    async handler({ params: p }) {
      await existingUser(db, p.id)
      return effectiveRoles(db, p.id)
    },
  })
  const held = ([ROLE, GROUP] as AccessKind[]).flatMap((kind) => {
    const plural = kind.table
    const Noun = `${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)}`
    const otherId = kind === ROLE ? 'roleId' : 'groupId'
    const params = z.object({ id: positiveId, [otherId]: positiveId }) as unknown as z.ZodType<
      { id: number } & Record<string, number>
    >
    const change = (verb: 'PUT' | 'DELETE') =>
      route({
        method: verb,
        url: `/api/admin/users/:id/${plural}/:${otherId}`,
        operationId: `${verb === 'PUT' ? 'add' : 'remove'}User${Noun}`,
        summary: `${verb === 'PUT' ? 'Give a user' : 'Take from a user'} a ${kind.noun} (idempotent); answers the user's ${plural}`,
        tag: 'users',
        access: 'users.assign',
        params,
        response: assignmentListSchema,
        errors: [404, 409],
        handler: ({ params: p, caller }) =>
          changeUserAccess(ctx, caller, kind, verb === 'PUT' ? 'add' : 'remove', p.id, p[otherId]!),
      })
    return [
      route({
        method: 'GET',
        url: `/api/admin/users/:id/${plural}`,
        operationId: `listUser${Noun}s`,
        summary: `The ${plural} a user holds directly`,
        tag: 'users',
        access: 'users.read',
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
  return [effective, ...held]
}
