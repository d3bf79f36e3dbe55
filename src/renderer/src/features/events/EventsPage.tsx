import { columnHelper, DataTable } from '../../components/DataTable'
import type { DateText } from '@shared/dates'
import { useMemo } from 'react'
import { useDateText } from '../../lib/useDateText'
import { formatEmployees, formatEventDate } from './event-format'
import { SAMPLE_EVENTS, type SampleEvent } from './events-data'
import './events.css'

const col = columnHelper<SampleEvent>()

const eventColumns = (formatDateTime: DateText) => [
  col.accessor('id', { header: 'Event ID' }),
  col.accessor('name', { header: 'Event Name' }),
  col.accessor('category', { header: 'Category' }),
  col.accessor('date', { header: 'Date', cell: ({ getValue }) => formatEventDate(getValue()) }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ getValue }) => (
      <span className={`status-badge status-${getValue().toLowerCase()}`}>{getValue()}</span>
    ),
  }),
  col.accessor('employees', {
    header: 'Assigned Employees',
    cell: ({ getValue }) => formatEmployees(getValue()),
  }),
  col.accessor('createdAt', {
    header: 'Created At',
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
  col.accessor('updatedAt', {
    header: 'Last Updated',
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
]

/** Events (/events): a read-only table of sample events. */
export function EventsPage() {
  const date = useDateText()
  const columns = useMemo(() => eventColumns(date), [date])
  return (
    <div className="events-page">
      <DataTable
        label="Events"
        columns={columns}
        data={SAMPLE_EVENTS}
        rowKey={(event) => event.id}
        emptyText="No events found."
      />
    </div>
  )
}
