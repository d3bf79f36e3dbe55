import { PERMISSIONS, type Permission } from '@shared/contract'
import type { Queryable } from './database'

/** Every permission of the catalogue, as an SQL array literal (the names are our constants). */
const ALL_PERMISSIONS = `ARRAY[${PERMISSIONS.map((name) => `'${name}'`).join(', ')}]::text[]`

/** Whether the role of alias `role` is the administrator role, named by the SQL parameter `adminRoleName`. */
export const isAdministratorRole = (role: string, adminRoleName: string) =>
  `(lower(${role}.name) = lower(${adminRoleName}))`

/**
 * The permissions the role of alias `role` grants when active: every one for the administrator
 * role, named by the SQL parameter `adminRoleName` (e.g. `$3`), its own list for any other.
 */
export const rolePermissions = (role: string, adminRoleName: string) =>
  `(CASE WHEN ${isAdministratorRole(role, adminRoleName)} THEN ${ALL_PERMISSIONS} ELSE ${role}.permissions END)`

/** A role or group left out of what a user holds: the one a change is about to take away. */
export interface LeftOut {
  noun: 'role' | 'group'
  /** The SQL expression of its id. */
  id: string
}

/**
 * Ids of the roles the user of the SQL expression `userId` holds, directly or through an active
 * group: migration 010's kept grants, one index probe where the union of the links reads four
 * tables (the check every request makes: 0.075-0.078 against 0.081-0.086 ms a statement, pgbench).
 * Through `leftOut` when given, from the links themselves.
 */
const heldRoleIds = (userId: string, leftOut?: LeftOut) =>
  leftOut
    ? `
    SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = ${userId}${leftOut.noun === 'role' ? ` AND ur.role_id <> ${leftOut.id}` : ''}
    UNION
    SELECT gr.role_id FROM user_groups ug
    JOIN groups g ON g.id = ug.group_id AND g.active
    JOIN group_roles gr ON gr.group_id = g.id
    WHERE ug.user_id = ${userId}${leftOut.noun === 'group' ? ` AND ug.group_id <> ${leftOut.id}` : ''}`
    : `SELECT held.role_id FROM user_role_grant held WHERE held.user_id = ${userId}`

/**
 * The sorted permissions of the user of the SQL expression `userId`: the union over the active
 * roles held directly or through active groups. A few index probes, for the check made on every
 * request. Without what `leftOut` grants, when given: what the user would hold once it is taken away.
 */
export const userPermissions = (userId: string, adminRoleName: string, leftOut?: LeftOut) => `ARRAY(
    SELECT p FROM roles r CROSS JOIN LATERAL unnest(${rolePermissions('r', adminRoleName)}) AS p
    WHERE r.active AND r.id IN (${heldRoleIds(userId, leftOut)})
    GROUP BY p ORDER BY p COLLATE "C")`

/** Whether the SQL array expression `permissions` holds the whole catalogue. */
export const holdsEveryPermission = (permissions: string) =>
  `(${permissions} @> ${ALL_PERMISSIONS})`

export async function permissionsOfUser(
  db: Queryable,
  userId: number,
  adminRoleName: string,
): Promise<Permission[]> {
  const [row] = await db.query<{ permissions: Permission[] }>(
    `SELECT ${userPermissions('$1', '$2')} AS permissions`,
    [userId, adminRoleName],
    { prepare: true },
  )
  return row!.permissions
}

/** What a role grants when active (the administrator role: everything). */
export async function permissionsOfRole(
  db: Queryable,
  roleId: number,
  adminRoleName: string,
): Promise<Permission[]> {
  const [row] = await db.query<{ permissions: Permission[] }>(
    `SELECT ARRAY(SELECT p FROM unnest(${rolePermissions('r', '$2')}) AS p GROUP BY p ORDER BY p COLLATE "C") AS permissions
     FROM roles r WHERE r.id = $1`,
    [roleId, adminRoleName],
  )
  return row?.permissions ?? []
}

/**
 * Everything a group can grant its members: the permissions of every role linked to it,
 * active or not (activating one is a grant of its own, checked when it is made).
 */
export async function permissionsOfGroup(
  db: Queryable,
  groupId: number,
  adminRoleName: string,
): Promise<Permission[]> {
  const [row] = await db.query<{ permissions: Permission[] }>(
    `SELECT ARRAY(
       SELECT p FROM group_roles gr JOIN roles r ON r.id = gr.role_id
       CROSS JOIN LATERAL unnest(${rolePermissions('r', '$2')}) AS p
       WHERE gr.group_id = $1 GROUP BY p ORDER BY p COLLATE "C") AS permissions`,
    [groupId, adminRoleName],
  )
  return row!.permissions
}
