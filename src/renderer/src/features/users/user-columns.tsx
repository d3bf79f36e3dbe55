import { Link, useLocation } from 'react-router'
import type { User, UserAction } from '@shared/contract'
import type { DateText } from '@shared/dates'
import type { Translate } from '@shared/i18n/catalogues'
import { USER_COLUMN_LABELS as LABELS, userCellText } from '@shared/user-columns'
import { columnHelper, type TableColumn } from '../../components/DataTable'
import { MoreMenu } from '../../components/MoreMenu'
import { useText } from '../../lib/text'
import { fromUsersList } from '../../lib/users-list-return'
import {
  activeText,
  activeToggle,
  lockedText,
  lockToggle,
  type StatusAction,
} from '@shared/user-actions'
import { mayTake, refusalOfAll, type ActionRight } from '@shared/user-rights'

/**
 * What the rows offer (issue 56): each action by the caller's right on its user, `rightOf`
 * (see `actionRight`): not shown, offered, or shown disabled with the reason.
 */
export interface UserRowActions {
  rightOf: (user: User, action: UserAction) => ActionRight
  onStatus: (user: User, action: StatusAction) => void
  onAssign: (user: User, kind: 'roles' | 'groups') => void
  onResetPassword: (user: User) => void
  onSetTemporaryPassword: (user: User) => void
}

/** The columns whose long values end in an ellipsis, sharing the room left (users.css). */
export const CLIPPED_COLUMNS = ['username', 'email', 'fullName', 'phoneNumber'] as const

/** The actions of the Actions column. */
export const ROW_ACTIONS: readonly UserAction[] = [
  'assign',
  'resetPassword',
  'setTemporaryPassword',
]

const col = columnHelper<User>()

/** The cell shows the state; its name also says what pressing it does, and to whom. */
function StatusCell({
  user,
  field,
  actions,
}: {
  user: User
  field: 'isActive' | 'isLocked'
  actions: UserRowActions
}) {
  const t = useText()
  const on = field === 'isActive' ? user.isActive : user.isLocked
  const text = field === 'isActive' ? activeText(user, t) : lockedText(user, t)
  const action = field === 'isActive' ? activeToggle(user) : lockToggle(user)
  const right = actions.rightOf(user, action)
  // Inactive looks the same on every screen.
  const look = field === 'isLocked' ? `locked-${on}` : on ? 'active-true' : 'state-inactive'
  if (!mayTake(right)) {
    return (
      <span className={`status-pill ${look}`} title={right ?? undefined}>
        {text}
      </span>
    )
  }
  return (
    <button
      type="button"
      className={`status-pill ${look}`}
      aria-label={t('users.statusToggleName', { state: text, action, username: user.username })}
      onClick={() => actions.onStatus(user, action)}
    >
      {text}
    </button>
  )
}

/** A button of a row: offered, or disabled with its reason as its title. */
function RowButton({
  right,
  label,
  name,
  onClick,
}: {
  right: ActionRight
  label: string
  name: string
  onClick: () => void
}) {
  if (right === undefined) return null
  return (
    <button
      type="button"
      className="secondary"
      aria-label={name}
      disabled={!mayTake(right)}
      title={right ?? undefined}
      onClick={onClick}
    >
      {label}
    </button>
  )
}

/**
 * SPEC.md's three row actions, Assign Roles, Assign Groups and Reset PW, and the rest under
 * More, on one line. A user the caller may do nothing to shows why, once.
 */
function RowActions({ user, actions }: { user: User; actions: UserRowActions }) {
  const t = useText()
  const username = user.username
  const [assign, resetPassword, setTemporaryPassword] = ROW_ACTIONS.map((action) =>
    actions.rightOf(user, action),
  )
  const refusal = refusalOfAll([assign, resetPassword, setTemporaryPassword])
  if (refusal) {
    return (
      <span className="row-refusal" title={refusal}>
        {refusal}
      </span>
    )
  }
  return (
    <div className="row-actions">
      <RowButton
        right={assign}
        label={t('users.assignRoles')}
        name={t('users.assignRolesTo', { username })}
        onClick={() => actions.onAssign(user, 'roles')}
      />
      <RowButton
        right={assign}
        label={t('users.assignGroups')}
        name={t('users.assignGroupsTo', { username })}
        onClick={() => actions.onAssign(user, 'groups')}
      />
      <RowButton
        right={resetPassword}
        label={t('users.resetPw')}
        name={t('users.resetPwFor', { username })}
        onClick={() => actions.onResetPassword(user)}
      />
      {setTemporaryPassword !== undefined && (
        <MoreMenu
          subject={user.username}
          items={[
            {
              label: t('temporaryPassword.set'),
              refusal: setTemporaryPassword ?? undefined,
              onSelect: () => actions.onSetTemporaryPassword(user),
            },
          ]}
        />
      )}
    </div>
  )
}

/**
 * A long value ends in an ellipsis, whole in its title. Its direction is its own (`dir="auto"`):
 * a Latin name in Arabic is cut at its end, not its start (issue 59).
 */
const Clipped = ({ text }: { text: string }) => (
  <span className="clipped" dir="auto" title={text}>
    {text}
  </span>
)

/** The user's page remembers the list it was opened from, for "Back to Users". */
function UserLink({ user }: { user: User }) {
  const { search } = useLocation()
  return (
    <Link
      to={`/users/${user.id}`}
      state={fromUsersList(search)}
      className="clipped"
      dir="auto"
      title={user.username}
    >
      {user.username}
    </Link>
  )
}

/**
 * The eleven columns of SPEC.md section 2, in order, with Two-step and Access ends; visibility
 * is the caller's among those offered (`shownColumns`). Without `actions`, no Actions column:
 * the caller may take none of its actions on anyone.
 */
export function userColumns(
  actions: UserRowActions,
  withActions: boolean,
  date: DateText,
  t: Translate,
): TableColumn<User>[] {
  const columns = [
    col.accessor('id', { header: t(LABELS.id) }),
    col.accessor('username', {
      header: t(LABELS.username),
      cell: ({ row }) => <UserLink user={row.original} />,
    }),
    col.accessor('email', {
      header: t(LABELS.email),
      cell: ({ row }) => <Clipped text={row.original.email} />,
    }),
    col.accessor('fullName', {
      header: t(LABELS.fullName),
      cell: ({ row }) => <Clipped text={row.original.fullName} />,
    }),
    col.accessor('phoneNumber', {
      header: t(LABELS.phoneNumber),
      cell: ({ row }) => <Clipped text={userCellText(row.original, 'phoneNumber', date, t)} />,
    }),
    col.accessor('isActive', {
      header: t(LABELS.isActive),
      cell: ({ row }) => <StatusCell user={row.original} field="isActive" actions={actions} />,
    }),
    col.accessor('isLocked', {
      header: t(LABELS.isLocked),
      cell: ({ row }) => <StatusCell user={row.original} field="isLocked" actions={actions} />,
    }),
    col.accessor('twoStep', {
      header: t(LABELS.twoStep),
      cell: ({ row }) => userCellText(row.original, 'twoStep', date, t),
    }),
    col.accessor('accessEndsAt', {
      header: t(LABELS.accessEndsAt),
      cell: ({ row }) => userCellText(row.original, 'accessEndsAt', date, t),
    }),
    col.accessor('lastLogin', {
      header: t(LABELS.lastLogin),
      cell: ({ row }) => userCellText(row.original, 'lastLogin', date, t),
    }),
    col.accessor('createdDate', {
      header: t(LABELS.createdDate),
      cell: ({ row }) => userCellText(row.original, 'createdDate', date, t),
    }),
    col.accessor('updatedDate', {
      header: t(LABELS.updatedDate),
      cell: ({ row }) => userCellText(row.original, 'updatedDate', date, t),
    }),
  ]
  if (!withActions) return columns
  return [
    ...columns,
    col.display({
      id: 'actions',
      header: t(LABELS.actions),
      cell: ({ row }) => <RowActions user={row.original} actions={actions} />,
    }),
  ]
}
