import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { queryKeys } from '../../api/keys'
import { currentSearchParams } from '../../lib/address'
import { admin } from '../../lib/bridge'
import { errorMessage, unwrap } from '../../lib/query'
import { useText } from '../../lib/text'
import {
  auditListQuery,
  auditViewParams,
  readAuditView,
  withFilter,
  type AuditFilterKey,
  type AuditView,
} from './audit-url'

/**
 * One page of the audit log as the URL's filters select it. While a new page loads the previous
 * one keeps its place; a failed fetch empties the table and says why.
 */
export function useAuditLog() {
  const t = useText()
  const [params, setParams] = useSearchParams()
  const view = readAuditView(params)
  const query = auditListQuery(view)
  const list = useQuery({
    queryKey: queryKeys.auditList(query),
    queryFn: () => unwrap(admin().audit.list(query)),
    placeholderData: keepPreviousData,
  })
  /** Shows the view `change` makes of the one the address holds now. */
  const show = (change: (current: AuditView) => AuditView) =>
    setParams(auditViewParams(change(readAuditView(currentSearchParams()))), { replace: true })
  return {
    view,
    setFilter: (key: AuditFilterKey, value: string) =>
      show((current) => withFilter(current, key, value)),
    clearFilters: () => show(() => ({ filter: {}, page: 0 })),
    goToPage: (page: number) => show((current) => ({ ...current, page })),
    entries: list.isError ? [] : (list.data?.content ?? []),
    page: list.isError ? undefined : list.data?.page,
    loading: list.isFetching,
    error: list.isError ? errorMessage(list.error, t('audit.loadFailed')) : null,
  }
}
