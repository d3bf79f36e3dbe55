import type { UserFilter } from '@shared/contract'
import { escapeLike } from '../users'

/** Which users a list, a bulk action or an export is about: a search and the list's filters. */
export interface UserSelection extends UserFilter {
  search?: string
}

/** Whether a user's search text holds `text` as it is (`%` and `_` are no wildcards). */
export const searchTextHolds = (text: string, params: unknown[]) =>
  `search_text LIKE '%' || lower($${params.push(escapeLike(text))}) || '%'`

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
  const looked = (parts ?? [search]).map((part) => searchTextHolds(part, params))
  if (parts === undefined) return looked
  // Not a LIKE: the whole search must not draw the plan to the trigram index after all.
  return [...looked, `strpos(search_text, lower($${params.push(search)})) > 0`]
}

/**
 * The conditions of the list's filters, each over the columns of `users` (alone in its FROM, or
 * unaliased), their values appended to `params` as `$n`. A role is held directly or through an
 * ACTIVE group that grants it, as for administrator rights (admins.ts): its holders are kept in
 * user_role_grant (migration 010). Whether the role itself is active does not hide its holders.
 *
 * As sets (the default) PostgreSQL may start from the members and join the users: right when they
 * are few. Probed (`probe`), each row is looked up in the members' primary keys, as scalar
 * subqueries that PostgreSQL never turns into a hash of every member: right when walking a
 * sort's index for a page of a role or group that many users hold.
 */
export function filterConditions(filter: UserFilter, params: unknown[], probe = false): string[] {
  return [...statusConditions(filter), ...memberConditions(filter, params, probe)]
}

/** Status and lock: columns of the row itself, which the inactive/locked indexes also cover. */
export function statusConditions(filter: UserFilter): string[] {
  const conditions: string[] = []
  if (filter.status) conditions.push(filter.status === 'active' ? 'is_active' : 'NOT is_active')
  if (filter.locked) conditions.push(filter.locked === 'true' ? 'is_locked' : 'NOT is_locked')
  return conditions
}

/** The members of the role `$n` or the group `$n`, as a table and its key column. */
const MEMBERS = {
  role: { table: 'user_role_grant', column: 'role_id' },
  group: { table: 'user_groups', column: 'group_id' },
} as const

/** The role and the group a filter asks for, each with its members' table. */
function memberFilters(filter: UserFilter) {
  return [
    ...(filter.roleId !== undefined ? [{ ...MEMBERS.role, id: Number(filter.roleId) }] : []),
    ...(filter.groupId !== undefined ? [{ ...MEMBERS.group, id: Number(filter.groupId) }] : []),
  ]
}

/** A role held and a group joined (see `filterConditions`). */
export function memberConditions(filter: UserFilter, params: unknown[], probe = false): string[] {
  return memberFilters(filter).map(({ table, column, id }) => {
    const member = `${table} m WHERE m.${column} = $${params.push(id)}::int`
    return probe
      ? `coalesce((SELECT true FROM ${member} AND m.user_id = users.id), false)`
      : `id IN (SELECT m.user_id FROM ${member})`
  })
}

/**
 * The ids of the users holding the role and in the group of `filter` whose search text holds
 * `search`, each once, from the members' indexes alone (they hold the search text, migration
 * 012); undefined without a role or group.
 */
export function memberIds(
  filter: UserFilter,
  params: unknown[],
  search?: string,
): string | undefined {
  const sets = memberFilters(filter).map(({ table, column, id }) => {
    // A LIKE, cheaper a row than strpos: the members' indexes have no trigrams to tempt the plan.
    const searched = search ? ` AND ${searchTextHolds(search, params)}` : ''
    return `SELECT user_id FROM ${table} WHERE ${column} = $${params.push(id)}::int${searched}`
  })
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
