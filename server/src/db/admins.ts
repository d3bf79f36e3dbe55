import { conflict } from '../errors'
import type { Queryable } from './database'

/** Held by every transaction that could take administrator rights away, so two never race. */
const ADMIN_RIGHTS_LOCK = 7_310_002

export function lockAdminRights(tx: Queryable): Promise<unknown> {
  return tx.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_RIGHTS_LOCK])
}

/**
 * Ids of the users who hold the active administrator role, directly or through an active
 * group, restricted to `$2` when given. Inactive or locked users hold no rights.
 */
const ADMIN_IDS = `
  SELECT u.id FROM users u
  WHERE u.is_active AND NOT u.is_locked AND ($2::int IS NULL OR u.id = $2) AND u.id IN (
    SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id
    WHERE r.active AND lower(r.name) = lower($1)
    UNION
    SELECT ug.user_id FROM user_groups ug
    JOIN groups g ON g.id = ug.group_id AND g.active
    JOIN group_roles gr ON gr.group_id = g.id
    JOIN roles r ON r.id = gr.role_id
    WHERE r.active AND lower(r.name) = lower($1)
  )`

export async function isAdmin(db: Queryable, roleName: string, userId: number): Promise<boolean> {
  const rows = await db.query(ADMIN_IDS, [roleName, userId])
  return rows.length > 0
}

/** Run after a change, inside its transaction: refuses one that leaves nobody in charge. */
export async function assertAnAdminRemains(tx: Queryable, roleName: string): Promise<void> {
  const rows = await tx.query(`${ADMIN_IDS} LIMIT 1`, [roleName, null])
  if (rows.length === 0) {
    throw conflict(
      `This change would leave no active administrator. Give another user the ${roleName} role first.`,
    )
  }
}
