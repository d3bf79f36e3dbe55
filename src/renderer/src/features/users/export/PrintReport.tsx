import { createPortal } from 'react-dom'
import { useText } from '@/lib/text'
import { useDateText } from '@/lib/useDateText'

export interface PrintJob {
  title: string
  generatedAt: Date
  headers: readonly string[]
  rows: readonly (readonly string[])[]
}

/**
 * The legacy hidden-table print, the last fallback of the PDF export (SPEC.md section 8):
 * title, "Generated {date}", a compact zebra table with row numbers. Hidden on screen; in
 * print it is all there is.
 */
export function PrintReport({ job }: { job: PrintJob }) {
  const formatDateTime = useDateText()
  const t = useText()
  return createPortal(
    <section className="users-report-print">
      <h1>{job.title}</h1>
      <p>{t('users.reportGenerated', { date: formatDateTime(job.generatedAt.toISOString()) })}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('users.reportRowNumber')}</th>
            {job.headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {job.rows.map((row, index) => (
            <tr key={index}>
              <td>{index + 1}</td>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>,
    document.body,
  )
}
