import { randomUUID } from 'node:crypto'
import { appendFile, rename, rm, writeFile } from 'node:fs/promises'
import type { ExportOutcome, UserExportRequest } from '../../../shared/bridge'
import type { Page, User, UserListQuery } from '../../../shared/contract'
import { USER_COLUMN_LABELS, userCellText } from '../../../shared/user-columns'
import { csvRows, DEFAULT_CSV_FILE_NAME } from './csv'
import { reportFileName } from '../../../shared/report-file-name'
import { reportHtml } from './report-html'

export const USERS_REPORT_TITLE = 'Users Report'
/** The largest page the contract allows: the fewest round trips. */
export const EXPORT_PAGE_SIZE = 200

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
  now?: () => Date
}

class Cancelled extends Error {}

/**
 * Exports every user matching the request's search, in its sort, with its columns: pages
 * through the API, reports progress, and writes the file only when it is complete, so a
 * cancel or a failure leaves nothing behind.
 */
export async function exportUsers(job: UserExportJob): Promise<ExportOutcome> {
  const { request, ports, signal } = job
  const generatedAt = (job.now ?? (() => new Date()))()
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
    const html = reportHtml({ title: USERS_REPORT_TITLE, generatedAt, headers, rows: cells })
    let pdf: Uint8Array
    try {
      pdf = await ports.renderPdf(html)
    } catch {
      await ports.printHtml(html)
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
