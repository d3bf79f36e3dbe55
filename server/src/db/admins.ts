import { clash } from './refusal'
import type { Queryable } from './database'
import { holdsEveryPermission, userPermissions } from './permissions'

/** Held by every transaction that could take administrator rights away, so two never race. */
const ADMIN_RIGHTS_LOCK = 7_310_002

export function lockAdminRights(tx: Queryable): Promise<unknown> {
  return tx.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_RIGHTS_LOCK], { prepare: true })
}

/**
 * Ids of the users who hold the active role named by the parameter `$1`, directly or through
 * an active group: the usual holders of every permission, found by index.
 */
const ADMIN_ROLE_HOLDER_IDS = `
    SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id
    WHERE r.active AND lower(r.name) = lower($1)
    UNION
    SELECT ug.user_id FROM user_groups ug
    JOIN groups g ON g.id = ug.group_id AND g.active
    JOIN group_roles gr ON gr.group_id = g.id
    JOIN roles r ON r.id = gr.role_id
    WHERE r.active AND lower(r.name) = lower($1)`

const ACTIVE_UNLOCKED = 'SELECT u.id FROM users u WHERE u.is_active AND NOT u.is_locked'

/**
 * Active, unlocked users who hold the administrator role; failing that, any who hold every
 * permission through other roles. Only users holding some role or group are looked at. With
 * `besides`, the users of the SQL array parameter `$2` do not count.
 */
const adminRoleHolder = (besides: string) =>
  `${ACTIVE_UNLOCKED} AND u.id IN (${ADMIN_ROLE_HOLDER_IDS})${besides} LIMIT 1`
const everyPermissionHolder = (besides: string) => `${ACTIVE_UNLOCKED}
    AND u.id IN (SELECT user_id FROM user_roles UNION SELECT user_id FROM user_groups)
    AND ${holdsEveryPermission(userPermissions('u.id', '$1'))}${besides} LIMIT 1`

const ADMIN_ROLE_HOLDER = adminRoleHolder('')
const EVERY_PERMISSION_HOLDER = everyPermissionHolder('')
const BESIDES = ' AND u.id <> ALL ($2::int[])'
const ADMIN_ROLE_HOLDER_BESIDES = adminRoleHolder(BESIDES)
const EVERY_PERMISSION_HOLDER_BESIDES = everyPermissionHolder(BESIDES)

/**
 * Run after a change, inside its transaction: refuses one that leaves no active, unlocked user
 * holding every permission.
 */
export async function assertAnAdminRemains(tx: Queryable, roleName: string): Promise<void> {
  if ((await tx.query(ADMIN_ROLE_HOLDER, [roleName], { prepare: true })).length > 0) return
  const rows = await tx.query(EVERY_PERMISSION_HOLDER, [roleName])
  if (rows.length === 0) throw noAdministratorLeft(roleName)
}

/** Whether an active, unlocked user holding every permission remains besides the users `ids`. */
export async function anAdminRemainsBesides(
  tx: Queryable,
  roleName: string,
  ids: number[],
): Promise<boolean> {
  if ((await tx.query(ADMIN_ROLE_HOLDER_BESIDES, [roleName, ids])).length > 0) return true
  return (await tx.query(EVERY_PERMISSION_HOLDER_BESIDES, [roleName, ids])).length > 0
}

export const noAdministratorLeft = (roleName: string) =>
  clash(
    `This change would leave no active administrator. Give another user the ${roleName} role first.`,
  )
