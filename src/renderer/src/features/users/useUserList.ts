import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import type { Page, User } from '@shared/contract'
import { withRightsOf } from '@shared/user-rights'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { errorMessage, unwrap } from '../../lib/query'
import { currentSearchParams } from '../../lib/address'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { useText } from '../../lib/text'
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
  const t = useText()
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const state = useMemo(() => parseUserListSearch(params), [params])
  const [searchText, setSearchText] = useState(state.search)
  const settledSearch = useDebouncedValue(searchText, SEARCH_DELAY_MS)
  const [step, setStep] = useState<CursorStep>()

  /** The list the address holds now and the one `action` leads to from it. */
  const fromAddress = (action: UserListAction) => {
    const current = parseUserListSearch(currentSearchParams())
    return { current, next: userListReducer(current, action) }
  }
  /** Goes to the list `action` leads to; whether that is another list. */
  const apply = (action: UserListAction, options: { replace?: boolean; state?: unknown } = {}) => {
    const { current, next } = fromAddress(action)
    const nextParams = userListSearchParams(next)
    // The same list again (a second click on Next while it loads) is no new history entry.
    const moved = nextParams.toString() !== userListSearchParams(current).toString()
    if (moved) setParams(nextParams, options)
    return moved
  }

  // Only what was typed is written, once settled: a search the box shows because Back/Forward
  // brought it must not be written over the address they move to next.
  const typed = useRef(false)
  /** The search the box last wrote, until it is drawn: its arrival leaves the box alone. */
  const written = useRef<string>(undefined)
  const writeSearch = useEffectEvent((search: string) => {
    if (!typed.current) return
    const moved = apply(
      { type: 'search', search },
      { replace: isSearchEntry(location.state), state: { searchEdit: true } satisfies SearchEntry },
    )
    if (moved) written.current = search.trim()
  })
  useEffect(() => writeSearch(settledSearch), [settledSearch])

  // Back/Forward (or a link) changed the search: the box shows it. The box's own search, drawn,
  // keeps what was typed after it.
  const showSearch = useEffectEvent((search: string) => {
    if (search === written.current) {
      written.current = undefined
      return
    }
    if (searchText.trim() === search) return
    typed.current = false
    setSearchText(search)
  })
  useEffect(() => showSearch(state.search), [state.search])

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
          content: page.content.map((row) => (row.id === user.id ? withRightsOf(row, user) : row)),
        },
    )

  return {
    query,
    filter: state.filter,
    searchText,
    setSearchText: (text: string) => {
      typed.current = true
      setSearchText(text)
    },
    setFilter: (change: UserListFilter) => apply({ type: 'filter', change }),
    sort: state.sort,
    sortBy: (field: string) => {
      if (isUserSortField(field)) apply({ type: 'sort', field })
    },
    goToPage: (page: number) => {
      const { next } = fromAddress({ type: 'page', page })
      setStep(cursorStep(shown && { query, answer: shown }, userListQuery(next)))
      apply({ type: 'page', page })
    },
    users: list.isError ? [] : (list.data?.content ?? []),
    page: list.isError ? undefined : list.data?.page,
    loading: list.isFetching,
    error: list.isError ? errorMessage(list.error, t('users.fetchFailed')) : null,
    replaceUser,
  }
}
