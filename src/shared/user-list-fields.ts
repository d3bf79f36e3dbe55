/**
 * The users list's sorts and filters, each declared once (issue 31). The contract's query, the
 * server's list engine (server/src/db/user-list: its SQL, cursors, anchors, kept counts and
 * bulk selection) and the console's list comparison and bulk scope derive from here; a test reads
 * the database's triggers and fails when one of these columns is not among those that version
 * the orders and filters (tests/integration/user-list-triggers.test.ts).
 */

/** A sort: the column of users it orders by (then by id), its type and whether it can be null. */
export interface SortDeclaration {
  column: string
  type: 'int' | 'text' | 'boolean' | 'timestamptz'
  nullable: boolean
  /** Ordered regardless of case, by `lower(column)`, as its unique index is. */
  caseless?: boolean
}

/** SPEC.md section 2: the nine sortable fields (not fullName, not actions), in table order. */
export const USER_SORTS = {
  id: { column: 'id', type: 'int', nullable: false },
  username: { column: 'username', type: 'text', nullable: false, caseless: true },
  email: { column: 'email', type: 'text', nullable: false, caseless: true },
  phoneNumber: { column: 'phone_number', type: 'text', nullable: false },
  isActive: { column: 'is_active', type: 'boolean', nullable: false },
  isLocked: { column: 'is_locked', type: 'boolean', nullable: false },
  lastLogin: { column: 'last_login', type: 'timestamptz', nullable: true },
  createdDate: { column: 'created_date', type: 'timestamptz', nullable: false },
  updatedDate: { column: 'updated_date', type: 'timestamptz', nullable: false },
} as const satisfies Record<string, SortDeclaration>

export type UserSortField = keyof typeof USER_SORTS

/**
 * A filter of the list, a bulk action and an export, by how it selects users:
 * - `search`: text held by the column (lower case), which the database generates from others;
 * - `flag`: a boolean column of users, true for the filter's value `whenTrue`;
 * - `members`: users holding a role or in a group, kept in tables of their own, by id;
 * - `exists`: users with a row of `table` where `condition` holds (by `user_id`), for the value
 *   `whenTrue`, without one otherwise; no totals are kept of it, its lists are counted;
 * - `row`: users whose own row meets the condition the server makes of the value (`ROW_SQL`,
 *   server/src/db/user-list/filters.ts); no totals are kept of it, its lists are counted, and
 *   afresh on every request when the condition moves with the clock (`relative`).
 */
export type FilterDeclaration =
  | { kind: 'search'; column: string; type: 'text' }
  | { kind: 'flag'; column: string; type: 'boolean'; whenTrue: string }
  | { kind: 'members'; type: 'int' }
  | { kind: 'exists'; table: string; condition: string; type: 'boolean'; whenTrue: string }
  | { kind: 'row'; type: 'text'; relative: boolean }

/** The filters in the order every key of a list (cursor, anchors, kept count) lists them. */
export const USER_FILTERS = {
  search: { kind: 'search', column: 'search_text', type: 'text' },
  status: { kind: 'flag', column: 'is_active', type: 'boolean', whenTrue: 'active' },
  locked: { kind: 'flag', column: 'is_locked', type: 'boolean', whenTrue: 'true' },
  roleId: { kind: 'members', type: 'int' },
  groupId: { kind: 'members', type: 'int' },
  // Issue 30: a confirmed second factor (migration 018).
  twoStep: {
    kind: 'exists',
    table: 'second_factors',
    condition: 'confirmed_at IS NOT NULL',
    type: 'boolean',
    whenTrue: 'on',
  },
  // Issue 57: never signed in, or not since a time (the last sign-in, or the creation).
  lastSignIn: { kind: 'row', type: 'text', relative: true },
  // Issue 57: a direct role or membership given until a time that comes within 24 hours or 7 days.
  accessEnding: { kind: 'row', type: 'text', relative: true },
} as const satisfies Record<string, FilterDeclaration>

export type UserFilterKey = keyof typeof USER_FILTERS
export const USER_FILTER_KEYS = Object.keys(USER_FILTERS) as UserFilterKey[]

type FilterKeyOfKind<Kind extends FilterDeclaration['kind']> = {
  [Key in UserFilterKey]: (typeof USER_FILTERS)[Key]['kind'] extends Kind ? Key : never
}[UserFilterKey]
export type FlagFilterKey = FilterKeyOfKind<'flag'>
export type MemberFilterKey = FilterKeyOfKind<'members'>

const keysOfKind = <Kind extends FilterDeclaration['kind']>(kind: Kind) =>
  USER_FILTER_KEYS.filter((key) => USER_FILTERS[key].kind === kind) as FilterKeyOfKind<Kind>[]

/** The filters on a boolean column of users (status and lock), in `USER_FILTER_KEYS` order. */
export const FLAG_FILTER_KEYS = keysOfKind('flag')
/** The filters by role or group, in `USER_FILTER_KEYS` order. */
export const MEMBER_FILTER_KEYS = keysOfKind('members')
/** The filters by a row of another table (two-step sign-in), in `USER_FILTER_KEYS` order. */
export const EXISTS_FILTER_KEYS = keysOfKind('exists')
export type RowFilterKey = FilterKeyOfKind<'row'>
/** The filters by a condition of the user's own row (last sign-in), in `USER_FILTER_KEYS` order. */
export const ROW_FILTER_KEYS = keysOfKind('row')

/** The filters but the search: what "a filter is set" means, and what an anchor's list is of. */
export type ListFilterKey = Exclude<UserFilterKey, 'search'>
export const LIST_FILTER_KEYS = USER_FILTER_KEYS.filter(
  (key) => key !== 'search',
) as ListFilterKey[]

/** A list's search and filters, as the query, a bulk filter or an export carries them. */
export type FilterValues = Partial<Record<UserFilterKey, unknown>>

/** Whether the filter `key` is given (an empty search is none). */
export const filterIsSet = (values: FilterValues, key: UserFilterKey) =>
  values[key] !== undefined && values[key] !== ''

/**
 * The list's search and filters as one comparable value, each in `USER_FILTER_KEYS` order, a
 * missing one as '': lists with equal keys select the same users. The search is compared as
 * given, or lowered (`caseless`) where the server matches it regardless of case.
 */
export const filterKey = (values: FilterValues, caseless = false): unknown[] =>
  USER_FILTER_KEYS.map((key) => {
    const value = values[key] ?? ''
    return caseless && typeof value === 'string' ? value.toLowerCase() : value
  })
