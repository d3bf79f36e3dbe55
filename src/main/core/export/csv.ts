import Papa from 'papaparse'

/** SPEC.md section 9: the file name when none is given. */
export const DEFAULT_CSV_FILE_NAME = 'export.csv'

/**
 * CSV rows as SPEC.md section 9 has them: comma-delimited, CRLF after every row, a value
 * quoted when it holds a comma, a quote or a line break. A value that a spreadsheet would run
 * as a formula (starting with =, +, -, @, tab or CR) is prefixed with ' and quoted.
 */
export function csvRows(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return ''
  return (
    Papa.unparse(rows as string[][], {
      delimiter: ',',
      newline: '\r\n',
      escapeFormulae: true,
    }) + '\r\n'
  )
}
