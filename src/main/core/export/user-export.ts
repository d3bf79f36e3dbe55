import { randomUUID } from 'node:crypto'
import { appendFile, rename, rm, writeFile } from 'node:fs/promises'
import type { ExportOutcome, UserExportRequest } from '../../../shared/bridge'
import type { Page, User, UserListQuery } from '../../../shared/contract'
import { USER_COLUMN_LABELS, userCellText } from '../../../shared/user-columns'
import { reportFileName, USERS_REPORT_TITLE } from '../../../shared/report-file-name'
import { csvRows, DEFAULT_CSV_FILE_NAME } from './csv'
import { mergePdfs } from './merge-pdfs'
import type { Log } from '../log/rotating-log'
import { reportHtml, type Report } from './report-html'

/** The largest page the contract allows: the fewest round trips. */
export const EXPORT_PAGE_SIZE = 200
/**
 * Rows printed to PDF at a time: Chromium's printToPDF gives up on one page of 100,000 rows,
 * so a large report is printed in parts and the parts joined.
 */
export const PDF_PART_ROWS = 5_000

/** What an export needs from its host. */
export interface ExportPorts {
  /** The native save dialog: where to write, or null when the administrator cancels it. */
  chooseFile(defaultName: string, format: UserExportRequest['format']): Promise<string | null>
  /** Renders a report page to PDF bytes: printToPDF in the app, page.pdf in the preview. */
  renderPdf(html: string): Promise<Uint8Array>
  /** When renderPdf fails: the report in a print window that closes itself after 10 s. */
  printHtml(html: string): Promise<void>
}

export interface UserExportJob {
  request: UserExportRequest
  listUsers(query: UserListQuery): Promise<Page<User>>
  ports: ExportPorts
  signal: AbortSignal
  progress(done: number, total: number): void
  log?: Pick<Log, 'error'>
}

class Cancelled extends Error {}

/**
 * Exports every user matching the request's search and filters, in its sort, with its
 * columns: pages through the API, reports progress, and writes the file only when it is
 * complete, so a cancel or a failure leaves nothing behind.
 */
export async function exportUsers(job: UserExportJob): Promise<ExportOutcome> {
  const { request, ports, signal } = job
  const generatedAt = new Date()
  const defaultName =
    request.format === 'csv'
      ? DEFAULT_CSV_FILE_NAME
      : reportFileName(USERS_REPORT_TITLE, generatedAt)
  const file = await ports.chooseFile(defaultName, request.format)
  if (!file || signal.aborted) return { status: 'cancelled' }

  const headers = request.columns.map((column) => USER_COLUMN_LABELS[column])
  const partial = `${file}.${randomUUID()}.part`
  try {
    if (request.format === 'csv') {
      await writeFile(partial, csvRows([headers]))
      const rows = await eachPage(job, (cells) => appendFile(partial, csvRows(cells)))
      await rename(partial, file)
      return { status: 'saved', file, rows }
    }
    const cells: string[][] = []
    const rows = await eachPage(job, async (page) => void cells.push(...page))
    const report = { title: USERS_REPORT_TITLE, generatedAt, headers, rows: cells }
    let pdf: Uint8Array
    try {
      pdf = await printInParts(report, ports, signal)
    } catch (error) {
      if (error instanceof Cancelled) throw error
      job.log?.error('The PDF could not be rendered; the report goes to the print window', error)
      try {
        await ports.printHtml(reportHtml(report))
      } catch (printError) {
        job.log?.error('The print window could not open either', printError)
        const reason = printError instanceof Error ? printError.message : String(printError)
        return { status: 'unprinted', rows, reason }
      }
      return { status: 'printed', rows }
    }
    if (signal.aborted) throw new Cancelled()
    await writeFile(partial, pdf)
    await rename(partial, file)
    return { status: 'saved', file, rows }
  } catch (error) {
    await rm(partial, { force: true })
    if (error instanceof Cancelled) return { status: 'cancelled' }
    throw error
  }
}

/** The report as one PDF, printed PDF_PART_ROWS rows at a time. */
async function printInParts(report: Report, ports: ExportPorts, signal: AbortSignal) {
  const parts: Uint8Array[] = []
  for (let start = 0; start === 0 || start < report.rows.length; start += PDF_PART_ROWS) {
    if (signal.aborted) throw new Cancelled()
    const rows = report.rows.slice(start, start + PDF_PART_ROWS)
    parts.push(await ports.renderPdf(reportHtml({ ...report, rows, firstRow: start + 1 })))
  }
  return mergePdfs(parts)
}

/** Hands each page's cells to `take`, in order; answers how many rows there were. */
async function eachPage(
  { request, listUsers, signal, progress }: UserExportJob,
  take: (cells: string[][]) => Promise<void>,
): Promise<number> {
  let done = 0
  for (let page = 0; ; page += 1) {
    if (signal.aborted) throw new Cancelled()
    const answer = await listUsers({
      page,
      size: EXPORT_PAGE_SIZE,
      search: request.search,
      ...request.filter,
      sort: request.sort,
      direction: request.direction,
    })
    if (signal.aborted) throw new Cancelled()
    await take(
      answer.content.map((user) => request.columns.map((column) => userCellText(user, column))),
    )
    done += answer.content.length
    progress(done, Math.max(answer.page.totalElements, done))
    if (answer.content.length < EXPORT_PAGE_SIZE || done >= answer.page.totalElements) return done
  }
}
