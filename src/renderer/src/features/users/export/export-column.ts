/** A column of an exported table (SPEC.md section 3): which field, its header, how to show it. */
export interface ExportColumn<T> {
  key: keyof T & string
  header: string
  format?: (value: T[keyof T], row: T) => string
}

export function exportCell<T>(row: T, column: ExportColumn<T>): string {
  const value = row[column.key]
  if (column.format) return column.format(value, row)
  return value === null || value === undefined ? '' : String(value)
}
