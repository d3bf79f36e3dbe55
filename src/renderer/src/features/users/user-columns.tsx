import { Link, useLocation } from 'react-router'
import type { User } from '@shared/contract'
import { USER_COLUMN_LABELS as LABELS, userCellText } from '@shared/user-columns'
import { columnHelper, type TableColumn } from '../../components/DataTable'
import { fromUsersList } from '../../lib/users-list-return'
import {
  activeText,
  activeToggle,
  lockedText,
  lockToggle,
  type StatusAction,
} from '@shared/user-actions'

/** Each is absent when the signed-in user may not do it (issue 29): it is not offered. */
export interface UserRowActions {
  /** users.status: the Active and Locked cells are then plain text. */
  onStatus?: (user: User, action: StatusAction) => void
  /** users.assign: Assign Roles and Assign Groups. */
  onAssign?: (user: User, kind: 'roles' | 'groups') => void
  /** users.credentials: Reset PW and Set Temporary Password. */
  credentials?: {
    onResetPassword: (user: User) => void
    onSetTemporaryPassword: (user: User) => void
  }
}

const col = columnHelper<User>()

/** The cell shows the state; its name also says what pressing it does, and to whom. */
function StatusCell({
  user,
  field,
  onStatus,
}: {
  user: User
  field: 'isActive' | 'isLocked'
  onStatus: UserRowActions['onStatus']
}) {
  const on = field === 'isActive' ? user.isActive : user.isLocked
  const text = field === 'isActive' ? activeText(user) : lockedText(user)
  const action = field === 'isActive' ? activeToggle(user) : lockToggle(user)
  // Inactive looks the same on every screen.
  const look = field === 'isLocked' ? `locked-${on}` : on ? 'active-true' : 'state-inactive'
  if (!onStatus) return <span className={`status-pill ${look}`}>{text}</span>
  return (
    <button
      type="button"
      className={`status-pill ${look}`}
      aria-label={`${text}: ${action} ${user.username}`}
      onClick={() => onStatus(user, action)}
    >
      {text}
    </button>
  )
}

/** The user's page remembers the list it was opened from, for "Back to Users". */
function UserLink({ user }: { user: User }) {
  const { search } = useLocation()
  return (
    <Link to={`/users/${user.id}`} state={fromUsersList(search)}>
      {user.username}
    </Link>
  )
}

/** The eleven columns of SPEC.md section 2, in order, and Two-step; visibility is the caller's. */
export function userColumns(actions: UserRowActions): TableColumn<User>[] {
  return [
    col.accessor('id', { header: LABELS.id }),
    col.accessor('username', {
      header: LABELS.username,
      cell: ({ row }) => <UserLink user={row.original} />,
    }),
    col.accessor('email', { header: LABELS.email }),
    col.accessor('fullName', { header: LABELS.fullName }),
    col.accessor('phoneNumber', {
      header: LABELS.phoneNumber,
      cell: ({ row }) => userCellText(row.original, 'phoneNumber'),
    }),
    col.accessor('isActive', {
      header: LABELS.isActive,
      cell: ({ row }) => (
        <StatusCell user={row.original} field="isActive" onStatus={actions.onStatus} />
      ),
    }),
    col.accessor('isLocked', {
      header: LABELS.isLocked,
      cell: ({ row }) => (
        <StatusCell user={row.original} field="isLocked" onStatus={actions.onStatus} />
      ),
    }),
    col.accessor('twoStep', {
      header: LABELS.twoStep,
      cell: ({ row }) => userCellText(row.original, 'twoStep'),
    }),
    col.accessor('lastLogin', {
      header: LABELS.lastLogin,
      cell: ({ row }) => userCellText(row.original, 'lastLogin'),
    }),
    col.accessor('createdDate', {
      header: LABELS.createdDate,
      cell: ({ row }) => userCellText(row.original, 'createdDate'),
    }),
    col.accessor('updatedDate', {
      header: LABELS.updatedDate,
      cell: ({ row }) => userCellText(row.original, 'updatedDate'),
    }),
    col.display({
      id: 'actions',
      header: LABELS.actions,
      cell: ({ row }) => {
        const user = row.original
        return (
          <div className="row-actions">
            {actions.onAssign && (
              <>
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Assign Roles to ${user.username}`}
                  onClick={() => actions.onAssign?.(user, 'roles')}
                >
                  Assign Roles
                </button>
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Assign Groups to ${user.username}`}
                  onClick={() => actions.onAssign?.(user, 'groups')}
                >
                  Assign Groups
                </button>
              </>
            )}
            {actions.credentials && (
              <>
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Reset PW for ${user.username}`}
                  onClick={() => actions.credentials?.onResetPassword(user)}
                >
                  Reset PW
                </button>
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Set Temporary Password for ${user.username}`}
                  onClick={() => actions.credentials?.onSetTemporaryPassword(user)}
                >
                  Set Temporary Password
                </button>
              </>
            )}
          </div>
        )
      },
    }),
  ]
}
