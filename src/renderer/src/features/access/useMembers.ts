import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { errorMessage, unwrap } from '../../lib/query'
import { useText } from '../../lib/text'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import type { AccessItem, AccessKind } from './access-kinds'
import { membersQuery } from './members-query'

const SEARCH_DELAY_MS = 300

/**
 * One page of the users who hold a role or are in a group, searched as the users list is. A
 * new search starts again from the first page; the previous page stays while the next loads.
 */
export function useMembers(kind: AccessKind, item: AccessItem) {
  const t = useText()
  const [searchText, setSearchText] = useState('')
  const settledSearch = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS)
  const [paged, setPaged] = useState({ search: settledSearch, page: 0 })
  const page = paged.search === settledSearch ? paged.page : 0
  const query = membersQuery(settledSearch, page)
  const list = useQuery({
    queryKey: queryKeys.accessMembers(kind.key, item.id, query),
    queryFn: () => unwrap(admin()[kind.key].members({ id: item.id, ...query })),
    placeholderData: keepPreviousData,
  })
  return {
    searchText,
    setSearchText,
    search: settledSearch,
    goToPage: (number: number) => setPaged({ search: settledSearch, page: number }),
    members: list.isError ? [] : (list.data?.content ?? []),
    page: list.isError ? undefined : list.data?.page,
    loading: list.isFetching,
    error: list.isError ? errorMessage(list.error, t('access.membersFailed')) : null,
  }
}
