import type { User } from '../../../../../shared/contract'
import { formatDateTime } from '../../../lib/dates'
import {
  USER_COLUMN_IDS,
  USER_COLUMN_LABELS,
  type UserColumnId,
  type UserColumnVisibility,
} from '../columns'
import { activeText, lockedText } from '../status-change'
import type { ExportColumn } from './export-column'

type ExportedField = Exclude<UserColumnId, 'actions'>

const FORMATS: Partial<Record<ExportedField, ExportColumn<User>['format']>> = {
  isActive: (_value, user) => activeText(user),
  isLocked: (_value, user) => lockedText(user),
  lastLogin: (_value, user) => formatDateTime(user.lastLogin, 'Never'),
  createdDate: (_value, user) => formatDateTime(user.createdDate),
  updatedDate: (_value, user) => formatDateTime(user.updatedDate),
}

/** The columns the administrator sees, as shown on screen; the actions column holds no data. */
export function userExportColumns(visibility: UserColumnVisibility): ExportColumn<User>[] {
  return USER_COLUMN_IDS.filter(
    (id): id is ExportedField => id !== 'actions' && visibility[id],
  ).map((key) => ({ key, header: USER_COLUMN_LABELS[key], format: FORMATS[key] }))
}
