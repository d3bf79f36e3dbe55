import { PERMISSIONS, type Permission, type RefusalCode } from '@shared/contract'
import { lackedToActOn, missingPermissions, type PermissionHolder } from '@shared/delegation'
import { ROLE, type AccessKind } from '../db/access'
import type { Queryable } from '../db/database'
import {
  permissionsOfGroup,
  permissionsOfRole,
  reachablePermissionsOfMembers,
  reachablePermissionsOfRoleHolders,
  reachablePermissionsOfUser,
} from '../db/permissions'
import { forbidden } from '../errors'
import type { Caller } from './guard'

/**
 * The one rule of every change of rights (issues 29 and 54): a caller may make a change only if
 * they hold every permission that any user it affects holds or could hold (through inactive
 * roles, groups and links, as if switched on: `reachablePermissions`), and every permission the
 * change gives. Every route that changes anyone's rights or the way into anyone's account goes
 * through one of the assertions below before it commits; each refusal is a 403 naming what is
 * missing, thrown inside the change's transaction, whose rollback leaves everything as it was.
 */

const listed = (names: string[]) => names.join(', ')

/** Whether the caller holds the whole catalogue: nobody can hold or be given more. */
const holdsEverything = (caller: Caller) =>
  missingPermissions(caller.permissions, PERMISSIONS).length === 0

/** The refusals of giving a role or group away, by what the change does with it. */
type GrantRefusal = Extract<
  RefusalCode,
  | 'may_not_give'
  | 'may_not_create'
  | 'may_not_create_with_roles'
  | 'may_not_give_permissions'
  | 'may_not_activate'
>

/**
 * Giving `granted` away (a role, a group's roles, a role's new permissions) needs all of it;
 * `refusal` says what giving it is, of `target`.
 */
export function assertMayGrant(
  caller: Caller,
  granted: readonly Permission[],
  refusal: GrantRefusal | 'may_not_link',
  target: { kind: AccessKind; name: string },
) {
  const missing = missingPermissions(caller.permissions, granted)
  if (missing.length === 0) return
  const named = { kind: target.kind.noun, name: target.name, missing: listed(missing) }
  throw refusal === 'may_not_link'
    ? forbidden(refusal, { ...named, other: target.kind.other })
    : forbidden(refusal, named)
}

/** Giving a user (or users) a role or group needs every permission it grants; answers them. */
export async function assertMayGive(
  tx: Queryable,
  caller: Caller,
  kind: AccessKind,
  target: { id: number; name: string },
): Promise<Permission[]> {
  const granted =
    kind === ROLE ? await permissionsOfRole(tx, target.id) : await permissionsOfGroup(tx, target.id)
  assertMayGrant(caller, granted, 'may_not_give', { kind, name: target.name })
  return granted
}

/** A request that does several things (an import row) needs the permission of each. */
export function assertHolds(caller: Caller, needed: readonly Permission[]) {
  const missing = missingPermissions(caller.permissions, needed)
  if (missing.length > 0) {
    throw forbidden('permissions_required', {
      permissions: listed(missing),
      count: missing.length,
    })
  }
}

/**
 * Acting on a user (edit, status, credentials, assignments, sessions) needs all they hold or
 * could hold; answers that.
 */
export async function assertMayActOn(
  tx: Queryable,
  caller: Caller,
  userId: number,
): Promise<Permission[]> {
  const reachable = await reachablePermissionsOfUser(tx, userId)
  const refusal = actOnRefusal(caller, { id: userId, permissions: reachable })
  if (refusal) throw refusal
  return reachable
}

/** The refusal of acting on `target`, if it holds or could hold a permission the caller lacks. */
export function actOnRefusal(caller: Caller, target: PermissionHolder) {
  const missing = lackedToActOn(caller, target)
  return missing.length > 0
    ? forbidden('holds_more_permissions', { missing: listed(missing) })
    : undefined
}

/**
 * Changing a role or group (its permissions, links, name or whether it is active) affects
 * everyone who holds or could hold it: for a role, its holders directly or through any group
 * linked to it, and the members of `alsoGroupIds` (groups being linked or unlinked); for a group,
 * its members. Called before the change is written and again after it, so that what they could
 * hold before (a role narrowed) and after (a role widened) both count.
 */
export async function assertMayChangeAccess(
  tx: Queryable,
  caller: Caller,
  kind: AccessKind,
  target: { id: number; name: string },
  alsoGroupIds: readonly number[] = [],
): Promise<void> {
  if (holdsEverything(caller)) return
  const reached =
    kind === ROLE
      ? [
          ...(await reachablePermissionsOfRoleHolders(tx, target.id)),
          ...(await reachablePermissionsOfMembers(tx, [...alsoGroupIds])),
        ]
      : await reachablePermissionsOfMembers(tx, [target.id])
  const missing = missingPermissions(caller.permissions, reached)
  if (missing.length > 0) {
    throw forbidden('may_not_change_access', {
      kind: kind.noun,
      name: target.name,
      missing: listed(missing),
    })
  }
}
