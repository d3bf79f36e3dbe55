import type { EffectiveRole, Permission, Role } from './contract'

/** The members of `wanted` that `held` lacks, sorted. */
export function missingPermissions(held: readonly string[], wanted: readonly string[]): string[] {
  const have = new Set(held)
  return [...new Set(wanted)].filter((name) => !have.has(name)).sort()
}

/** A user as the rule of acting on users sees them: who, and what they hold. */
export interface PermissionHolder {
  id: number
  permissions: readonly Permission[]
}

/**
 * Issue 29 section 3: acting on a user (edit, status, credentials, assignments, sessions) needs
 * every permission that user holds. Answers what the caller lacks for it, sorted: none on
 * themselves, where the self rules decide instead. The server refuses with these; the console
 * offers no change while there are any.
 */
export const lackedToActOn = (caller: PermissionHolder, target: PermissionHolder): string[] =>
  caller.id === target.id ? [] : missingPermissions(caller.permissions, target.permissions)

/**
 * A user's permissions as the server counts them (issue 29 section 2), from the user's effective
 * roles: the union over the active ones of what each grants, sorted. Undefined when a held role's
 * permissions are not known (a server that names none, or a role missing from `roles`).
 */
export function permissionsOfHeldRoles(
  held: readonly Pick<EffectiveRole, 'id' | 'active'>[],
  roles: readonly Pick<Role, 'id' | 'permissions'>[],
): Permission[] | undefined {
  const granted = new Set<Permission>()
  for (const role of held.filter((each) => each.active)) {
    const permissions = roles.find((each) => each.id === role.id)?.permissions
    if (!permissions) return undefined
    for (const permission of permissions) granted.add(permission)
  }
  return [...granted].sort()
}
