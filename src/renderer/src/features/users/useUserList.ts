import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useMemo, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import type { Page, User } from '@shared/contract'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { errorMessage, unwrap } from '../../lib/query'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { cursorStep, fetchListPage, lastPageIfBeyond, type CursorStep } from './list-paging'
import {
  isUserSortField,
  parseUserListSearch,
  userListQuery,
  userListReducer,
  userListSearchParams,
  type UserListAction,
  type UserListFilter,
} from './list-state'

const SEARCH_DELAY_MS = 300

/** Marks a history entry made by the search box, so that further typing replaces it. */
interface SearchEntry {
  searchEdit: true
}
const isSearchEntry = (state: unknown) =>
  (state as Partial<SearchEntry> | null)?.searchEdit === true

/**
 * One page of users as the URL describes it (issue 12): search, filters, sort and page live in
 * `/users?…`, so a reload, Back/Forward and "Back to Users" show the same list. Each change is
 * a history entry; a search is one entry however many keys were typed. While a new page loads
 * the previous one keeps the pagination in place; a failed fetch empties the list (SPEC.md
 * section 8).
 */
export function useUserList() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const state = useMemo(() => parseUserListSearch(params), [params])
  const [searchText, setSearchText] = useState(state.search)
  const settledSearch = useDebouncedValue(searchText, SEARCH_DELAY_MS)
  const [step, setStep] = useState<CursorStep>()

  const apply = (action: UserListAction, options: { replace?: boolean; state?: unknown } = {}) => {
    const next = userListSearchParams(userListReducer(state, action))
    // The same list again (a second click on Next while it loads) is no new history entry.
    if (next.toString() !== userListSearchParams(state).toString()) setParams(next, options)
  }

  // Only a newly settled search is written: Back/Forward must not be undone by the box.
  const writeSearch = useEffectEvent((search: string) =>
    apply(
      { type: 'search', search },
      { replace: isSearchEntry(location.state), state: { searchEdit: true } satisfies SearchEntry },
    ),
  )
  useEffect(() => writeSearch(settledSearch), [settledSearch])

  // Back/Forward (or a link) changed the search: the box shows it.
  useEffect(() => {
    setSearchText((text) => (text.trim() === state.search ? text : state.search))
  }, [state.search])

  const query = userListQuery(state)
  const queryKey = queryKeys.userList(query)
  const client = useQueryClient()
  const list = useQuery({
    queryKey,
    queryFn: () => unwrap(fetchListPage(admin().users.list, query, step)),
    placeholderData: keepPreviousData,
  })
  const shown = list.isPlaceholderData || list.isError ? undefined : list.data

  const beyond = shown && lastPageIfBeyond(shown)
  const goToPage = useEffectEvent((page: number) =>
    apply({ type: 'page', page }, { replace: true }),
  )
  useEffect(() => {
    if (beyond !== undefined) goToPage(beyond)
  }, [beyond])

  /** Puts the user the server answered in place of the row it replaces. */
  const replaceUser = (user: User) =>
    client.setQueryData<Page<User>>(
      queryKey,
      (page) =>
        page && {
          ...page,
          content: page.content.map((row) => (row.id === user.id ? user : row)),
        },
    )

  return {
    query,
    filter: state.filter,
    searchText,
    setSearchText,
    setFilter: (filter: UserListFilter) => apply({ type: 'filter', filter }),
    sort: state.sort,
    sortBy: (field: string) => {
      if (isUserSortField(field)) apply({ type: 'sort', field })
    },
    goToPage: (page: number) => {
      const next = userListReducer(state, { type: 'page', page })
      setStep(cursorStep(shown && { query, answer: shown }, userListQuery(next)))
      apply({ type: 'page', page })
    },
    users: list.isError ? [] : (list.data?.content ?? []),
    page: list.isError ? undefined : list.data?.page,
    loading: list.isFetching,
    error: list.isError ? errorMessage(list.error, 'Failed to fetch users') : null,
    replaceUser,
  }
}
