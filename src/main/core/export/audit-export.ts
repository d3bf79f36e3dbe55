import { AUDIT_COLUMN_IDS, AUDIT_COLUMN_LABELS, auditCellText } from '@shared/audit-cells'
import type { ExportOutcome } from '@shared/bridge'
import type { AuditExportRequest } from '@shared/bridge-inputs'
import type { AuditEntry, AuditQuery, Page } from '@shared/contract'
import { dateText, localTimeZone } from '@shared/dates'
import type { LanguageText } from '../host/language'
import type { Log } from '../log/rotating-log'
import { Cancelled, EXPORT_PAGE_SIZE, writeReport, type ExportPorts } from './report-writer'

export interface AuditExportJob {
  request: AuditExportRequest
  listAudit(query: AuditQuery): Promise<Page<AuditEntry>>
  ports: ExportPorts
  text: LanguageText
  signal: AbortSignal
  progress(done: number, total: number): void
  log?: Pick<Log, 'error'>
}

/** Exports every audit entry matching the Audit Log's filters, newest first, in its columns. */
export function exportAudit(job: AuditExportJob): Promise<ExportOutcome> {
  const { t } = job.text
  return writeReport({
    format: job.request.format,
    title: t('exports.auditReportTitle'),
    headers: AUDIT_COLUMN_IDS.map((column) => t(AUDIT_COLUMN_LABELS[column])),
    timeZone: job.request.timeZone ?? localTimeZone(),
    notes: [],
    eachPage: (take) => eachPage(job, take),
    ports: job.ports,
    text: job.text,
    signal: job.signal,
    log: job.log,
  })
}

/**
 * Hands each page's cells to `take`, in order; answers how many rows there were. Entries
 * written while the export runs land on page 0 and shift the rest down, so a page may repeat
 * an entry the previous one ended with: each id is written once.
 */
async function eachPage(
  { request, listAudit, text, signal, progress }: AuditExportJob,
  take: (cells: string[][]) => Promise<void>,
): Promise<number> {
  const written = new Set<number>()
  const date = dateText(
    request.timeZone ?? localTimeZone(),
    request.format === 'csv' ? 'iso' : 'shown',
    text.tag,
  )
  for (let page = 0; ; page += 1) {
    if (signal.aborted) throw new Cancelled()
    const answer = await listAudit({ ...request.filter, page, size: EXPORT_PAGE_SIZE })
    if (signal.aborted) throw new Cancelled()
    const fresh = answer.content.filter((entry) => !written.has(entry.id))
    for (const entry of fresh) written.add(entry.id)
    await take(
      fresh.map((entry) =>
        AUDIT_COLUMN_IDS.map((column) => auditCellText(entry, column, date, text.t)),
      ),
    )
    progress(written.size, Math.max(answer.page.totalElements, written.size))
    if (answer.content.length < EXPORT_PAGE_SIZE || written.size >= answer.page.totalElements)
      return written.size
  }
}
