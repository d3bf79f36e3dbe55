import { z } from 'zod'

/**
 * The fixed permission catalogue of delegated administration: every admin route requires
 * exactly one of these, and a role grants a set of them. The console describes each in its
 * message catalogues.
 */
const PERMISSION_NAMES = [
  'users.read',
  'users.create',
  'users.edit',
  'users.status',
  'users.credentials',
  'users.assign',
  'access.manage',
  'audit.read',
] as const

export type Permission = (typeof PERMISSION_NAMES)[number]

/** The catalogue in its one order: sorted, as the server answers them. */
export const PERMISSIONS: Permission[] = [...PERMISSION_NAMES].sort()

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
