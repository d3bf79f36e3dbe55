import { createPortal } from 'react-dom'
import { formatDateTime } from '../../../lib/dates'
import { exportCell, type ExportColumn } from './export-column'

export interface PrintJob<T> {
  title: string
  generatedAt: Date
  rows: readonly T[]
  columns: readonly ExportColumn<T>[]
  rowKey: (row: T) => string
}

/**
 * The report that the print-based PDF export prints (SPEC.md section 9): title, "Generated
 * {date}", a compact zebra table with row numbers. Hidden on screen; in print it is all there is.
 */
export function PrintReport<T>({ job }: { job: PrintJob<T> }) {
  return createPortal(
    <section className="users-report-print">
      <h1>{job.title}</h1>
      <p>Generated {formatDateTime(job.generatedAt.toISOString())}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            {job.columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {job.rows.map((row, index) => (
            <tr key={job.rowKey(row)}>
              <td>{index + 1}</td>
              {job.columns.map((column) => (
                <td key={column.key}>{exportCell(row, column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>,
    document.body,
  )
}
