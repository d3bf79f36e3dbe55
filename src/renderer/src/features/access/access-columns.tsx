import type { Translate } from '@shared/i18n/catalogues'
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
  t: Translate,
  withPermissions = false,
): TableColumn<AccessItem>[] {
  return [
    col.accessor('id', { header: t('access.id') }),
    col.accessor('name', { header: t(kind.singular) }),
    col.display({
      id: 'links',
      header: t(kind.linksHeader),
      cell: ({ row }) => linkSummary(kind, row.original, t),
    }),
    // A role's permissions, when the server names them (issue 29).
    ...(kind.key === 'roles' && withPermissions
      ? [
          col.display({
            id: 'permissions',
            header: t('access.permissions'),
            cell: ({ row }) =>
              (row.original.permissions ?? []).join(', ') || t('access.noPermissions'),
          }),
        ]
      : []),
    col.display({
      id: 'active',
      header: t('access.active'),
      cell: ({ row }) =>
        onToggle ? (
          <button
            type="button"
            className={`status-toggle ${row.original.active ? 'is-active' : 'state-inactive'}`}
            aria-label={t(kind.toggleLabel, {
              status: statusText(row.original, t),
              change: row.original.active ? 'deactivate' : 'activate',
              name: row.original.name,
            })}
            onClick={() => onToggle(row.original)}
          >
            {statusText(row.original, t)}
          </button>
        ) : (
          statusText(row.original, t)
        ),
    }),
    col.display({
      id: 'actions',
      header: t('access.actions'),
      cell: ({ row }) => (
        <span className="access-actions">
          {onEdit && (
            <button
              type="button"
              className="secondary"
              aria-label={t(kind.editLabel, { name: row.original.name })}
              onClick={() => onEdit(row.original)}
            >
              {t('access.edit')}
            </button>
          )}
          <button
            type="button"
            className="secondary"
            aria-label={t(kind.membersLabel, { name: row.original.name })}
            onClick={() => onMembers(row.original)}
          >
            {t('access.members')}
          </button>
        </span>
      ),
    }),
  ]
}
