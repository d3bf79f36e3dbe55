import Papa from 'papaparse'

/** SPEC.md section 9: the file name when none is given. */
export const DEFAULT_CSV_FILE_NAME = 'export.csv'

/**
 * A cell a spreadsheet would run as a formula: its first character after any leading
 * whitespace is =, +, -, @, tab or CR. `\s` takes in the line and paragraph separators
 * (U+2028, U+2029); Papa's own pattern (`^[=+\-@\t\r].*$`) missed a formula holding a line
 * break of any kind.
 */
const SPREADSHEET_FORMULA = /^\s*[=+\-@\t\r]/

export const isSpreadsheetFormula = (cell: string) => SPREADSHEET_FORMULA.test(cell)

/**
 * CSV rows as SPEC.md section 9 has them: comma-delimited, CRLF after every row, a value
 * quoted when it holds a comma, a quote or a line break. A spreadsheet formula (above) is
 * prefixed with ' and quoted. Every CSV the console writes goes through here.
 */
export function csvRows(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return ''
  return (
    Papa.unparse(rows as string[][], {
      delimiter: ',',
      newline: '\r\n',
      escapeFormulae: SPREADSHEET_FORMULA,
    }) + '\r\n'
  )
}
