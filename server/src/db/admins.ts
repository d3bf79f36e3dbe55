import { clash } from './refusal'
import type { Queryable } from './database'
import { holdsEveryPermission, userPermissions } from './permissions'

/** Held by every transaction that could take administrator rights away, so two never race. */
const ADMIN_RIGHTS_LOCK = 7_310_002

export function lockAdminRights(tx: Queryable): Promise<unknown> {
  return tx.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_RIGHTS_LOCK], { prepare: true })
}

const ACTIVE_UNLOCKED = 'SELECT u.id FROM users u WHERE u.is_active AND NOT u.is_locked'

/**
 * An active, unlocked user who holds the active administrator role, directly or
 * through an active group, from migration 010's kept grants: the role's range of their index,
 * read in user order until one is found, whatever the role's size (the planner cannot know it
 * for a subquery). The union of the links it replaces read every membership of the group
 * granting the role, 4-5 ms a check at a million users. With `besides`, the users of the SQL
 * array parameter `$1` do not count.
 */
const adminRoleHolder = (besides: string) => `
    SELECT held.user_id FROM user_role_grant held JOIN users u ON u.id = held.user_id
    WHERE held.role_id = (SELECT r.id FROM roles r WHERE r.active AND r.administrator)
      AND u.is_active AND NOT u.is_locked${besides}
    ORDER BY held.user_id LIMIT 1`

/**
 * Failing one of those, any active, unlocked user who holds every permission through other
 * roles. Only users holding some role or group are looked at.
 */
const everyPermissionHolder = (besides: string) => `${ACTIVE_UNLOCKED}
    AND u.id IN (SELECT user_id FROM user_roles UNION SELECT user_id FROM user_groups)
    AND ${holdsEveryPermission(userPermissions('u.id'))}${besides} LIMIT 1`

const ADMIN_ROLE_HOLDER = adminRoleHolder('')
const EVERY_PERMISSION_HOLDER = everyPermissionHolder('')
const BESIDES = ' AND u.id <> ALL ($1::int[])'
const ADMIN_ROLE_HOLDER_BESIDES = adminRoleHolder(BESIDES)
const EVERY_PERMISSION_HOLDER_BESIDES = everyPermissionHolder(BESIDES)

/**
 * Run after a change, inside its transaction: refuses one that leaves no active, unlocked user
 * holding every permission.
 */
export async function assertAnAdminRemains(tx: Queryable): Promise<void> {
  if ((await tx.query(ADMIN_ROLE_HOLDER, [], { prepare: true })).length > 0) return
  const rows = await tx.query(EVERY_PERMISSION_HOLDER)
  if (rows.length === 0) throw await noAdministratorLeft(tx)
}

/** Whether an active, unlocked user holding every permission remains besides the users `ids`. */
export async function anAdminRemainsBesides(tx: Queryable, ids: number[]): Promise<boolean> {
  if ((await tx.query(ADMIN_ROLE_HOLDER_BESIDES, [ids])).length > 0) return true
  return (await tx.query(EVERY_PERMISSION_HOLDER_BESIDES, [ids])).length > 0
}

/** The refusal of a change that would leave no administrator, naming the administrator role. */
export async function noAdministratorLeft(tx: Queryable) {
  const [role] = await tx.query<{ name: string }>('SELECT name FROM roles WHERE administrator')
  return clash(
    `This change would leave no active administrator. Give another user the ${role?.name ?? 'administrator'} role first.`,
  )
}
