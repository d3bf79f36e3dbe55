import type { Permission } from '@shared/contract'
import type { AccessKind } from './access'
import type { Queryable } from './database'
import { holdsEveryPermission, reachablePermissions, userPermissions } from './permissions'

/** A user of a bulk action's chunk, with what the rules of each action need to know of them. */
export interface BulkTarget {
  id: number
  username: string
  is_active: boolean
  is_locked: boolean
  /** The end of a temporary lockout after failed sign-ins, while it lasts. */
  login_blocked_until: Date | null
  permissions: Permission[]
  /** What they hold or could hold: the rule of delegated administration judges them by it. */
  reachable: Permission[]
  /** Active, unlocked and holding every permission: one whom the last-administrator rule counts. */
  is_admin: boolean
  /** Holds the role or group of `link` directly. */
  holds_link: boolean
  /** Would still be an administrator without the role or group of `link`. */
  admin_without_link: boolean
}

export interface BulkTargetOptions {
  /** Lock the users' rows for the rest of the transaction (a status change). */
  forUpdate: boolean
  /** The role or group an access action gives or takes away. */
  link?: { kind: AccessKind; id: number }
}

/**
 * The users of `ids` that exist, in one statement: their state, their permissions (held and
 * reachable) and whether
 * they count as administrators, now and without the role or group of `link`.
 */
export async function bulkTargets(
  tx: Queryable,
  ids: number[],
  { forUpdate, link }: BulkTargetOptions,
): Promise<Map<number, BulkTarget>> {
  const leftOut = link && { noun: link.kind.noun, id: '$2' }
  const live = 'u.is_active AND NOT u.is_locked'
  const rows = await tx.query<BulkTarget>(
    `SELECT u.id, u.username, u.is_active, u.is_locked,
       CASE WHEN u.login_blocked_until > now() THEN u.login_blocked_until END AS login_blocked_until,
       held.permissions, ${reachablePermissions('SELECT u.id')} AS reachable,
       ${live} AND ${holdsEveryPermission('held.permissions')} AS is_admin,
       ${
         link
           ? `EXISTS (SELECT 1 FROM ${link.kind.userLinkTable} l
                WHERE l.user_id = u.id AND l.${link.kind.column} = $2) AS holds_link,
              ${live} AND ${holdsEveryPermission(userPermissions('u.id', { leftOut }))} AS admin_without_link`
           : 'false AS holds_link, false AS admin_without_link'
       }
     FROM users u CROSS JOIN LATERAL (SELECT ${userPermissions('u.id')} AS permissions) held
     WHERE u.id = ANY ($1::int[])
     ORDER BY u.id${forUpdate ? ' FOR UPDATE OF u' : ''}`,
    link ? [ids, link.id] : [ids],
  )
  return new Map(rows.map((row) => [row.id, row]))
}
