import { Link } from 'react-router'
import type { Member } from '@shared/contract'
import type { Translate } from '@shared/i18n/catalogues'
import { columnHelper, type TableColumn } from '../../components/DataTable'
import { holdingText } from '../../lib/holding'
import type { AccessKind } from './access-kinds'
import { memberStatus } from './member-status'

const col = columnHelper<Member>()

/**
 * Username (a link to the user's page), name, email and status; for a role also how it is
 * held, "direct" and/or "via {groups}" (a group's members are all direct).
 */
export function memberColumns(kind: AccessKind, t: Translate): TableColumn<Member>[] {
  return [
    col.display({
      id: 'username',
      header: t('access.username'),
      cell: ({ row }) => (
        <Link to={`/users/${row.original.user.id}`}>{row.original.user.username}</Link>
      ),
    }),
    col.display({
      id: 'fullName',
      header: t('access.fullName'),
      cell: ({ row }) => row.original.user.fullName,
    }),
    col.display({
      id: 'email',
      header: t('access.email'),
      cell: ({ row }) => row.original.user.email,
    }),
    col.display({
      id: 'status',
      header: t('access.status'),
      cell: ({ row }) => memberStatus(row.original.user, t),
    }),
    ...(kind.key === 'roles'
      ? [
          col.display({
            id: 'held',
            header: t('access.held'),
            cell: ({ row }) => holdingText(row.original),
          }),
        ]
      : []),
  ]
}
