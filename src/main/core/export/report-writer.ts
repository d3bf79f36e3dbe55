import { randomUUID } from 'node:crypto'
import { rename, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, freemem } from 'node:os'
import type { ExportOutcome } from '@shared/bridge'
import type { ExportFormat } from '@shared/bridge-inputs'
import { timeZoneLabel } from '@shared/dates'
import { reportFileName } from '@shared/report-file-name'
import type { LanguageText } from '../host/language'
import type { Log } from '../log/rotating-log'
import { csvRows, DEFAULT_CSV_FILE_NAME } from './csv'
import { openFileSink } from './file-sink'
import { mergePdfs } from './merge-pdfs'
import { limiter, PDF_PART_ROWS, pdfPartsAtOnce } from './pdf-parts'
import { reportHtml, type Report } from './report-html'
import { reportDrawable, reportPdf } from './report-pdf'
import { stampPageNumbers } from './stamp-page-numbers'

/** The largest page the contract allows: the fewest round trips. */
export const EXPORT_PAGE_SIZE = 200

/** What the save dialog offers: a report's format, or text (the recovery codes). */
export type SavedFormat = ExportFormat | 'txt'

/** What an export needs from its host. */
export interface ExportPorts {
  /** The native save dialog: where to write, or null when the administrator cancels it. */
  chooseFile(defaultName: string, format: SavedFormat): Promise<string | null>
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
  /** The zone the report's times are written in. */
  timeZone: string
  /** What the rows are (search, filters, sort), said under a PDF's title. */
  notes: readonly string[]
  /**
   * The source of the rows: hands each batch's cells to `take`, in order, and answers how many
   * rows there were; throws Cancelled once the signal aborts.
   */
  eachPage(take: (cells: string[][]) => Promise<void>): Promise<number>
  ports: ExportPorts
  /** The language of its title, notes, headers and file name. */
  text: LanguageText
  signal: AbortSignal
  log?: Pick<Log, 'error'>
}

/**
 * Writes a table's rows as CSV or a PDF report (SPEC.md section 9), after asking where. The CSV
 * is written as the rows arrive; a PDF is drawn when they have all arrived, or, when a text needs
 * more than Helvetica, printed by Chromium in parts as they arrive. Both go into a partial file
 * that becomes the chosen one only when complete, so a cancel or a failure leaves nothing.
 */
export async function writeReport(job: ReportJob): Promise<ExportOutcome> {
  const { format, title, headers, ports, text, signal } = job
  const generatedAt = new Date()
  // SPEC.md section 9's export.csv stays the name of a CSV of a table without a title.
  const defaultName =
    format === 'csv' && !title.trim()
      ? DEFAULT_CSV_FILE_NAME
      : reportFileName(title, generatedAt, format, text.t)
  const file = await ports.chooseFile(defaultName, format)
  if (!file || signal.aborted) return { status: 'cancelled' }

  const partial = `${file}.${randomUUID()}.part`
  try {
    if (format === 'csv') {
      const sink = await openFileSink(partial)
      try {
        await sink.write(csvRows([headers]))
        const rows = await job.eachPage((cells) => sink.write(csvRows(cells)))
        await sink.close()
        await rename(partial, file)
        return { status: 'saved', file, rows }
      } finally {
        await sink.abort()
      }
    }
    const notes = [
      ...job.notes,
      text.t('exports.timesIn', { zone: text.isolate(timeZoneLabel(job.timeZone, generatedAt)) }),
    ]
    const report = {
      text,
      title,
      generatedAt,
      timeZone: job.timeZone,
      notes,
      headers,
      rows: [] as string[][],
    }
    // Drawn directly while every text is Helvetica's; Chromium prints from the first that is not.
    let printer = reportDrawable([[title, ...notes, ...headers]])
      ? undefined
      : partPrinter(report, ports, signal)
    const rows = await job.eachPage(async (cells) => {
      report.rows.push(...cells)
      if (!printer && !reportDrawable(cells)) printer = partPrinter(report, ports, signal)
      printer?.rowsArrived()
    })
    let pdf: Uint8Array
    try {
      pdf = printer ? await printer.finish() : await reportPdf(report, signal)
    } catch (error) {
      if (error instanceof Cancelled || signal.aborted) throw error
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
    if (error instanceof Cancelled || signal.aborted) return { status: 'cancelled' }
    throw error
  }
}

/**
 * Prints the report PDF_PART_ROWS rows at a time while the rest arrives, a few parts at once
 * where cores and memory allow, and joins them in order. Only the first part has the title;
 * every page has the header row.
 */
function partPrinter(
  report: Report & { rows: string[][] },
  ports: ExportPorts,
  signal: AbortSignal,
) {
  const atOnce = limiter(pdfPartsAtOnce(availableParallelism(), freemem()))
  const parts: Promise<Uint8Array>[] = []
  let failed = false
  const print = (start: number, end: number) => {
    const part = atOnce(async () => {
      if (signal.aborted) throw new Cancelled()
      // After one part fails the report goes to the print window: the rest need not be printed.
      if (failed) throw new Error('An earlier part could not be printed')
      const rows = report.rows.slice(start, end)
      return ports.renderPdf(reportHtml({ ...report, rows, firstRow: start + 1 }))
    })
    part.catch(() => {
      failed = true
    })
    parts.push(part)
  }
  return {
    rowsArrived() {
      while (report.rows.length >= (parts.length + 1) * PDF_PART_ROWS)
        print(parts.length * PDF_PART_ROWS, (parts.length + 1) * PDF_PART_ROWS)
    },
    async finish(): Promise<Uint8Array> {
      const printed = parts.length * PDF_PART_ROWS
      if (printed < report.rows.length || parts.length === 0) print(printed, report.rows.length)
      // A cancel does not wait for the parts being printed: they close their windows themselves.
      const cancelled = new Promise<never>((_, reject) => {
        if (signal.aborted) reject(new Cancelled())
        signal.addEventListener('abort', () => reject(new Cancelled()), { once: true })
      })
      cancelled.catch(() => undefined)
      const settled = await Promise.race([Promise.allSettled(parts), cancelled])
      const failure = settled.find((part) => part.status === 'rejected')
      if (failure) throw failure.reason
      return stampPageNumbers(
        await mergePdfs(settled.map((part) => (part as PromiseFulfilledResult<Uint8Array>).value)),
        report.text.t,
      )
    },
  }
}
