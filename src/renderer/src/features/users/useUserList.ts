import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useReducer, useState } from 'react'
import type { Page, User } from '../../../../shared/contract'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { errorMessage, unwrap } from '../../lib/query'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { INITIAL_LIST_STATE, isUserSortField, userListQuery, userListReducer } from './list-state'

const SEARCH_DELAY_MS = 300

/**
 * One page of users as the administrator searched and sorted it. While a new page loads the
 * previous one keeps the pagination in place; a failed fetch empties the list (SPEC.md section 8).
 */
export function useUserList() {
  const [searchText, setSearchText] = useState('')
  const settledSearch = useDebouncedValue(searchText, SEARCH_DELAY_MS)
  const [state, dispatch] = useReducer(userListReducer, INITIAL_LIST_STATE)
  useEffect(() => dispatch({ type: 'search', search: settledSearch }), [settledSearch])

  const query = userListQuery(state)
  const queryKey = queryKeys.userList(query)
  const client = useQueryClient()
  const list = useQuery({
    queryKey,
    queryFn: () => unwrap(admin().users.list(query)),
    placeholderData: keepPreviousData,
  })

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
    searchText,
    setSearchText,
    sort: state.sort,
    sortBy: (field: string) => {
      if (isUserSortField(field)) dispatch({ type: 'sort', field })
    },
    goToPage: (page: number) => dispatch({ type: 'page', page }),
    users: list.isError ? [] : (list.data?.content ?? []),
    page: list.isError ? undefined : list.data?.page,
    loading: list.isFetching,
    error: list.isError ? errorMessage(list.error, 'Failed to fetch users') : null,
    replaceUser,
  }
}
