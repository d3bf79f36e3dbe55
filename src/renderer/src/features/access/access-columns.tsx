import { columnHelper, type TableColumn } from '../../components/DataTable'
import { linkSummary, type AccessItem, type AccessKind } from './access-kinds'
import { statusText } from './status-toggle'

export interface AccessRowActions {
  /** Toggle and Edit are absent when the signed-in user may not manage access: read only. */
  onToggle?: (item: AccessItem) => void
  onEdit?: (item: AccessItem) => void
  onMembers: (item: AccessItem) => void
}

const col = columnHelper<AccessItem>()

/** ID, name, the linked other side, the Active toggle, Edit (SPEC.md section 2) and Members (issue 12). */
export function accessColumns(
  kind: AccessKind,
  { onToggle, onEdit, onMembers }: AccessRowActions,
  withPermissions = false,
): TableColumn<AccessItem>[] {
  return [
    col.accessor('id', { header: 'ID' }),
    col.accessor('name', { header: kind.singular }),
    col.display({
      id: 'links',
      header: kind.linksHeader,
      cell: ({ row }) => linkSummary(kind, row.original),
    }),
    // A role's permissions, when the server names them (issue 29).
    ...(kind.key === 'roles' && withPermissions
      ? [
          col.display({
            id: 'permissions',
            header: 'Permissions',
            cell: ({ row }) => (row.original.permissions ?? []).join(', ') || 'None',
          }),
        ]
      : []),
    col.display({
      id: 'active',
      header: 'Active',
      cell: ({ row }) =>
        onToggle ? (
          <button
            type="button"
            className={`status-toggle ${row.original.active ? 'is-active' : 'state-inactive'}`}
            aria-label={`${statusText(row.original)}: ${row.original.active ? 'deactivate' : 'activate'} ${kind.noun} ${row.original.name}`}
            onClick={() => onToggle(row.original)}
          >
            {statusText(row.original)}
          </button>
        ) : (
          statusText(row.original)
        ),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <span className="access-actions">
          {onEdit && (
            <button
              type="button"
              className="secondary"
              aria-label={`Edit ${kind.noun} ${row.original.name}`}
              onClick={() => onEdit(row.original)}
            >
              Edit
            </button>
          )}
          <button
            type="button"
            className="secondary"
            aria-label={`Members of ${kind.noun} ${row.original.name}`}
            onClick={() => onMembers(row.original)}
          >
            Members
          </button>
        </span>
      ),
    }),
  ]
}
