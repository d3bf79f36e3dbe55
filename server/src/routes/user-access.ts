import { endpoints, type Assignment, type GrantInput } from '@shared/contract'
import { grantNeedsReason } from '@shared/grant-ends'
import { assertMayActOn, assertMayGive } from '../auth/delegation'
import type { Caller } from '../auth/guard'
import { requireReauthForAdministration } from '../auth/reauth'
import type { ServerContext } from '../context'
import {
  GROUP,
  ROLE,
  assign,
  effectiveRoles,
  grantUntil,
  lockAccess,
  unassign,
  userAssignments,
  type AccessKind,
  type GrantEnd,
} from '../db/access'
import { assertAnAdminRemains, lockAdminRights } from '../db/admins'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'
import { existingUser } from '../db/users'
import { fieldRefusal } from '../errors'
import { resource } from './serve'

/** A change of what a user holds directly: given (with an end or without), or taken away. */
type AccessChange =
  { change: 'add' } | { change: 'remove' } | { change: 'grant'; grant: GrantInput }

/**
 * The end and reason of a grant as asked for, checked: an end later than `at`, the server's
 * clock, and a reason when it ends and grants a permission (`granted`); refused with the field's
 * error otherwise, before anything is written.
 */
export function checkedGrantEnd(grant: GrantInput, granted: readonly string[], at: Date): GrantEnd {
  if (grant.until !== null && Date.parse(grant.until) <= at.getTime()) {
    throw fieldRefusal('until', 'grant_end_in_past')
  }
  const reason = grant.reason || null
  if (grantNeedsReason(grant.until, granted.length > 0) && !reason) {
    throw fieldRefusal('reason', 'grant_reason_required')
  }
  return { until: grant.until === null ? null : new Date(grant.until).toISOString(), reason }
}

/**
 * Gives the role or group with the end and reason asked for, or changes those of the one held;
 * audited as given (`user.role_add`) or as its end changed (`user.role_end_change`).
 */
async function grantWithEnd(
  tx: Queryable,
  caller: Caller,
  kind: AccessKind,
  target: { id: number; name: string },
  userId: number,
  grant: GrantInput,
  granted: readonly string[],
  at: Date,
): Promise<void> {
  const end = checkedGrantEnd(grant, granted, at)
  const { before, changed } = await grantUntil(tx, kind, userId, target.id, end, at)
  if (!changed && before) return
  await writeAudit(tx, {
    actor: caller,
    action: before ? `user.${kind.noun}_end_change` : `user.${kind.noun}_add`,
    targetType: 'user',
    targetId: userId,
    changes: {
      [kind.noun]: { id: target.id, name: target.name },
      ...(before
        ? { until: { from: before.until, to: end.until } }
        : end.until !== null && { until: end.until }),
      ...(end.reason !== null && { reason: end.reason }),
    },
  })
}

/**
 * Gives a user a role or group, or takes it away, in its own transaction, audited when it
 * changed anything (one user or many alike): idempotent, and taking away never leaves nobody
 * in charge. Only a caller holding all the user holds acts on them, and all a role or group
 * grants gives it (after a recent re-authentication when that is an administration right): the
 * same for giving it with an end and for changing the end of one held (issue 57). Answers what
 * the user then holds directly.
 */
export function changeUserAccess(
  { db, config }: ServerContext,
  caller: Caller,
  kind: AccessKind,
  change: AccessChange,
  userId: number,
  targetId: number,
): Promise<Assignment[]> {
  const at = new Date(config.clock.now())
  return db.transaction(async (tx) => {
    if (change.change !== 'add') await lockAdminRights(tx)
    await existingUser(tx, userId)
    const target = await lockAccess(tx, kind, targetId)
    await assertMayActOn(tx, caller, userId)
    if (change.change === 'remove') {
      if (await unassign(tx, kind, userId, targetId)) {
        await writeAudit(tx, {
          actor: caller,
          action: `user.${kind.noun}_remove`,
          targetType: 'user',
          targetId: userId,
          changes: { [kind.noun]: { id: target.id, name: target.name } },
        })
        await assertAnAdminRemains(tx)
      }
      return userAssignments(tx, kind, userId, at)
    }
    const granted = await assertMayGive(tx, caller, kind, target)
    await requireReauthForAdministration(tx, caller, granted)
    if (change.change === 'grant') {
      await grantWithEnd(tx, caller, kind, target, userId, change.grant, granted, at)
      await assertAnAdminRemains(tx)
    } else if (await assign(tx, kind, userId, targetId, at)) {
      await writeAudit(tx, {
        actor: caller,
        action: `user.${kind.noun}_add`,
        targetType: 'user',
        targetId: userId,
        changes: { [kind.noun]: { id: target.id, name: target.name } },
      })
    }
    return userAssignments(tx, kind, userId, at)
  })
}

/**
 * The roles and groups a user holds directly: listed, given (for a while or for good) and taken
 * away one at a time; and the roles the user holds in effect, with where each comes from.
 */
export const userAccessRoutes = resource(({ serve }, ctx) => {
  const { db, config } = ctx
  const now = () => new Date(config.clock.now())
  serve(endpoints.listUserEffectiveRoles, async ({ params }) => {
    await existingUser(db, params.id)
    return effectiveRoles(db, params.id, now())
  })
  const held = async (kind: AccessKind, userId: number) => {
    await existingUser(db, userId)
    return userAssignments(db, kind, userId, now())
  }
  serve(endpoints.listUserRoles, ({ params }) => held(ROLE, params.id))
  serve(endpoints.addUserRole, ({ params, caller }) =>
    changeUserAccess(ctx, caller, ROLE, { change: 'add' }, params.id, params.roleId),
  )
  serve(endpoints.grantUserRole, ({ params, body, caller }) =>
    changeUserAccess(ctx, caller, ROLE, { change: 'grant', grant: body }, params.id, params.roleId),
  )
  serve(endpoints.removeUserRole, ({ params, caller }) =>
    changeUserAccess(ctx, caller, ROLE, { change: 'remove' }, params.id, params.roleId),
  )
  serve(endpoints.listUserGroups, ({ params }) => held(GROUP, params.id))
  serve(endpoints.addUserGroup, ({ params, caller }) =>
    changeUserAccess(ctx, caller, GROUP, { change: 'add' }, params.id, params.groupId),
  )
  serve(endpoints.grantUserGroup, ({ params, body, caller }) =>
    changeUserAccess(
      ctx,
      caller,
      GROUP,
      { change: 'grant', grant: body },
      params.id,
      params.groupId,
    ),
  )
  serve(endpoints.removeUserGroup, ({ params, caller }) =>
    changeUserAccess(ctx, caller, GROUP, { change: 'remove' }, params.id, params.groupId),
  )
})
