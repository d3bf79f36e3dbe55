import { useEffect, useRef, useState } from 'react'
import type { ExportOutcome } from '@shared/bridge'
import type { ExportFormat } from '@shared/bridge-inputs'
import type { User, UserFilter, UserListQuery } from '@shared/contract'
import { EXPORTABLE_USER_COLUMNS, USER_COLUMN_LABELS, userCellText } from '@shared/user-columns'
import type { Translate } from '@shared/i18n/catalogues'
import { admin } from '@/lib/bridge'
import { useText } from '@/lib/text'
import { useDateText } from '@/lib/useDateText'
import { useTimeZone } from '@/lib/time-zone'
import type { UserColumnVisibility } from '../columns'
import { usePrintExport } from './usePrintExport'

export interface ExportProgress {
  exportId: string
  format: ExportFormat
  done: number
  total: number
}

/** What a finished export tells the administrator. */
function outcomeNotice(t: Translate, outcome: ExportOutcome): string {
  switch (outcome.status) {
    case 'saved':
      return t('users.exported', { rows: outcome.rows, file: outcome.file })
    case 'printed':
      return t('users.exportPrinted', { rows: outcome.rows })
    default:
      return t('users.exportCancelled')
  }
}

/**
 * Export CSV / Export PDF: the main process writes every user matching the search and the
 * filters, in the list's sort, with the visible columns, and reports progress here. Should
 * neither its PDF nor its print window work, the rows on screen go to the legacy hidden-table
 * print.
 */
export function useUserExport({
  query,
  filter,
  visibility,
  shown,
  announce,
}: {
  query: UserListQuery
  /** The list's filters: the export holds the users the list does. */
  filter: UserFilter
  visibility: UserColumnVisibility
  shown: readonly User[]
  announce: (notice: string | null) => void
}) {
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const printing = usePrintExport()
  const t = useText()
  const date = useDateText()
  const timeZone = useTimeZone((state) => state.zone)
  const unsubscribe = useRef<(() => void) | null>(null)
  useEffect(() => () => unsubscribe.current?.(), [])

  const start = async (format: ExportFormat) => {
    const exportId = crypto.randomUUID()
    const columns = EXPORTABLE_USER_COLUMNS.filter((column) => visibility[column])
    announce(null)
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
      filter,
      sort: query.sort ?? 'id',
      direction: query.direction ?? 'asc',
      columns,
      timeZone,
    })
    unsubscribe.current()
    unsubscribe.current = null
    setProgress(null)
    if (!result.ok) {
      setError(result.error.message || t('users.exportFailed'))
    } else if (result.data.status === 'unprinted') {
      setError(t('users.exportUnprinted', { reason: result.data.reason, count: shown.length }))
      printing.print({
        title: t('exports.usersReportTitle'),
        generatedAt: new Date(),
        headers: columns.map((column) => t(USER_COLUMN_LABELS[column])),
        rows: shown.map((user) => columns.map((column) => userCellText(user, column, date, t))),
      })
    } else announce(outcomeNotice(t, result.data))
  }

  return {
    progress,
    error,
    printJob: printing.job,
    exportCsv: () => void start('csv'),
    exportPdf: () => void start('pdf'),
    cancel: () => progress && void admin().exports.cancel({ exportId: progress.exportId }),
    dismissError: () => setError(null),
  }
}
