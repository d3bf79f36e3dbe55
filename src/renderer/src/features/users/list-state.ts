import {
  MAX_SEARCH_LENGTH,
  SORT_DIRECTIONS,
  USER_SORT_FIELDS,
  USERS_PAGE_SIZE,
  userFilterFields,
  type SortDirection,
  type UserFilter,
  type UserListQuery,
  type UserSortField,
} from '@shared/contract'
import { LIST_FILTER_KEYS, USER_FILTERS, type ListFilterKey } from '@shared/user-list-fields'

export interface UserSort {
  field: UserSortField
  direction: SortDirection
}

/** The list's filters (issue 12), as the contract declares them; an absent one is "All". */
export type UserListFilter = {
  [Key in ListFilterKey]?: Key extends 'roleId' | 'groupId' ? number : UserFilter[Key]
}

/**
 * Where the administrator is in the list: what they searched, which filters hold, how it is
 * sorted, which page (zero-based, as the server counts).
 */
export interface UserListState {
  search: string
  filter: UserListFilter
  sort: UserSort
  page: number
}

export type UserListAction =
  | { type: 'search'; search: string }
  | { type: 'filter'; change: UserListFilter }
  | { type: 'sort'; field: UserSortField }
  | { type: 'page'; page: number }

export const INITIAL_LIST_STATE: UserListState = {
  search: '',
  filter: {},
  sort: { field: 'id', direction: 'asc' },
  page: 0,
}

export const isUserSortField = (field: string): field is UserSortField =>
  (USER_SORT_FIELDS as readonly string[]).includes(field)

/** Clicking the sorted column flips its direction; another column starts ascending. */
export function nextSort(current: UserSort, field: UserSortField): UserSort {
  if (current.field !== field) return { field, direction: 'asc' }
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' }
}

/**
 * A new search, filter or sort starts again from the first page. A filter change names only the
 * filters it sets (undefined for "All"): the others hold.
 */
export function userListReducer(state: UserListState, action: UserListAction): UserListState {
  switch (action.type) {
    case 'search': {
      const search = action.search.trim()
      return search === state.search ? state : { ...state, search, page: 0 }
    }
    case 'filter':
      return { ...state, filter: withoutEmpty({ ...state.filter, ...action.change }), page: 0 }
    case 'sort':
      return { ...state, sort: nextSort(state.sort, action.field), page: 0 }
    case 'page':
      return { ...state, page: action.page }
  }
}

const withoutEmpty = (filter: UserListFilter): UserListFilter =>
  Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as UserListFilter

/** The request for the list; an empty search and "All" filters are left out (SPEC.md section 7). */
export function userListQuery(state: UserListState): UserListQuery {
  return {
    page: state.page,
    size: USERS_PAGE_SIZE,
    sort: state.sort.field,
    direction: state.sort.direction,
    ...(state.search ? { search: state.search } : {}),
    ...withoutEmpty(state.filter),
  }
}

/** One URL value, checked by the contract's own rule; anything it refuses is the default. */
function valid<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  raw: string | null,
) {
  if (raw === null) return undefined
  const checked = schema.safeParse(raw)
  return checked.success ? checked.data : undefined
}

/**
 * The list as `/users?search=…&sort=…&direction=…&page=…` and each filter by its name (`status=…`,
 * `roleId=…`, …, as `LIST_FILTER_KEYS`) says it (issue 12). The URL's page counts from 1, as the pagination shows it. A value that is
 * missing or not one the list could have made gives that part's default.
 */
export function parseUserListSearch(params: URLSearchParams): UserListState {
  const search = (params.get('search') ?? '').trim()
  const sortField = params.get('sort')
  const direction = params.get('direction')
  const pageText = params.get('page')
  const page = pageText !== null && /^[1-9]\d{0,8}$/.test(pageText) ? Number(pageText) - 1 : 0
  return {
    // Free text, as if typed: one the server refuses shows its error, as typing it would.
    search: search.length > MAX_SEARCH_LENGTH ? '' : search,
    filter: withoutEmpty(
      Object.fromEntries(
        LIST_FILTER_KEYS.map((key) => [
          key,
          USER_FILTERS[key].kind === 'members'
            ? positiveId(params.get(key))
            : valid<unknown>(userFilterFields[key], params.get(key)),
        ]),
      ),
    ),
    sort: {
      field: sortField !== null && isUserSortField(sortField) ? sortField : 'id',
      direction:
        direction !== null && (SORT_DIRECTIONS as readonly string[]).includes(direction)
          ? (direction as SortDirection)
          : 'asc',
    },
    page,
  }
}

/** Digits only: the contract's coercion would also take "1e3" or " 7". */
function positiveId(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined
  return valid(userFilterFields.roleId, raw)
}

/** The URL's query of a list state, defaults left out; parsing it gives the state back. */
export function userListSearchParams(state: UserListState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.search) params.set('search', state.search)
  if (state.sort.field !== INITIAL_LIST_STATE.sort.field) params.set('sort', state.sort.field)
  if (state.sort.direction !== INITIAL_LIST_STATE.sort.direction)
    params.set('direction', state.sort.direction)
  if (state.page > 0) params.set('page', String(state.page + 1))
  for (const key of LIST_FILTER_KEYS) {
    const value = state.filter[key]
    if (value !== undefined) params.set(key, String(value))
  }
  return params
}
