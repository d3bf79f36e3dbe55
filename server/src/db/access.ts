import type { AccessRef, Assignment, EffectiveRole, Page, Permission } from '@shared/contract'
import { clash, invalid, missing } from './refusal'
import type { Queryable } from './database'
import { grantCounts } from './grant-ends'
import { rolePermissions } from './permissions'
import { utcText } from './users'

/** The end of the grant of alias `link` as the API writes times (ISO 8601 in UTC), or null. */
const endText = (link: string) => utcText(`${link}.ends_at`, 'MS')

/**
 * Roles and groups are mirror images: each has a name, an active flag and links to the
 * other through group_roles. One implementation serves both, told which side it is.
 */
export interface AccessKind {
  /** 'role' or 'group', for messages and the audit log. */
  noun: 'role' | 'group'
  table: 'roles' | 'groups'
  column: 'role_id' | 'group_id'
  other: 'groups' | 'roles'
  otherColumn: 'group_id' | 'role_id'
  /** The request field that lists the other side's ids. */
  linkField: 'groupIds' | 'roleIds'
  userLinkTable: 'user_roles' | 'user_groups'
  /** The refusals of one that does not exist, and of a name another has. */
  notFound: 'role_not_found' | 'group_not_found'
  nameTaken: 'role_name_taken' | 'group_name_taken'
}

export const ROLE: AccessKind = {
  noun: 'role',
  table: 'roles',
  column: 'role_id',
  other: 'groups',
  otherColumn: 'group_id',
  linkField: 'groupIds',
  userLinkTable: 'user_roles',
  notFound: 'role_not_found',
  nameTaken: 'role_name_taken',
}

export const GROUP: AccessKind = {
  noun: 'group',
  table: 'groups',
  column: 'group_id',
  other: 'roles',
  otherColumn: 'role_id',
  linkField: 'roleIds',
  userLinkTable: 'user_groups',
  notFound: 'group_not_found',
  nameTaken: 'group_name_taken',
}

export interface AccessRow {
  id: number
  name: string
  active: boolean
  links: AccessRef[]
  /** A role's: what it grants when active, sorted. None for a group. */
  permissions?: Permission[]
  /** A role's: it is the administrator role, whose permissions are every one, fixed. */
  administrator?: boolean
}

/**
 * The rows with their links and, for roles, their permissions and whether each is the
 * administrator role, which grants them all.
 */
function selectWithLinks(kind: AccessKind, tail: string) {
  const permissions =
    kind === ROLE
      ? `ARRAY(SELECT p FROM unnest(${rolePermissions('e')}) AS p GROUP BY p ORDER BY p COLLATE "C") AS permissions,
         e.administrator,`
      : ''
  return `
    SELECT e.id, e.name, e.active, ${permissions}
      coalesce(
        (SELECT json_agg(json_build_object('id', o.id, 'name', o.name) ORDER BY lower(o.name), o.id)
         FROM group_roles l JOIN ${kind.other} o ON o.id = l.${kind.otherColumn}
         WHERE l.${kind.column} = e.id),
        '[]'::json) AS links
    FROM ${kind.table} e ${tail}`
}

export async function listAccess(
  db: Queryable,
  kind: AccessKind,
  page: number,
  size: number,
): Promise<Page<AccessRow>> {
  const [rows, [count]] = await Promise.all([
    db.query<AccessRow>(selectWithLinks(kind, 'ORDER BY e.id LIMIT $1 OFFSET $2'), [
      size,
      page * size,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${kind.table}`),
  ])
  const total = count?.total ?? 0
  return {
    content: rows,
    page: { number: page, size, totalElements: total, totalPages: Math.ceil(total / size) },
  }
}

export async function findAccess(db: Queryable, kind: AccessKind, id: number): Promise<AccessRow> {
  const [row] = await db.query<AccessRow>(selectWithLinks(kind, 'WHERE e.id = $1'), [id])
  if (!row) throw missing(kind.notFound, { id })
  return row
}

/** Locks the row for the rest of the transaction; refused as missing when there is none. */
export async function lockAccess(tx: Queryable, kind: AccessKind, id: number) {
  const [row] = await tx.query<{ id: number; name: string; active: boolean }>(
    `SELECT id, name, active FROM ${kind.table} WHERE id = $1 FOR UPDATE`,
    [id],
  )
  if (!row) throw missing(kind.notFound, { id })
  return row
}

export async function assertNameFree(tx: Queryable, kind: AccessKind, name: string, exceptId = 0) {
  const rows = await tx.query(
    `SELECT 1 FROM ${kind.table} WHERE lower(name) = lower($1) AND id <> $2`,
    [name, exceptId],
  )
  if (rows.length > 0) throw clash(kind.nameTaken, { name })
}

/** Replaces every link of one role (or group) with `ids`; unknown ids refuse the whole change. */
export async function replaceLinks(tx: Queryable, kind: AccessKind, id: number, ids: number[]) {
  const wanted = [...new Set(ids)]
  const found = await tx.query<{ id: number }>(
    `SELECT id FROM ${kind.other} WHERE id = ANY($1::int[])`,
    [wanted],
  )
  const known = new Set(found.map((row) => row.id))
  const unknown = wanted.filter((other) => !known.has(other))
  if (unknown.length > 0) {
    throw invalid('unknown_links', {
      field: kind.linkField,
      kind: kind.other,
      ids: unknown.join(', '),
    })
  }
  await tx.query(
    `DELETE FROM group_roles WHERE ${kind.column} = $1 AND NOT (${kind.otherColumn} = ANY($2::int[]))`,
    [id, wanted],
  )
  await tx.query(
    `INSERT INTO group_roles (${kind.column}, ${kind.otherColumn})
     SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
    [id, wanted],
  )
}

export async function insertAccess(tx: Queryable, kind: AccessKind, name: string): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO ${kind.table} (name) VALUES ($1) RETURNING id`,
    [name],
  )
  return row!.id
}

export async function updateAccess(
  tx: Queryable,
  kind: AccessKind,
  id: number,
  change: { name?: string; active?: boolean },
) {
  await tx.query(
    `UPDATE ${kind.table} SET name = coalesce($2, name), active = coalesce($3::boolean, active), updated_date = now()
     WHERE id = $1`,
    [id, change.name ?? null, change.active ?? null],
  )
}

/** Replaces what a role grants (the administrator role's list is kept but never read). */
export async function setRolePermissions(tx: Queryable, id: number, permissions: Permission[]) {
  await tx.query('UPDATE roles SET permissions = $2::text[], updated_date = now() WHERE id = $1', [
    id,
    [...new Set(permissions)].sort(),
  ])
}

/**
 * The roles (or groups) a user holds directly at `at`, the server's clock, with their ends;
 * without it, every one not yet taken away (the import's reading: a minute at most apart).
 */
export function userAssignments(
  db: Queryable,
  kind: AccessKind,
  userId: number,
  at?: Date,
): Promise<Assignment[]> {
  return db.query<Assignment>(
    `SELECT e.id, e.name, e.active, ${endText('l')} AS until, l.reason
     FROM ${kind.userLinkTable} l JOIN ${kind.table} e ON e.id = l.${kind.column}
     WHERE l.user_id = $1 AND ($2::timestamptz IS NULL OR ${grantCounts('l', '$2::timestamptz')})
     ORDER BY lower(e.name), e.id`,
    [userId, at ?? null],
  )
}

/**
 * Idempotent: true when the link was made by this call, with no end. A link whose end has passed
 * by `at` (not yet taken away by the job) is as none: it is made again, with no end. Without
 * `at`, a link not yet taken away is kept as it is (the import's reading).
 */
export async function assign(
  tx: Queryable,
  kind: AccessKind,
  userId: number,
  id: number,
  at?: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO ${kind.userLinkTable} AS l (user_id, ${kind.column}) VALUES ($1, $2)
     ON CONFLICT (user_id, ${kind.column}) DO UPDATE SET ends_at = NULL, reason = NULL
       WHERE NOT ($3::timestamptz IS NULL OR ${grantCounts('l', '$3::timestamptz')})
     RETURNING 1`,
    [userId, id, at ?? null],
  )
  return rows.length > 0
}

/** A grant's end (an ISO time, null: none) and the reason it was given for a while. */
export interface GrantEnd {
  until: string | null
  reason: string | null
}

/**
 * Gives the role (or group) until `end.until` (null: no end) with its reason, or changes the end
 * and reason of the one held: answers what the grant was before (undefined when not held, or
 * ended by `at`), and whether anything changed.
 */
export async function grantUntil(
  tx: Queryable,
  kind: AccessKind,
  userId: number,
  id: number,
  end: GrantEnd,
  at: Date,
): Promise<{ before: GrantEnd | undefined; changed: boolean }> {
  const [held] = await tx.query<GrantEnd & { counts: boolean }>(
    `SELECT ${endText('l')} AS until, l.reason, ${grantCounts('l', '$3::timestamptz')} AS counts
     FROM ${kind.userLinkTable} l WHERE l.user_id = $1 AND l.${kind.column} = $2 FOR UPDATE`,
    [userId, id, at],
  )
  const before = held?.counts ? { until: held.until, reason: held.reason } : undefined
  const rows = await tx.query(
    `INSERT INTO ${kind.userLinkTable} AS l (user_id, ${kind.column}, ends_at, reason)
     VALUES ($1, $2, $3::timestamptz, $4)
     ON CONFLICT (user_id, ${kind.column}) DO UPDATE SET ends_at = EXCLUDED.ends_at, reason = EXCLUDED.reason
       WHERE l.ends_at IS DISTINCT FROM EXCLUDED.ends_at OR l.reason IS DISTINCT FROM EXCLUDED.reason
     RETURNING 1`,
    [userId, id, end.until, end.reason],
  )
  return { before, changed: rows.length > 0 }
}

/** Idempotent: links each user of `userIds` to the role (or group) at the same place of `ids`. */
export async function assignPairs(
  tx: Queryable,
  kind: AccessKind,
  userIds: number[],
  ids: number[],
): Promise<void> {
  if (userIds.length === 0) return
  await tx.query(
    `INSERT INTO ${kind.userLinkTable} (user_id, ${kind.column})
     SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`,
    [userIds, ids],
  )
}

/** Idempotent: true when the link existed. */
export async function unassign(
  tx: Queryable,
  kind: AccessKind,
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await tx.query(
    `DELETE FROM ${kind.userLinkTable} WHERE user_id = $1 AND ${kind.column} = $2 RETURNING 1`,
    [userId, id],
  )
  return rows.length > 0
}

/** Links many users at once, idempotent: answers the ids of the users linked by this call. */
export async function assignMany(
  tx: Queryable,
  kind: AccessKind,
  userIds: number[],
  id: number,
): Promise<number[]> {
  const rows = await tx.query<{ user_id: number }>(
    `INSERT INTO ${kind.userLinkTable} (user_id, ${kind.column})
     SELECT user_id, $2 FROM unnest($1::int[]) AS u (user_id) ORDER BY user_id
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [userIds, id],
  )
  return rows.map((row) => row.user_id)
}

/** Unlinks many users at once, idempotent. */
export async function unassignMany(
  tx: Queryable,
  kind: AccessKind,
  userIds: number[],
  id: number,
): Promise<void> {
  await tx.query(
    `DELETE FROM ${kind.userLinkTable} WHERE user_id = ANY ($1::int[]) AND ${kind.column} = $2`,
    [userIds, id],
  )
}

/** Names of the active roles a user holds at `at`, directly or through an active group. */
export async function effectiveRoleNames(
  db: Queryable,
  userId: number,
  at: Date,
): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT r.name FROM roles r WHERE r.active AND r.id IN (
       SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = $1 AND ${grantCounts('ur', '$2::timestamptz')}
       UNION
       SELECT gr.role_id FROM user_groups ug JOIN groups g ON g.id = ug.group_id AND g.active
       JOIN group_roles gr ON gr.group_id = g.id
       WHERE ug.user_id = $1 AND ${grantCounts('ug', '$2::timestamptz')})
     ORDER BY lower(r.name)`,
    [userId, at],
  )
  return rows.map((row) => row.name)
}

/**
 * Every role a user holds at `at`, directly or through an active group, with where it comes from
 * and when each of those grants ends. An inactive role is listed too (active: false): it grants
 * nothing, but the administrator should see that the user holds it.
 */
export function effectiveRoles(db: Queryable, userId: number, at: Date): Promise<EffectiveRole[]> {
  return db.query<EffectiveRole>(
    `WITH granted AS (
       SELECT gr.role_id, g.id AS group_id, g.name AS group_name, ${endText('ug')} AS until
       FROM user_groups ug JOIN groups g ON g.id = ug.group_id AND g.active
       JOIN group_roles gr ON gr.group_id = g.id
       WHERE ug.user_id = $1 AND ${grantCounts('ug', '$2::timestamptz')}),
     direct AS (
       SELECT ur.role_id, ${endText('ur')} AS until FROM user_roles ur
       WHERE ur.user_id = $1 AND ${grantCounts('ur', '$2::timestamptz')})
     SELECT r.id, r.name, r.active,
       EXISTS (SELECT 1 FROM direct d WHERE d.role_id = r.id) AS direct,
       (SELECT d.until FROM direct d WHERE d.role_id = r.id) AS until,
       coalesce(
         (SELECT json_agg(json_build_object('id', v.group_id, 'name', v.group_name, 'until', v.until)
                          ORDER BY lower(v.group_name), v.group_id)
          FROM granted v WHERE v.role_id = r.id),
         '[]'::json) AS "viaGroups"
     FROM roles r
     WHERE r.id IN (SELECT role_id FROM direct UNION SELECT role_id FROM granted)
     ORDER BY lower(r.name), r.id`,
    [userId, at],
  )
}
