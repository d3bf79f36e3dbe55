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
 * Whether `holderRemains` still holds once every grant with an end has ended (issue 57): an end
 * put on the last administrator's rights, or a change leaving only temporary ones, would leave
 * no one in charge when the job takes them away. Answered by the same check with those grants
 * taken away inside a savepoint rolled back at once, so the rule is not written a second time.
 */
async function remainsForGood(
  tx: Queryable,
  holderRemains: () => Promise<boolean>,
): Promise<boolean> {
  if (!(await holderRemains())) return false
  if ((await tx.query(ANY_GRANT_WITH_END, [], { prepare: true })).length === 0) return true
  await tx.query('SAVEPOINT without_grant_ends')
  try {
    await tx.query('DELETE FROM user_roles WHERE ends_at IS NOT NULL')
    await tx.query('DELETE FROM user_groups WHERE ends_at IS NOT NULL')
    return await holderRemains()
  } finally {
    await tx.query('ROLLBACK TO SAVEPOINT without_grant_ends')
    await tx.query('RELEASE SAVEPOINT without_grant_ends')
  }
}

const ANY_GRANT_WITH_END = `SELECT 1 FROM user_roles WHERE ends_at IS NOT NULL
    UNION ALL SELECT 1 FROM user_groups WHERE ends_at IS NOT NULL LIMIT 1`

/**
 * Run after a change, inside its transaction: refuses one that leaves no active, unlocked user
 * holding every permission, now or once the grants with an end have ended.
 */
export async function assertAnAdminRemains(tx: Queryable): Promise<void> {
  const remains = async () =>
    (await tx.query(ADMIN_ROLE_HOLDER, [], { prepare: true })).length > 0 ||
    (await tx.query(EVERY_PERMISSION_HOLDER)).length > 0
  if (!(await remainsForGood(tx, remains))) throw await noAdministratorLeft(tx)
}

/**
 * Whether an active, unlocked user holding every permission remains besides the users `ids`,
 * now and once the grants with an end have ended.
 */
export function anAdminRemainsBesides(tx: Queryable, ids: number[]): Promise<boolean> {
  return remainsForGood(
    tx,
    async () =>
      (await tx.query(ADMIN_ROLE_HOLDER_BESIDES, [ids])).length > 0 ||
      (await tx.query(EVERY_PERMISSION_HOLDER_BESIDES, [ids])).length > 0,
  )
}

/** The refusal of a change that would leave no administrator, naming the administrator role. */
export async function noAdministratorLeft(tx: Queryable) {
  const [role] = await tx.query<{ name: string }>('SELECT name FROM roles WHERE administrator')
  return clash('no_administrator_left', { role: role?.name ?? 'administrator' })
}
