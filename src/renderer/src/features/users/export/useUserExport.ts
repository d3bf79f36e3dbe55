import { useEffect, useRef, useState } from 'react'
import type { ExportFormat } from '../../../../../shared/bridge'
import type { User, UserListQuery } from '../../../../../shared/contract'
import {
  EXPORTABLE_USER_COLUMNS,
  USER_COLUMN_LABELS,
  userCellText,
} from '../../../../../shared/user-columns'
import { admin } from '../../../lib/bridge'
import type { UserColumnVisibility } from '../columns'
import { usePrintExport } from './usePrintExport'

export const USERS_REPORT_TITLE = 'Users Report'

export interface ExportProgress {
  exportId: string
  format: ExportFormat
  done: number
  total: number
}

/**
 * Export CSV / Export PDF: the main process writes every user matching the list's search, in
 * its sort, with the visible columns, and reports progress here. Should the PDF export fail
 * altogether, the rows on screen go to the legacy hidden-table print.
 */
export function useUserExport(
  query: UserListQuery,
  visibility: UserColumnVisibility,
  shown: readonly User[],
) {
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const printing = usePrintExport()
  const unsubscribe = useRef<(() => void) | null>(null)
  useEffect(() => () => unsubscribe.current?.(), [])

  const start = async (format: ExportFormat) => {
    const exportId = crypto.randomUUID()
    const columns = EXPORTABLE_USER_COLUMNS.filter((column) => visibility[column])
    setNotice(null)
    setError(null)
    setProgress({ exportId, format, done: 0, total: 0 })
    unsubscribe.current = admin().app.onEvent((event) => {
      if (event.type === 'export-progress' && event.exportId === exportId)
        setProgress({ exportId, format, done: event.done, total: event.total })
    })
    const result = await admin().exports.users({
      exportId,
      format,
      search: query.search,
      sort: query.sort ?? 'id',
      direction: query.direction ?? 'asc',
      columns,
    })
    unsubscribe.current()
    unsubscribe.current = null
    setProgress(null)
    if (!result.ok) {
      setError(result.error.message || 'Export failed')
      if (format === 'pdf')
        printing.print({
          title: USERS_REPORT_TITLE,
          generatedAt: new Date(),
          headers: columns.map((column) => USER_COLUMN_LABELS[column]),
          rows: shown.map((user) => columns.map((column) => userCellText(user, column))),
        })
      return
    }
    const outcome = result.data
    if (outcome.status === 'saved') setNotice(`Exported ${outcome.rows} users to ${outcome.file}`)
    else if (outcome.status === 'printed')
      setNotice(`The report of ${outcome.rows} users was sent to the print window.`)
    else setNotice('Export cancelled.')
  }

  return {
    progress,
    notice,
    error,
    printJob: printing.job,
    exportCsv: () => void start('csv'),
    exportPdf: () => void start('pdf'),
    cancel: () => progress && void admin().exports.cancel({ exportId: progress.exportId }),
    dismissError: () => setError(null),
  }
}
