import type { BulkFilter } from '../../../src/shared/contract'
import type { Queryable } from './database'

/** `%`, `_` and `\` in a search term are taken literally, as in the list. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The WHERE clause and parameters that select the users the list shows for this search and
 * these filters: the search as the list's LIKE on `search_text`, a role held directly or
 * through an active group, a group held directly.
 */
export function bulkSelectionSql(filter: BulkFilter): { where: string; params: unknown[] } {
  const params: unknown[] = []
  const conditions: string[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  if (filter.search) {
    conditions.push(`search_text LIKE '%' || lower(${param(escapeLike(filter.search))}) || '%'`)
  }
  if (filter.status) conditions.push(`is_active = ${param(filter.status === 'active')}`)
  if (filter.locked) conditions.push(`is_locked = ${param(filter.locked === 'true')}`)
  if (filter.roleId !== undefined) {
    const roleId = param(Number(filter.roleId))
    conditions.push(`id IN (
      SELECT user_id FROM user_roles WHERE role_id = ${roleId}
      UNION
      SELECT ug.user_id FROM user_groups ug
      JOIN groups g ON g.id = ug.group_id AND g.active
      JOIN group_roles gr ON gr.group_id = g.id
      WHERE gr.role_id = ${roleId})`)
  }
  if (filter.groupId !== undefined) {
    conditions.push(
      `id IN (SELECT user_id FROM user_groups WHERE group_id = ${param(Number(filter.groupId))})`,
    )
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params }
}

/** The ids of the users matching, in id order, at most `limit` + 1 so that "too many" shows. */
export async function selectUserIds(
  db: Queryable,
  filter: BulkFilter,
  limit: number,
): Promise<number[]> {
  const { where, params } = bulkSelectionSql(filter)
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM users ${where} ORDER BY id LIMIT $${params.length + 1}`,
    [...params, limit + 1],
  )
  return rows.map((row) => row.id)
}
