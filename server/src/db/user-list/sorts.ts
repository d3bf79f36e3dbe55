import { USER_SORT_FIELDS, type SortDirection, type UserSortField } from '@shared/contract'
import {
  FLAG_FILTER_KEYS,
  USER_FILTERS,
  USER_SORTS,
  type FlagFilterKey,
  type SortDeclaration,
} from '@shared/user-list-fields'
import { utcText } from '../users'
import type { SortKey } from './cursor'

/** A sort of `USER_SORTS` as its SQL. */
export interface SortSpec {
  /** The expression ordered by; each matches an index of the schema, ending in the id. */
  key: string
  /** The column the key is of. */
  column: string
  /** The key as a cursor carries it: text exact to the microsecond for timestamps. */
  cursorKey: string
  /** The type a cursor's key is read back as. */
  type: string
  nullable: boolean
  /**
   * The counters of user_total that move whenever this order may have changed: its anchors hold
   * while none has (migration 008's `order_version`, with or without others).
   */
  orderVersions: readonly string[]
  /** Whether its column is one that only user_state indexes (`STATE_COLUMNS`). */
  ofState: boolean
  /** The filter of its column when it orders by a flag (status or lock). */
  flag?: FlagFilterKey
}

/**
 * The columns no index of users holds (migration 028), so that a status change rewrites a
 * user's row alone (a HOT update): user_state copies them, with the sort keys and the search
 * text, and its indexes serve the orders by them and the inactive and locked users.
 */
export const STATE_COLUMNS: readonly string[] = ['is_active', 'is_locked', 'updated_date']

/** Migration 008's counter: inserts, deletes and the keys of the sorts without counters of their own. */
export const ORDER_VERSION = 'order_version'
/**
 * Migration 029's counters, each moved by a change of its flag's column alone: what a list over
 * a status or lock holds, and the order by it, hold while that flag's counter has not moved.
 */
export const FLAG_VERSIONS: Record<FlagFilterKey, string> = {
  status: 'active_version',
  locked: 'locked_version',
}

/**
 * Sorts whose anchors hold by other counters than migration 008's alone: sign-ins move the order
 * by last login only (migration 014), and every write the order by update time (024); neither
 * must make the anchors of every order stale. The order by a flag holds by its own (029).
 */
const OWN_ORDER_VERSIONS: Partial<Record<UserSortField, readonly string[]>> = {
  lastLogin: ['login_order_version'],
  updatedDate: [ORDER_VERSION, 'updated_order_version'],
}

/** The counters of the order by `field`: its flag's with migration 008's, or as declared above. */
function orderVersionsOf(field: UserSortField, flag: FlagFilterKey | undefined): readonly string[] {
  if (flag) return [ORDER_VERSION, FLAG_VERSIONS[flag]]
  return OWN_ORDER_VERSIONS[field] ?? [ORDER_VERSION]
}

function sortSpec(field: UserSortField, declared: SortDeclaration): SortSpec {
  const { column, type, nullable, caseless } = declared
  const key = caseless ? `lower(${column})` : column
  // The key of `id` is the id itself, which a cursor carries anyway.
  const cursorKey =
    type === 'int' ? 'NULL::text' : type === 'timestamptz' ? utcText(column, 'US') : key
  const flag = FLAG_FILTER_KEYS.find((each) => USER_FILTERS[each].column === column)
  const orderVersions = orderVersionsOf(field, flag)
  const ofState = STATE_COLUMNS.includes(column)
  return { key, column, cursorKey, type, nullable, orderVersions, ofState, ...(flag && { flag }) }
}

export const SORTS = Object.fromEntries(
  USER_SORT_FIELDS.map((field) => [field, sortSpec(field, USER_SORTS[field])]),
) as Record<UserSortField, SortSpec>

/**
 * The sort's key as the table holds it, for a statement that also outputs the users' columns:
 * a bare name in ORDER BY means the output column, and the output's timestamps are text to the
 * millisecond (`USER_COLUMNS_AS_TEXT`), which would order rows a microsecond apart as equal.
 */
export const tableKey = (sort: SortSpec) =>
  sort.type === 'timestamptz' ? `users.${sort.key}` : sort.key

export const reverse = (direction: SortDirection): SortDirection =>
  direction === 'asc' ? 'desc' : 'asc'

export function orderBy(sort: SortSpec, direction: SortDirection): string {
  const dir = direction === 'desc' ? 'DESC' : 'ASC'
  return sort.key === 'id' ? `id ${dir}` : `${sort.key} ${dir}, id ${dir}`
}

/** The order of a page's rows, in a statement that also outputs the users' columns. */
export const rowOrder = (sort: SortSpec, direction: SortDirection) =>
  orderBy({ ...sort, key: tableKey(sort) }, direction)

/** A row of the list's order: where a keyset read starts after. */
export interface Boundary {
  key: SortKey
  id: number
}

/**
 * The rows after `boundary` in the order `direction`, as conditions that are alternatives, each
 * a range of the sort's index. PostgreSQL sorts NULLs last ascending and first descending, so a
 * nullable key (last login) needs a second range for the NULLs.
 */
export function afterBoundary(
  sort: SortSpec,
  direction: SortDirection,
  boundary: Boundary,
  params: unknown[],
): string[] {
  const cmp = direction === 'asc' ? '>' : '<'
  params.push(boundary.id)
  const id = `$${params.length}::int`
  if (sort.key === 'id') return [`id ${cmp} ${id}`]
  if (boundary.key === null) {
    const nulls = `${sort.key} IS NULL AND id ${cmp} ${id}`
    return direction === 'asc' ? [nulls] : [nulls, `${sort.key} IS NOT NULL`]
  }
  params.push(boundary.key)
  const ranged = `(${sort.key}, id) ${cmp} ($${params.length}::${sort.type}, ${id})`
  return sort.nullable && direction === 'asc' ? [ranged, `${sort.key} IS NULL`] : [ranged]
}
