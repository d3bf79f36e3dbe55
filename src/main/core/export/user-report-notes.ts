import type { UserExportRequest } from '@shared/bridge-inputs'
import { USER_COLUMN_LABELS } from '@shared/user-columns'

/** A role's or group's name by id, for the report to name a filter as the list shows it. */
export type AccessName = (kind: 'role' | 'group', id: number) => Promise<string | undefined>

const STATUS_WORDS = { active: 'Active', inactive: 'Inactive' } as const
const LOCK_WORDS = { true: 'Locked', false: 'Unlocked' } as const
const TWO_STEP_WORDS = { on: 'On', off: 'Off' } as const

/**
 * What a Users report holds, in the list's words (issue 56): the search and each filter as the
 * Users page labels them, or the chosen users, and the sort. One line each, under the title.
 */
export async function userReportNotes(
  request: UserExportRequest,
  accessName: AccessName,
): Promise<string[]> {
  const sort = `Sorted by ${USER_COLUMN_LABELS[request.sort]}, ${request.direction === 'asc' ? 'ascending' : 'descending'}`
  if (request.ids) return [`The ${request.ids.length} selected users, in the order chosen`]
  const filter = request.filter ?? {}
  const named = async (kind: 'role' | 'group', id: number) =>
    (await accessName(kind, id)) ?? `#${id}`
  const held = [
    request.search ? `Search "${request.search}"` : undefined,
    filter.status && `Status: ${STATUS_WORDS[filter.status]}`,
    filter.locked && `Lock: ${LOCK_WORDS[filter.locked]}`,
    filter.twoStep && `Two-step: ${TWO_STEP_WORDS[filter.twoStep]}`,
    filter.roleId !== undefined ? `Role: ${await named('role', Number(filter.roleId))}` : undefined,
    filter.groupId !== undefined
      ? `Group: ${await named('group', Number(filter.groupId))}`
      : undefined,
  ].filter((part): part is string => Boolean(part))
  return [held.length > 0 ? `Users matching ${held.join(', ')}` : 'All users', sort]
}
