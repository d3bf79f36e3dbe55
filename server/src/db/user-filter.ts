import type { UserFilter } from '../../../src/shared/contract'
import { escapeLike } from './users'

export interface Selection {
  /** SQL conditions on `users`, all of which must hold; empty selects everyone. */
  conditions: string[]
  values: unknown[]
}

/**
 * The users a search and the list's filters select (issue 12), as conditions with numbered
 * parameters: the search as the list has it, status, lock, a role held directly or through an
 * active group, a group held.
 */
export function userSelection(query: UserFilter & { search?: string }): Selection {
  const conditions: string[] = []
  const values: unknown[] = []
  const param = (value: unknown) => {
    values.push(value)
    return `$${values.length}`
  }
  if (query.search) {
    conditions.push(`search_text LIKE '%' || lower(${param(escapeLike(query.search))}) || '%'`)
  }
  if (query.status) conditions.push(`is_active = ${param(query.status === 'active')}`)
  if (query.locked) conditions.push(`is_locked = ${param(query.locked === 'true')}`)
  if (query.roleId !== undefined) {
    const role = param(Number(query.roleId))
    conditions.push(`id IN (
      SELECT user_id FROM user_roles WHERE role_id = ${role}
      UNION
      SELECT ug.user_id FROM user_groups ug JOIN groups g ON g.id = ug.group_id AND g.active
      JOIN group_roles gr ON gr.group_id = g.id WHERE gr.role_id = ${role})`)
  }
  if (query.groupId !== undefined) {
    conditions.push(
      `id IN (SELECT user_id FROM user_groups WHERE group_id = ${param(Number(query.groupId))})`,
    )
  }
  return { conditions, values }
}
