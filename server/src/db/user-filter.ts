import type { UserFilter } from '../../../src/shared/contract'
import type { Queryable } from './database'
import { escapeLike } from './users'

/** Which users a list, a bulk action or an export is about: a search and the list's filters. */
export interface UserSelection extends UserFilter {
  search?: string
}

/**
 * The part of a selection that the trigram index answers: the search, or only its `parts` (see
 * `searchParts`) looked up in the index and the whole search checked on the rows found.
 */
export function searchCondition(
  search: string | undefined,
  params: unknown[],
  parts?: readonly string[],
): string[] {
  if (!search) return []
  const looked = (parts ?? [search]).map(
    (part) => `search_text LIKE '%' || lower($${params.push(escapeLike(part))}) || '%'`,
  )
  if (parts === undefined) return looked
  return [...looked, `strpos(search_text, lower($${params.push(search)})) > 0`]
}

/**
 * A filter whose role's granting groups were read beforehand (`roleGroupIds`): given as values,
 * PostgreSQL estimates the role's holders from those groups' sizes. Read in the statement, they
 * are unknown when it is planned, and a role that few hold is planned as if a quarter of all
 * users did (a scan of every user instead of a few probes).
 */
export interface ResolvedFilter extends UserFilter {
  roleGroupIds?: readonly number[]
}

/** SQL of the ids of the active groups granting the role `$n`, as an array. */
const grantingGroups = (role: string, filter: ResolvedFilter, params: unknown[]) =>
  filter.roleGroupIds
    ? `$${params.push(filter.roleGroupIds)}::int[]`
    : `ARRAY(SELECT gr.group_id FROM group_roles gr JOIN groups g ON g.id = gr.group_id AND g.active
         WHERE gr.role_id = ${role})`

/** `filter` with its role's granting groups read (see `ResolvedFilter`): one small query. */
export async function resolveRoleGroups<T extends UserFilter>(
  db: Queryable,
  filter: T,
): Promise<T & ResolvedFilter> {
  if (filter.roleId === undefined) return filter
  const [row] = await db.query<{ ids: number[] }>(
    `SELECT coalesce(array_agg(gr.group_id), '{}') AS ids
     FROM group_roles gr JOIN groups g ON g.id = gr.group_id AND g.active WHERE gr.role_id = $1`,
    [Number(filter.roleId)],
    { prepare: true },
  )
  return { ...filter, roleGroupIds: row?.ids ?? [] }
}

/** Ids of the holders of the role `$n`, each once: directly, or through an active group. */
const roleHolders = (role: string, filter: ResolvedFilter, params: unknown[]) =>
  `SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = ${role}
  UNION
  SELECT ug.user_id FROM user_groups ug WHERE ug.group_id = ANY (${grantingGroups(role, filter, params)})`

/**
 * The conditions of the list's filters, each over the columns of `users` (alone in its FROM, or
 * unaliased), their values appended to `params` as `$n`. A role is held directly or through an
 * ACTIVE group that grants it, as for administrator rights (admins.ts); whether the role itself
 * is active does not hide its holders.
 *
 * As sets (the default) PostgreSQL may start from the members and join the users: right when they
 * are few. Probed (`probe`), each row is looked up in the members' primary keys, as scalar
 * subqueries that PostgreSQL never turns into a hash of every member: right when walking a
 * sort's index for a page of a role or group that many users hold.
 */
export function filterConditions(
  filter: ResolvedFilter,
  params: unknown[],
  probe = false,
): string[] {
  return [...statusConditions(filter), ...memberConditions(filter, params, probe)]
}

/** Status and lock: columns of the row itself, which the inactive/locked indexes also cover. */
export function statusConditions(filter: UserFilter): string[] {
  const conditions: string[] = []
  if (filter.status) conditions.push(filter.status === 'active' ? 'is_active' : 'NOT is_active')
  if (filter.locked) conditions.push(filter.locked === 'true' ? 'is_locked' : 'NOT is_locked')
  return conditions
}

/** A role held and a group joined (see `filterConditions`). */
export function memberConditions(
  filter: ResolvedFilter,
  params: unknown[],
  probe = false,
): string[] {
  const conditions: string[] = []
  if (filter.roleId !== undefined) {
    params.push(Number(filter.roleId))
    const role = `$${params.length}::int`
    conditions.push(
      probe
        ? `coalesce(
            (SELECT true FROM user_roles ur WHERE ur.user_id = users.id AND ur.role_id = ${role}),
            (SELECT true FROM user_groups ug WHERE ug.user_id = users.id
             AND ug.group_id = ANY (${grantingGroups(role, filter, params)}) LIMIT 1),
            false)`
        : `id IN (${roleHolders(role, filter, params)})`,
    )
  }
  if (filter.groupId !== undefined) {
    params.push(Number(filter.groupId))
    const group = `$${params.length}::int`
    conditions.push(
      probe
        ? `coalesce((SELECT true FROM user_groups ug WHERE ug.user_id = users.id AND ug.group_id = ${group}), false)`
        : `id IN (SELECT ug.user_id FROM user_groups ug WHERE ug.group_id = ${group})`,
    )
  }
  return conditions
}

/** The ids of the users holding the role and in the group of `filter`, each once; none without either. */
export function memberIds(filter: ResolvedFilter, params: unknown[]): string | undefined {
  const sets: string[] = []
  if (filter.roleId !== undefined) {
    params.push(Number(filter.roleId))
    const role = `$${params.length}::int`
    sets.push(roleHolders(role, filter, params))
  }
  if (filter.groupId !== undefined) {
    params.push(Number(filter.groupId))
    sets.push(`SELECT ug.user_id FROM user_groups ug WHERE ug.group_id = $${params.length}::int`)
  }
  return sets.length > 0 ? sets.map((set) => `(${set})`).join(' INTERSECT ') : undefined
}

/**
 * The WHERE condition selecting every user of a search and filters, exactly as the users list
 * does (`TRUE` when there are none), over `users` unaliased:
 * `SELECT id FROM users WHERE ${userFilterSql(selection, params)}`.
 */
export function userFilterSql(selection: UserSelection, params: unknown[]): string {
  const conditions = [
    ...searchCondition(selection.search, params),
    ...filterConditions(selection, params),
  ]
  return conditions.length > 0 ? conditions.join(' AND ') : 'TRUE'
}

/** Whether a filter is given at all. */
export const hasFilter = (filter: UserFilter) =>
  filter.status !== undefined ||
  filter.locked !== undefined ||
  filter.roleId !== undefined ||
  filter.groupId !== undefined
