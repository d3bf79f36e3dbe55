import { USER_COLUMN_IDS, type UserColumnId } from '@shared/user-columns'
import { MIN_VISIBLE_COLUMNS } from '@shared/validation'

export type UserColumnVisibility = Record<UserColumnId, boolean>

const DEFAULT_VISIBLE: readonly UserColumnId[] = [
  'id',
  'username',
  'fullName',
  'isActive',
  'isLocked',
  'actions',
]

export const DEFAULT_COLUMN_VISIBILITY = Object.fromEntries(
  USER_COLUMN_IDS.map((id) => [id, DEFAULT_VISIBLE.includes(id)]),
) as UserColumnVisibility

/**
 * The columns a caller's table has, in table order: Actions only for one who may take an action
 * on users (issue 56), Access ends only against a server naming `grant-ends` (issue 57).
 */
export const offeredColumns = (withActions: boolean, grantEnds: boolean): UserColumnId[] =>
  USER_COLUMN_IDS.filter(
    (id) => (id !== 'actions' || withActions) && (id !== 'accessEndsAt' || grantEnds),
  )

/**
 * What the table, the Columns menu and the exports show: the stored choice among the columns
 * offered. A column not offered is not shown, and does not count among the three that stay.
 */
export const shownColumns = (
  stored: UserColumnVisibility,
  offered: readonly UserColumnId[],
): UserColumnVisibility =>
  Object.fromEntries(
    USER_COLUMN_IDS.map((id) => [id, offered.includes(id) && stored[id]]),
  ) as UserColumnVisibility

export const visibleColumnCount = (visibility: UserColumnVisibility): number =>
  USER_COLUMN_IDS.filter((id) => visibility[id]).length

/** A visible column may be hidden only while more than the minimum stay visible. */
export const canToggleColumn = (visibility: UserColumnVisibility, id: UserColumnId): boolean =>
  !visibility[id] || visibleColumnCount(visibility) > MIN_VISIBLE_COLUMNS

export function toggleColumn(
  visibility: UserColumnVisibility,
  id: UserColumnId,
): UserColumnVisibility {
  if (!canToggleColumn(visibility, id)) return visibility
  return { ...visibility, [id]: !visibility[id] }
}

/**
 * The stored choice, if it describes exactly today's columns and keeps enough of them visible;
 * otherwise the defaults (a choice saved by another version of the table is discarded).
 */
export function restoreColumnVisibility(stored: unknown): UserColumnVisibility {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    return DEFAULT_COLUMN_VISIBILITY
  }
  const entries = Object.entries(stored)
  const sameColumns =
    entries.length === USER_COLUMN_IDS.length &&
    entries.every(
      ([id, visible]) =>
        USER_COLUMN_IDS.includes(id as UserColumnId) && typeof visible === 'boolean',
    )
  if (!sameColumns) return DEFAULT_COLUMN_VISIBILITY
  const visibility = stored as UserColumnVisibility
  return visibleColumnCount(visibility) >= MIN_VISIBLE_COLUMNS
    ? visibility
    : DEFAULT_COLUMN_VISIBILITY
}
