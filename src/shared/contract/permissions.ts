import { z } from 'zod'

/**
 * The fixed permission catalogue of delegated administration: every admin route requires
 * exactly one of these, and a role grants a set of them. The descriptions are shown in the UI.
 */
export const PERMISSION_DESCRIPTIONS = {
  'users.read':
    'List, search, view and export users; see roles, groups, effective roles, members and sessions',
  'users.create': 'Add users',
  'users.edit': "Change a user's profile fields",
  'users.status': 'Activate, deactivate, lock, unlock and end a temporary lockout',
  'users.credentials': 'Send reset-password links, set temporary passwords and end sessions',
  'users.assign': "Add and remove a user's roles and groups",
  'access.manage':
    "Create, rename, activate and deactivate roles and groups, link them, and set a role's permissions",
  'audit.read': 'Read the audit log and export it',
} as const

export type Permission = keyof typeof PERMISSION_DESCRIPTIONS

/** The catalogue in its one order: sorted, as the server answers them. */
export const PERMISSIONS = (Object.keys(PERMISSION_DESCRIPTIONS) as Permission[]).sort()

export const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]], {
  error: `permission must be one of ${PERMISSIONS.join(', ')}`,
})

export const permissionListSchema = z
  .array(permissionSchema, { error: 'permissions must be a list of permission names' })
  .max(PERMISSIONS.length * 2, { error: 'permissions holds too many entries' })

/**
 * Whether a set of permissions is an administration right (issue 30): any permission at all, as
 * the server's guard already says ("Administrator rights are required" to a caller holding none).
 * Giving such a role, or acting on the credentials of its holders, is a dangerous change; the
 * holders are those who must have a second factor under MFA_REQUIRED=admins.
 */
export function grantsAdministrationRights(permissions: readonly Permission[]): boolean {
  return permissions.length > 0
}

/**
 * Whether `held` allows `permission`. A server that sends no permissions (undefined) leaves the
 * console offering everything, as before delegated administration: its 403s still refuse.
 */
export function allows(held: readonly Permission[] | undefined, permission: Permission): boolean {
  return held === undefined || held.includes(permission)
}
