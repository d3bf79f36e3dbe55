import { clash } from './refusal'
import type { Queryable } from './database'

/** Held by every transaction that could take administrator rights away, so two never race. */
const ADMIN_RIGHTS_LOCK = 7_310_002

export function lockAdminRights(tx: Queryable): Promise<unknown> {
  return tx.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_RIGHTS_LOCK])
}

/**
 * Ids of the users who hold the active role named by the parameter `roleName` (e.g. `$1`),
 * directly or through an active group; whether they are active and unlocked is not asked.
 */
export const roleHolderIds = (roleName: string) => `
    SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id
    WHERE r.active AND lower(r.name) = lower(${roleName})
    UNION
    SELECT ug.user_id FROM user_groups ug
    JOIN groups g ON g.id = ug.group_id AND g.active
    JOIN group_roles gr ON gr.group_id = g.id
    JOIN roles r ON r.id = gr.role_id
    WHERE r.active AND lower(r.name) = lower(${roleName})`

/**
 * Whether the user of the SQL expression `userId` holds the active role named by `roleName`,
 * directly or through an active group: a few index probes, for the check made on every request.
 */
export const holdsRole = (userId: string, roleName: string) => `(
    EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
      WHERE ur.user_id = ${userId} AND r.active AND lower(r.name) = lower(${roleName}))
    OR EXISTS (SELECT 1 FROM user_groups ug
      JOIN groups g ON g.id = ug.group_id AND g.active
      JOIN group_roles gr ON gr.group_id = g.id
      JOIN roles r ON r.id = gr.role_id
      WHERE ug.user_id = ${userId} AND r.active AND lower(r.name) = lower(${roleName})))`

/** Ids of the users with administrator rights: inactive or locked users hold none. */
const ADMIN_IDS = `
  SELECT u.id FROM users u
  WHERE u.is_active AND NOT u.is_locked AND u.id IN (${roleHolderIds('$1')})`

/** Run after a change, inside its transaction: refuses one that leaves nobody in charge. */
export async function assertAnAdminRemains(tx: Queryable, roleName: string): Promise<void> {
  const rows = await tx.query(`${ADMIN_IDS} LIMIT 1`, [roleName])
  if (rows.length === 0) {
    throw clash(
      `This change would leave no active administrator. Give another user the ${roleName} role first.`,
    )
  }
}
