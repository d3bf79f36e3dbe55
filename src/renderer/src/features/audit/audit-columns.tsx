import { Link } from 'react-router'
import { auditCellText, AUDIT_COLUMN_IDS, AUDIT_COLUMN_LABELS } from '@shared/audit-cells'
import type { AuditEntry } from '@shared/contract'
import type { DateText } from '@shared/dates'
import { columnHelper, type TableColumn } from '../../components/DataTable'

const column = columnHelper<AuditEntry>()

/** Time, Actor, Action, Target, Details; a target user links to their page. */
export const auditColumns = (date: DateText): TableColumn<AuditEntry>[] =>
  AUDIT_COLUMN_IDS.map((id) =>
    column.display({
      id,
      header: AUDIT_COLUMN_LABELS[id],
      cell: ({ row }) => {
        const entry = row.original
        const text = auditCellText(entry, id, date)
        if (id === 'target' && entry.targetType === 'user' && entry.targetId)
          return <Link to={`/users/${entry.targetId}`}>{text}</Link>
        return text
      },
    }),
  )
