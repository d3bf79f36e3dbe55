import { useEffect, useState } from 'react'
import type { User } from '@shared/contract'
import {
  NOTHING_SELECTED,
  pageState,
  scopeKey,
  togglePage,
  toggleUser,
  type Selection,
  type SelectionScope,
} from './selection'

/**
 * The rows chosen for a bulk action. A new search or filter selects other users, so the
 * selection starts again; paging and sorting keep it.
 */
export function useBulkSelection(scope: SelectionScope, page: readonly User[]) {
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED)
  const key = scopeKey(scope)
  useEffect(() => setSelection(NOTHING_SELECTED), [key])
  return {
    selection,
    pageState: pageState(selection, page),
    toggleUser: (user: User) => setSelection((current) => toggleUser(current, page, user)),
    togglePage: () => setSelection((current) => togglePage(current, page)),
    selectAll: (total: number) => setSelection({ kind: 'all', total, scope }),
    clear: () => setSelection(NOTHING_SELECTED),
  }
}
export type BulkSelection = ReturnType<typeof useBulkSelection>
