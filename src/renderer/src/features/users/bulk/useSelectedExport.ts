import { useEffect, useRef, useState } from 'react'
import type { ExportFormat } from '@shared/bridge-inputs'
import type { SortDirection, UserSortField } from '@shared/contract'
import { EXPORTABLE_USER_COLUMNS } from '@shared/user-columns'
import { admin } from '@/lib/bridge'
import { notify } from '@/lib/notifications'
import { useText } from '@/lib/text'
import type { UserColumnVisibility } from '../columns'
import type { Selection } from './selection'

export interface SelectedExportProgress {
  exportId: string
  format: ExportFormat
  done: number
  total: number
}

/**
 * Export Selected: the main process's export, given the chosen ids (or, for "all matching",
 * the search and filters), with the visible columns and the list's sort.
 */
export function useSelectedExport({
  visibility,
  sort,
  direction,
}: {
  visibility: UserColumnVisibility
  sort: UserSortField
  direction: SortDirection
}) {
  const t = useText()
  const [progress, setProgress] = useState<SelectedExportProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const unsubscribe = useRef<(() => void) | null>(null)
  useEffect(() => () => unsubscribe.current?.(), [])

  const start = async (format: ExportFormat, selection: Selection) => {
    const exportId = crypto.randomUUID()
    setError(null)
    setProgress({ exportId, format, done: 0, total: 0 })
    unsubscribe.current = admin().app.onEvent((event) => {
      if (event.type === 'export-progress' && event.exportId === exportId)
        setProgress({ exportId, format, done: event.done, total: event.total })
    })
    const chosen =
      selection.kind === 'some'
        ? { ids: [...selection.users.keys()] }
        : { search: selection.scope.search, filter: selection.scope.filter }
    const result = await admin().exports.users({
      exportId,
      format,
      ...chosen,
      sort,
      direction,
      columns: EXPORTABLE_USER_COLUMNS.filter((column) => visibility[column]),
    })
    unsubscribe.current()
    unsubscribe.current = null
    setProgress(null)
    if (!result.ok) setError(result.error.message || t('bulk.exportFailed'))
    else if (result.data.status === 'saved')
      notify(t('bulk.exported', { rows: result.data.rows, file: result.data.file }))
    else if (result.data.status === 'printed') notify(t('bulk.printed', { rows: result.data.rows }))
    else if (result.data.status === 'unprinted') setError(result.data.reason)
  }

  return {
    progress,
    error,
    start: (format: ExportFormat, selection: Selection) => void start(format, selection),
    cancel: () => progress && void admin().exports.cancel({ exportId: progress.exportId }),
    dismissError: () => setError(null),
  }
}
