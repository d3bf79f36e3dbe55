import type { Permission } from '@shared/contract'
import { lackedToActOn, missingPermissions, type PermissionHolder } from '@shared/delegation'
import { HOLDS_MORE_PERMISSIONS } from '@shared/messages'
import { ROLE, type AccessKind } from '../db/access'
import type { Queryable } from '../db/database'
import { permissionsOfGroup, permissionsOfRole, permissionsOfUser } from '../db/permissions'
import { forbidden } from '../errors'
import type { Caller } from './guard'

/**
 * The rules of delegated administration (issue 29, section 3): nobody hands out, or acts with
 * a power over someone who holds, a permission they do not hold themselves. Each refusal is a
 * 403 naming what is missing, thrown before anything is written.
 */

const listed = (names: string[]) => names.join(', ')

/** Giving `granted` away (a role, a group's roles, a role's new permissions) needs all of it. */
export function assertMayGrant(caller: Caller, granted: readonly Permission[], what: string) {
  const missing = missingPermissions(caller.permissions, granted)
  if (missing.length > 0) {
    throw forbidden(`You cannot ${what} without holding ${listed(missing)}.`)
  }
}

/** Giving a user (or users) a role or group needs every permission it grants; answers them. */
export async function assertMayGive(
  tx: Queryable,
  caller: Caller,
  kind: AccessKind,
  target: { id: number; name: string },
  adminRoleName: string,
): Promise<Permission[]> {
  const granted =
    kind === ROLE
      ? await permissionsOfRole(tx, target.id, adminRoleName)
      : await permissionsOfGroup(tx, target.id, adminRoleName)
  assertMayGrant(caller, granted, `give the ${kind.noun} "${target.name}"`)
  return granted
}

/** A request that does several things (an import row) needs the permission of each. */
export function assertHolds(caller: Caller, needed: readonly Permission[]) {
  const missing = missingPermissions(caller.permissions, needed)
  if (missing.length > 0) {
    throw forbidden(
      `The ${listed(missing)} permission${missing.length > 1 ? 's are' : ' is'} required for this action.`,
    )
  }
}

/** Acting on a user (edit, status, credentials, assignments, sessions) needs all they hold. */
export async function assertMayActOn(
  tx: Queryable,
  caller: Caller,
  userId: number,
  adminRoleName: string,
) {
  const refusal = actOnRefusal(caller, {
    id: userId,
    permissions: await permissionsOfUser(tx, userId, adminRoleName),
  })
  if (refusal) throw refusal
}

/** The refusal of acting on `target`, if it holds a permission the caller lacks. */
export function actOnRefusal(caller: Caller, target: PermissionHolder) {
  const missing = lackedToActOn(caller, target)
  return missing.length > 0
    ? forbidden(`${HOLDS_MORE_PERMISSIONS} Missing: ${listed(missing)}.`)
    : undefined
}
