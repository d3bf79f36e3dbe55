import type { UserFilter } from '../../../src/shared/contract'

/** Which users a list, a bulk action or an export is about: a search and the list's filters. */
export interface UserSelection extends UserFilter {
  search?: string
}

/** `%`, `_` and `\` in a search term are taken literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The part of a selection that the trigram index answers. */
export function searchCondition(search: string | undefined, params: unknown[]): string[] {
  if (!search) return []
  params.push(escapeLike(search))
  return [`search_text LIKE '%' || lower($${params.length}) || '%'`]
}

/**
 * The conditions of the list's filters, each over the columns of `users` (alone in its FROM, or
 * unaliased), their values appended to `params` as `$n`. A role is held directly or through an
 * ACTIVE group that grants it, as for administrator rights (admins.ts); whether the role itself
 * is active does not hide its holders.
 */
export function filterConditions(filter: UserFilter, params: unknown[]): string[] {
  const conditions: string[] = []
  if (filter.status) conditions.push(filter.status === 'active' ? 'is_active' : 'NOT is_active')
  if (filter.locked) conditions.push(filter.locked === 'true' ? 'is_locked' : 'NOT is_locked')
  if (filter.roleId !== undefined) {
    params.push(Number(filter.roleId))
    const role = `$${params.length}::int`
    conditions.push(`id IN (
      SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = ${role}
      UNION
      SELECT ug.user_id FROM group_roles gr
      JOIN groups g ON g.id = gr.group_id AND g.active
      JOIN user_groups ug ON ug.group_id = gr.group_id
      WHERE gr.role_id = ${role})`)
  }
  if (filter.groupId !== undefined) {
    params.push(Number(filter.groupId))
    conditions.push(
      `id IN (SELECT ug.user_id FROM user_groups ug WHERE ug.group_id = $${params.length}::int)`,
    )
  }
  return conditions
}

/**
 * The WHERE condition selecting every user of a search and filters, exactly as the users list
 * does (`TRUE` when there are none): `SELECT id FROM users WHERE ${userFilterSql(selection, params)}`.
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
