import { exportCell, type ExportColumn } from './export-column'

/** SPEC.md section 9: the file name when none is given. */
export const DEFAULT_CSV_FILE_NAME = 'export.csv'

const NEEDS_QUOTES = /[",\r\n]/

const csvField = (text: string) =>
  NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text

/** Comma-delimited, quoted only where a comma, quote or line break demands it, CRLF rows. */
export function toCsv<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): string {
  const header = columns.map((column) => csvField(column.header)).join(',')
  const lines = rows.map((row) =>
    columns.map((column) => csvField(exportCell(row, column))).join(','),
  )
  return [header, ...lines].join('\r\n')
}
