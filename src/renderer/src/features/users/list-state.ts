import {
  USER_SORT_FIELDS,
  USERS_PAGE_SIZE,
  type SortDirection,
  type UserListQuery,
  type UserSortField,
} from '../../../../shared/contract'

export interface UserSort {
  field: UserSortField
  direction: SortDirection
}

/** Where the administrator is in the list: what they searched, how it is sorted, which page. */
export interface UserListState {
  search: string
  sort: UserSort
  page: number
}

export type UserListAction =
  | { type: 'search'; search: string }
  | { type: 'sort'; field: UserSortField }
  | { type: 'page'; page: number }

export const INITIAL_LIST_STATE: UserListState = {
  search: '',
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

/** A new search or a new sort starts again from the first page. */
export function userListReducer(state: UserListState, action: UserListAction): UserListState {
  switch (action.type) {
    case 'search': {
      const search = action.search.trim()
      return search === state.search ? state : { ...state, search, page: 0 }
    }
    case 'sort':
      return { ...state, sort: nextSort(state.sort, action.field), page: 0 }
    case 'page':
      return { ...state, page: action.page }
  }
}

/** The request for the list; an empty search is left out (SPEC.md section 7). */
export function userListQuery(state: UserListState): UserListQuery {
  return {
    page: state.page,
    size: USERS_PAGE_SIZE,
    sort: state.sort.field,
    direction: state.sort.direction,
    ...(state.search ? { search: state.search } : {}),
  }
}
