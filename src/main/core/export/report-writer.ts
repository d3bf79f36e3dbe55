import { randomUUID } from 'node:crypto'
import { appendFile, rename, rm, writeFile } from 'node:fs/promises'
import type { ExportFormat, ExportOutcome } from '../../../shared/bridge'
import { reportFileName } from '../../../shared/report-file-name'
import type { Log } from '../log/rotating-log'
import { csvRows, DEFAULT_CSV_FILE_NAME } from './csv'
import { mergePdfs } from './merge-pdfs'
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
  chooseFile(defaultName: string, format: ExportFormat): Promise<string | null>
  /** Renders a report page to PDF bytes: printToPDF in the app, page.pdf in the preview. */
  renderPdf(html: string): Promise<Uint8Array>
  /** When renderPdf fails: the report in a print window that closes itself after 10 s. */
  printHtml(html: string): Promise<void>
}

/** Thrown by a row source when the export's signal aborts. */
export class Cancelled extends Error {}

/** One table's export: where its rows come from, and how they are titled. */
export interface ReportJob {
  format: ExportFormat
  title: string
  headers: readonly string[]
  /**
   * The source of the rows: hands each page's cells to `take`, in order, and answers how many
   * rows there were; throws Cancelled once the signal aborts.
   */
  eachPage(take: (cells: string[][]) => Promise<void>): Promise<number>
  ports: ExportPorts
  signal: AbortSignal
  log?: Pick<Log, 'error'>
}

/**
 * Writes a table's rows as CSV or a PDF report (SPEC.md section 9), after asking where: the
 * file appears only when it is complete, so a cancel or a failure leaves nothing behind.
 */
export async function writeReport(job: ReportJob): Promise<ExportOutcome> {
  const { format, title, headers, ports, signal } = job
  const generatedAt = new Date()
  const defaultName = format === 'csv' ? DEFAULT_CSV_FILE_NAME : reportFileName(title, generatedAt)
  const file = await ports.chooseFile(defaultName, format)
  if (!file || signal.aborted) return { status: 'cancelled' }

  const partial = `${file}.${randomUUID()}.part`
  try {
    if (format === 'csv') {
      await writeFile(partial, csvRows([headers]))
      const rows = await job.eachPage((cells) => appendFile(partial, csvRows(cells)))
      await rename(partial, file)
      return { status: 'saved', file, rows }
    }
    const cells: string[][] = []
    const rows = await job.eachPage(async (page) => void cells.push(...page))
    const report = { title, generatedAt, headers, rows: cells }
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
