import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import type { DateText } from '@shared/dates'
import type { MessageId, Translate } from '@shared/i18n/catalogues'
import { columnHelper, DataTable } from '../../components/DataTable'
import { useText } from '../../lib/text'
import { useDateText } from '../../lib/useDateText'
import { formatEmployees, formatEventDate } from './event-format'
import { SAMPLE_EVENTS, type EventStatus, type SampleEvent } from './events-data'
import './events.css'

const col = columnHelper<SampleEvent>()

const STATUS_TEXTS: Record<EventStatus, MessageId> = {
  Planned: 'events.statusPlanned',
  Scheduled: 'events.statusScheduled',
  Upcoming: 'events.statusUpcoming',
  Current: 'events.statusCurrent',
  Ongoing: 'events.statusOngoing',
}

const eventColumns = (formatDateTime: DateText, t: Translate, locale: string) => [
  col.accessor('id', { header: t('events.id') }),
  col.accessor('name', { header: t('events.name') }),
  col.accessor('category', { header: t('events.category') }),
  col.accessor('date', {
    header: t('events.date'),
    cell: ({ getValue }) => formatEventDate(getValue(), locale),
  }),
  col.accessor('status', {
    header: t('events.status'),
    cell: ({ getValue }) => (
      <span className={`status-badge status-${getValue().toLowerCase()}`}>
        {t(STATUS_TEXTS[getValue()])}
      </span>
    ),
  }),
  col.accessor('employees', {
    header: t('events.employees'),
    cell: ({ getValue }) => formatEmployees(getValue()),
  }),
  col.accessor('createdAt', {
    header: t('events.createdAt'),
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
  col.accessor('updatedAt', {
    header: t('events.updatedAt'),
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
]

/** Events (/events): a read-only table of sample events. */
export function EventsPage() {
  const date = useDateText()
  const t = useText()
  const { locale } = useIntl()
  const columns = useMemo(() => eventColumns(date, t, locale), [date, t, locale])
  return (
    <div className="events-page">
      <DataTable
        label={t('events.label')}
        columns={columns}
        data={SAMPLE_EVENTS}
        rowKey={(event) => event.id}
        emptyText={t('events.empty')}
      />
    </div>
  )
}
