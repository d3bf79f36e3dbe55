import { PERMISSIONS, type Permission } from '@shared/contract'
import type { Queryable } from './database'
import { grantCounts, hasEndedGrant } from './grant-ends'

/** Every permission of the catalogue, as an SQL array literal (the names are our constants). */
const ALL_PERMISSIONS = `ARRAY[${PERMISSIONS.map((name) => `'${name}'`).join(', ')}]::text[]`

/**
 * The permissions the role of alias `role` grants when active: every one for the administrator
 * role (migration 031's flag), its own list for any other.
 */
export const rolePermissions = (role: string) =>
  `(CASE WHEN ${role}.administrator THEN ${ALL_PERMISSIONS} ELSE ${role}.permissions END)`

/** A role or group left out of what a user holds: the one a change is about to take away. */
export interface LeftOut {
  noun: 'role' | 'group'
  /** The SQL expression of its id. */
  id: string
}

/** Which of a user's grants count, for the reads of what they hold. */
export interface Held {
  /**
   * The server's clock as an SQL expression: grants ended by then do not count (`grantCounts`).
   * Without it, every grant not yet taken away counts, as the last-administrator checks read them.
   */
  at?: string
  /** What a change is about to take away. */
  leftOut?: LeftOut
}

/**
 * Ids of the roles the user of the SQL expression `userId` holds, directly or through an active
 * group, from the links themselves: of them, only those counting at `at` when given.
 */
const linkedRoleIds = (userId: string, { at, leftOut }: Held) => `
    SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = ${userId}${leftOut?.noun === 'role' ? ` AND ur.role_id <> ${leftOut.id}` : ''}${at ? ` AND ${grantCounts('ur', at)}` : ''}
    UNION
    SELECT gr.role_id FROM user_groups ug
    JOIN groups g ON g.id = ug.group_id AND g.active
    JOIN group_roles gr ON gr.group_id = g.id
    WHERE ug.user_id = ${userId}${leftOut?.noun === 'group' ? ` AND ug.group_id <> ${leftOut.id}` : ''}${at ? ` AND ${grantCounts('ug', at)}` : ''}`

/**
 * Ids of the roles the user of the SQL expression `userId` holds, directly or through an active
 * group: migration 010's kept grants, one index probe where the union of the links reads four
 * tables (the check every request makes: 0.075-0.078 against 0.081-0.086 ms a statement, pgbench).
 * Through `leftOut` when given, from the links. With `at`, a user with a grant ended then but not
 * yet taken away (a minute at most, `grant-ender.ts`) is read from the links, leaving it out; the
 * probe for one is two more, of the primary keys.
 */
const heldRoleIds = (userId: string, held: Held) => {
  if (held.leftOut) return linkedRoleIds(userId, held)
  const kept = `SELECT held.role_id FROM user_role_grant held WHERE held.user_id = ${userId}`
  if (!held.at) return kept
  const ended = hasEndedGrant(userId, held.at)
  return `${kept} AND NOT ${ended}
    UNION ALL
    SELECT linked.role_id FROM (${linkedRoleIds(userId, held)}) linked WHERE ${ended}`
}

/** The sorted permissions granted by the roles of ids `roleIds`, an SQL subquery. */
const permissionsOfRoles = (roleIds: string, activeOnly: boolean) => `ARRAY(
    SELECT p FROM roles r CROSS JOIN LATERAL unnest(${rolePermissions('r')}) AS p
    WHERE ${activeOnly ? 'r.active AND ' : ''}r.id IN (${roleIds})
    GROUP BY p ORDER BY p COLLATE "C")`

/**
 * The sorted permissions of the user of the SQL expression `userId`: the union over the active
 * roles held directly or through active groups. A few index probes, for the check made on every
 * request. Without what `held.leftOut` grants, when given: what the user would hold once it is
 * taken away; without the grants ended at `held.at`, when given.
 */
export const userPermissions = (userId: string, held: Held = {}) =>
  permissionsOfRoles(heldRoleIds(userId, held), true)

/**
 * Ids of every role the users of the SQL subquery `userIds` could hold: directly or through any
 * of their groups, whether the role, the group or the link is active now or not.
 */
const reachableRoleIds = (userIds: string) => `
    SELECT ur.role_id FROM user_roles ur WHERE ur.user_id IN (${userIds})
    UNION
    SELECT gr.role_id FROM user_groups ug JOIN group_roles gr ON gr.group_id = ug.group_id
    WHERE ug.user_id IN (${userIds})`

/**
 * What the users of the SQL subquery `userIds` hold or could hold (issue 54): the permissions of
 * every role they reach, as if each inactive role and group were switched on again. The rule of
 * delegated administration judges a user by this, so that switching something back on later never
 * hands a lesser administrator's change more than they held.
 */
export const reachablePermissions = (userIds: string) =>
  permissionsOfRoles(reachableRoleIds(userIds), false)

/** Whether the SQL array expression `permissions` holds the whole catalogue. */
export const holdsEveryPermission = (permissions: string) =>
  `(${permissions} @> ${ALL_PERMISSIONS})`

export async function permissionsOfUser(db: Queryable, userId: number): Promise<Permission[]> {
  const [row] = await db.query<{ permissions: Permission[] }>(
    `SELECT ${userPermissions('$1')} AS permissions`,
    [userId],
    { prepare: true },
  )
  return row!.permissions
}

/** What the users of the SQL subquery `userIds` (of parameter `$1`) hold or could hold. */
async function reachableBy(db: Queryable, userIds: string, param: unknown) {
  const [row] = await db.query<{ permissions: Permission[] }>(
    `SELECT ${reachablePermissions(userIds)} AS permissions`,
    [param],
  )
  return row!.permissions
}

/** What the user `userId` holds or could hold. */
export const reachablePermissionsOfUser = (db: Queryable, userId: number) =>
  reachableBy(db, 'SELECT $1::int', userId)

/**
 * What each of the users `userIds` holds or could hold, in one statement (a page of the users
 * list: a few index probes a user, whatever the number of users).
 */
export async function reachablePermissionsOfEach(
  db: Queryable,
  userIds: readonly number[],
): Promise<Map<number, Permission[]>> {
  const rows = await db.query<{ id: number; permissions: Permission[] }>(
    `SELECT target.id, ${reachablePermissions('SELECT target.id')} AS permissions
       FROM unnest($1::int[]) AS target(id)`,
    [userIds],
    { prepare: true },
  )
  return new Map(rows.map((row) => [row.id, row.permissions]))
}

/** Everyone who holds or could hold the role `roleId`: directly, or through any group linked to it. */
const roleHolders = `SELECT user_id FROM user_roles WHERE role_id = $1
    UNION SELECT ug.user_id FROM user_groups ug JOIN group_roles gr ON gr.group_id = ug.group_id
    WHERE gr.role_id = $1`

/** What the holders, present or potential, of the role `roleId` hold or could hold, all told. */
export const reachablePermissionsOfRoleHolders = (db: Queryable, roleId: number) =>
  reachableBy(db, roleHolders, roleId)

/** What the members of the groups `groupIds` hold or could hold, all told. */
export const reachablePermissionsOfMembers = (db: Queryable, groupIds: number[]) =>
  reachableBy(db, 'SELECT user_id FROM user_groups WHERE group_id = ANY ($1::int[])', groupIds)

/** What a role grants when active (the administrator role: everything). */
export async function permissionsOfRole(db: Queryable, roleId: number): Promise<Permission[]> {
  const [row] = await db.query<{ permissions: Permission[] }>(
    `SELECT ${permissionsOfRoles('SELECT $1::int', false)} AS permissions`,
    [roleId],
  )
  return row!.permissions
}

/**
 * Everything a group can grant its members: the permissions of every role linked to it,
 * active or not (activating one is a grant of its own, checked when it is made).
 */
export async function permissionsOfGroup(db: Queryable, groupId: number): Promise<Permission[]> {
  const [row] = await db.query<{ permissions: Permission[] }>(
    `SELECT ${permissionsOfRoles('SELECT role_id FROM group_roles WHERE group_id = $1', false)} AS permissions`,
    [groupId],
  )
  return row!.permissions
}
