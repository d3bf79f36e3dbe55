import { useMemo } from 'react'
import { DataTable } from '../../components/DataTable'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Pagination } from '../../components/Pagination'
import { AuditFilters } from './AuditFilters'
import { auditColumns } from './audit-columns'
import { useText } from '../../lib/text'
import { useDateText } from '../../lib/useDateText'
import { useAuditExport } from './useAuditExport'
import { useAuditLog } from './useAuditLog'
import './audit.css'

/** The audit trail, newest first, filtered and paged through the URL. The title is the Shell's. */
export function AuditPage() {
  const log = useAuditLog()
  const date = useDateText()
  const t = useText()
  const columns = useMemo(() => auditColumns(date, t), [date, t])
  const exports = useAuditExport(log.view.filter)
  const exporting = exports.progress !== null
  return (
    <div className="audit-page">
      <AuditFilters filter={log.view.filter} onChange={log.setFilter} onClear={log.clearFilters} />
      <div className="audit-toolbar">
        <button
          type="button"
          className="secondary"
          disabled={log.entries.length === 0 || exporting}
          onClick={exports.exportCsv}
        >
          {t('audit.exportCsv')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={log.entries.length === 0 || exporting}
          onClick={exports.exportPdf}
        >
          {t('audit.exportPdf')}
        </button>
        {exports.progress && (
          <span className="audit-export-progress">
            <label htmlFor="audit-export-progress">
              {t(exports.progress.total ? 'audit.exporting' : 'audit.exportingCounting', {
                format: exports.progress.format.toUpperCase(),
                done: exports.progress.done,
                total: exports.progress.total,
              })}
            </label>
            <progress
              id="audit-export-progress"
              max={Math.max(exports.progress.total, 1)}
              value={exports.progress.done}
            />
            <button type="button" className="secondary" onClick={exports.cancel}>
              {t('audit.cancel')}
            </button>
          </span>
        )}
      </div>
      {exports.error && <ErrorBanner message={exports.error} onDismiss={exports.dismissError} />}
      {log.error && <ErrorBanner message={log.error} />}
      <DataTable
        label={t('audit.log')}
        columns={columns}
        data={log.entries}
        rowKey={(entry) => String(entry.id)}
        loading={log.loading}
        loadingText={t('audit.loading')}
        emptyText={t('audit.empty')}
      />
      {log.page && <Pagination page={log.page} shown={log.entries.length} onPage={log.goToPage} />}
    </div>
  )
}
