import { useEffect, useRef, useState } from 'react'
import type { ExportOutcome } from '@shared/bridge'
import type { ExportFormat } from '@shared/bridge-inputs'
import type { AuditFilter } from '@shared/contract'
import type { Translate } from '@shared/i18n/catalogues'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { useText } from '../../lib/text'
import { useTimeZone } from '../../lib/time-zone'

export interface AuditExportProgress {
  exportId: string
  format: ExportFormat
  done: number
  total: number
}

function outcomeNotice(outcome: ExportOutcome, t: Translate): string | null {
  switch (outcome.status) {
    case 'saved':
      return t('audit.exported', { rows: outcome.rows, file: outcome.file })
    case 'printed':
      return t('audit.printed', { rows: outcome.rows })
    default:
      return null
  }
}

/**
 * Export CSV / Export PDF of the Audit Log: the main process writes every entry matching the
 * filters, newest first, and reports progress here.
 */
export function useAuditExport(filter: AuditFilter) {
  const [progress, setProgress] = useState<AuditExportProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const timeZone = useTimeZone((state) => state.zone)
  const t = useText()
  const unsubscribe = useRef<(() => void) | null>(null)
  useEffect(() => () => unsubscribe.current?.(), [])

  const start = async (format: ExportFormat) => {
    const exportId = crypto.randomUUID()
    setError(null)
    setProgress({ exportId, format, done: 0, total: 0 })
    unsubscribe.current = admin().app.onEvent((event) => {
      if (event.type === 'export-progress' && event.exportId === exportId)
        setProgress({ exportId, format, done: event.done, total: event.total })
    })
    const result = await admin().exports.audit({ exportId, format, filter, timeZone })
    unsubscribe.current()
    unsubscribe.current = null
    setProgress(null)
    if (!result.ok) setError(result.error.message || t('audit.exportFailed'))
    else if (result.data.status === 'unprinted') setError(result.data.reason)
    else {
      const notice = outcomeNotice(result.data, t)
      if (notice) notify(notice)
    }
  }

  return {
    progress,
    error,
    exportCsv: () => void start('csv'),
    exportPdf: () => void start('pdf'),
    cancel: () => progress && void admin().exports.cancel({ exportId: progress.exportId }),
    dismissError: () => setError(null),
  }
}
