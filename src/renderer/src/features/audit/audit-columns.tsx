import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { auditCellText, AUDIT_COLUMN_IDS, AUDIT_COLUMN_LABELS } from '@shared/audit-cells'
import type { AuditEntry } from '@shared/contract'
import type { ReactNode } from 'react'
import type { DateText } from '@shared/dates'
import type { Translate } from '@shared/i18n/catalogues'
import { columnHelper, type TableColumn } from '../../components/DataTable'

const column = columnHelper<AuditEntry>()

/** The session's id kept whole and in its own direction inside Arabic text. */
const isolated = (chunks: ReactNode[]) => <bdi>{chunks}</bdi>

/** The characters of a session's id the table shows. */
const SESSION_ID_SHOWN = 8

/** Time, Actor, Action, Target, Details; a target user links to their page. */
export const auditColumns = (date: DateText, t: Translate): TableColumn<AuditEntry>[] =>
  AUDIT_COLUMN_IDS.map((id) =>
    column.display({
      id,
      header: t(AUDIT_COLUMN_LABELS[id]),
      cell: ({ row }) => {
        const entry = row.original
        const text = auditCellText(entry, id, date, t)
        if (id === 'target' && entry.targetType === 'user' && entry.targetId)
          return <Link to={`/users/${entry.targetId}`}>{text}</Link>
        // A session's id is 36 characters: its first 8 tell sessions apart, the whole in the
        // title, rather than the id over four lines (issue 56). Exports keep it whole.
        if (
          id === 'target' &&
          entry.targetType === 'session' &&
          !entry.targetName &&
          entry.targetId
        )
          return (
            <span title={text}>
              <FormattedMessage
                id="audit.sessionShort"
                values={{ id: entry.targetId.slice(0, SESSION_ID_SHOWN), bdi: isolated }}
              />
            </span>
          )
        return text
      },
    }),
  )
