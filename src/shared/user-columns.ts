import type { User } from './contract'
import type { DateText } from './dates'
import type { MessageId, Translate } from './i18n/catalogues'
import { activeText, lockedText } from './user-actions'

/**
 * The Users table's columns and their headers, in table order (SPEC.md section 2), with
 * whether two-step sign-in is on (issue 30) and when access ends (issue 57), hidden unless
 * chosen.
 */
export const USER_COLUMN_LABELS = {
  id: 'cells.userId',
  username: 'cells.username',
  email: 'cells.email',
  fullName: 'cells.fullName',
  phoneNumber: 'cells.phone',
  isActive: 'cells.active',
  isLocked: 'cells.locked',
  twoStep: 'cells.twoStep',
  accessEndsAt: 'cells.accessEnds',
  lastLogin: 'cells.lastLogin',
  createdDate: 'cells.createdAt',
  updatedDate: 'cells.lastUpdated',
  actions: 'cells.actions',
} as const satisfies Record<string, MessageId>

export type UserColumnId = keyof typeof USER_COLUMN_LABELS
export const USER_COLUMN_IDS = Object.keys(USER_COLUMN_LABELS) as UserColumnId[]

/** Every column but the row actions can be exported. */
export const EXPORTABLE_USER_COLUMNS = USER_COLUMN_IDS.filter(
  (id): id is Exclude<UserColumnId, 'actions'> => id !== 'actions',
)
export type ExportableUserColumn = (typeof EXPORTABLE_USER_COLUMNS)[number]

/**
 * A cell's text as the table shows it, and so as exports write it: states in words, dates as
 * `date` writes them (the console's format, or ISO 8601 in a CSV), a missing value as "Never"
 * (last login, in `t`'s language), nothing (no access that ends) or a dash.
 */
export function userCellText(
  user: User,
  column: ExportableUserColumn,
  date: DateText,
  t: Translate,
): string {
  switch (column) {
    case 'isActive':
      return activeText(user, t)
    case 'isLocked':
      return lockedText(user, t)
    case 'twoStep':
      return t(user.twoStep ? 'cells.on' : 'cells.off')
    case 'lastLogin':
      return date(user.lastLogin, t('cells.never'))
    case 'accessEndsAt':
      return date(user.accessEndsAt, '')
    case 'createdDate':
    case 'updatedDate':
      return date(user[column])
    default:
      return String(user[column] ?? '-')
  }
}
