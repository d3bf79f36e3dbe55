import type { UserExportRequest } from '@shared/bridge-inputs'
import type { MessageId } from '@shared/i18n/catalogues'
import { USER_COLUMN_LABELS } from '@shared/user-columns'
import type { LanguageText } from '../host/language'

/** A role's or group's name by id, for the report to name a filter as the list shows it. */
export type AccessName = (kind: 'role' | 'group', id: number) => Promise<string | undefined>

const STATUS_WORDS = { active: 'cells.activeState', inactive: 'cells.inactiveState' } as const
const LOCK_WORDS = { true: 'cells.lockedState', false: 'cells.unlockedState' } as const
const TWO_STEP_WORDS = { on: 'cells.on', off: 'cells.off' } as const satisfies Record<
  string,
  MessageId
>

/**
 * What a Users report holds, in the list's words (issue 56): the search and each filter as the
 * Users page labels them, or the chosen users, and the sort. One line each, under the title.
 */
export async function userReportNotes(
  request: UserExportRequest,
  accessName: AccessName,
  { t, isolate }: Pick<LanguageText, 't' | 'isolate'>,
): Promise<string[]> {
  const sort = t(
    request.direction === 'asc' ? 'exports.sortedAscending' : 'exports.sortedDescending',
    {
      column: t(USER_COLUMN_LABELS[request.sort]),
    },
  )
  if (request.ids) return [t('exports.selectedUsers', { count: request.ids.length })]
  const filter = request.filter ?? {}
  const named = async (kind: 'role' | 'group', id: number) =>
    isolate((await accessName(kind, id)) ?? `#${id}`)
  const held = [
    request.search ? t('exports.searchFilter', { search: isolate(request.search) }) : undefined,
    filter.status && t('exports.statusFilter', { status: t(STATUS_WORDS[filter.status]) }),
    filter.locked && t('exports.lockFilter', { lock: t(LOCK_WORDS[filter.locked]) }),
    filter.twoStep && t('exports.twoStepFilter', { twoStep: t(TWO_STEP_WORDS[filter.twoStep]) }),
    filter.roleId !== undefined
      ? t('exports.roleFilter', { name: await named('role', Number(filter.roleId)) })
      : undefined,
    filter.groupId !== undefined
      ? t('exports.groupFilter', { name: await named('group', Number(filter.groupId)) })
      : undefined,
  ].filter((part): part is string => Boolean(part))
  return [
    held.length > 0
      ? t('exports.usersMatching', { filters: held.join(t('exports.filterSeparator')) })
      : t('exports.allUsers'),
    sort,
  ]
}
