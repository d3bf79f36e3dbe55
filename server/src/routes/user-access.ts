import { endpoints, type Assignment } from '@shared/contract'
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
import { resource } from './serve'

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
export const userAccessRoutes = resource(({ serve }, ctx) => {
  const { db } = ctx
  serve(endpoints.listUserEffectiveRoles, async ({ params }) => {
    await existingUser(db, params.id)
    return effectiveRoles(db, params.id)
  })
  const held = async (kind: AccessKind, userId: number) => {
    await existingUser(db, userId)
    return userAssignments(db, kind, userId)
  }
  serve(endpoints.listUserRoles, ({ params }) => held(ROLE, params.id))
  serve(endpoints.addUserRole, ({ params, caller }) =>
    changeUserAccess(ctx, caller, ROLE, 'add', params.id, params.roleId),
  )
  serve(endpoints.removeUserRole, ({ params, caller }) =>
    changeUserAccess(ctx, caller, ROLE, 'remove', params.id, params.roleId),
  )
  serve(endpoints.listUserGroups, ({ params }) => held(GROUP, params.id))
  serve(endpoints.addUserGroup, ({ params, caller }) =>
    changeUserAccess(ctx, caller, GROUP, 'add', params.id, params.groupId),
  )
  serve(endpoints.removeUserGroup, ({ params, caller }) =>
    changeUserAccess(ctx, caller, GROUP, 'remove', params.id, params.groupId),
  )
})
