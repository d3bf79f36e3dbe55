import { useCallback, useMemo, useState, type CSSProperties } from 'react'
import { Link } from 'react-router'
import {
  MAX_SEARCH_LENGTH,
  USER_ACTION_PERMISSIONS,
  USER_SORT_FIELDS,
  type User,
  type UserAction,
} from '@shared/contract'
import { actionRight } from '@shared/user-rights'
import type { AssignmentKind } from '../../api/keys'
import { DataTable } from '../../components/DataTable'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Pagination } from '../../components/Pagination'
import { notify } from '../../lib/notifications'
import { useCallerPermissions, usePermissions, useServerFeature } from '../auth'
import { SetTemporaryPasswordDialog } from '../temporary-password'
import { AddUserDialog } from './AddUserDialog'
import { AssignAccessDialog } from './AssignAccessDialog'
import { BulkBar } from './bulk/BulkBar'
import { scopeOf } from './bulk/selection'
import { selectionColumn } from './bulk/selection-column'
import { useBulkSelection } from './bulk/useBulkSelection'
import { ColumnsMenu } from './ColumnsMenu'
import { DormantNotice } from './dormant/DormantNotice'
import { offeredColumns, shownColumns } from './columns'
import { ExportProgressBar } from './export/ExportProgressBar'
import { PrintReport } from './export/PrintReport'
import { useUserExport } from './export/useUserExport'
import { ImportDialog } from './import/ImportDialog'
import { ResetPasswordDialog } from './ResetPasswordDialog'
import { StatusChangeDialog } from './StatusChangeDialog'
import { statusChange, type StatusAction } from '@shared/user-actions'
import { useColumnVisibility } from './useColumnVisibility'
import { UserFilters } from './UserFilters'
import { useUserList } from './useUserList'
import { CLIPPED_COLUMNS, ROW_ACTIONS, userColumns } from './user-columns'
import { useDateText } from '../../lib/useDateText'
import { useText } from '../../lib/text'
import './users.css'

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'status'; user: User; action: StatusAction }
  | { kind: 'assign'; user: User; assign: AssignmentKind }
  | { kind: 'reset'; user: User }
  | { kind: 'temporary'; user: User }

/** Users Management (SPEC.md section 2). The page title is the Shell's. */
export function UsersPage() {
  const t = useText()
  const list = useUserList()
  const columns = useColumnVisibility()
  const may = usePermissions()
  const withActions = ROW_ACTIONS.some((action) => may(USER_ACTION_PERMISSIONS[action]))
  const grantEnds = useServerFeature('grant-ends')
  const offered = useMemo(() => offeredColumns(withActions, grantEnds), [withActions, grantEnds])
  const visibility = useMemo(
    () => shownColumns(columns.visibility, offered),
    [columns.visibility, offered],
  )
  const [dialog, setDialog] = useState<OpenDialog | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const exports = useUserExport({
    // What the search box says now, not what the debounced list last asked for.
    query: { ...list.query, search: list.searchText.trim() || undefined },
    filter: list.filter,
    visibility,
    shown: list.users,
    announce: setNotice,
  })
  const [pageError, setPageError] = useState<string | null>(null)
  const bulk = useBulkSelection(scopeOf(list.query), list.users)
  const close = () => setDialog(null)
  // What the last export said is over once something else is done (issue 56).
  const open = useCallback((next: OpenDialog) => {
    setNotice(null)
    setDialog(next)
  }, [])
  const date = useDateText()
  const held = useCallerPermissions()

  const tableColumns = useMemo(
    () =>
      userColumns(
        {
          rightOf: (user: User, action: UserAction) => actionRight(user, action, held),
          onStatus: (user: User, action: StatusAction) => open({ kind: 'status', user, action }),
          onAssign: (user: User, assign: AssignmentKind) => open({ kind: 'assign', user, assign }),
          onResetPassword: (user: User) => open({ kind: 'reset', user }),
          onSetTemporaryPassword: (user: User) => open({ kind: 'temporary', user }),
        },
        withActions,
        date,
        t,
      ),
    [held, withActions, open, date, t],
  )

  return (
    <div
      className="users-page"
      style={
        {
          '--clipped-columns': CLIPPED_COLUMNS.filter((id) => visibility[id]).length,
        } as CSSProperties
      }
    >
      <p className="users-links">
        <Link to="/access">{t('users.goToAccess')}</Link>
      </p>
      <DormantNotice />

      <div className="users-toolbar">
        <label htmlFor="users-search" className="visually-hidden">
          {t('users.searchLabel')}
        </label>
        <input
          id="users-search"
          type="search"
          placeholder={t('users.searchPlaceholder')}
          maxLength={MAX_SEARCH_LENGTH}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
        />
        <UserFilters filter={list.filter} onChange={list.setFilter} />
        <button
          type="button"
          className="secondary"
          disabled={list.users.length === 0 || exports.progress !== null}
          onClick={exports.exportCsv}
        >
          {t('users.exportCsv')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={list.users.length === 0 || exports.progress !== null}
          onClick={exports.exportPdf}
        >
          {t('users.exportPdf')}
        </button>
        {may('users.create') && (
          <button type="button" className="secondary" onClick={() => open({ kind: 'import' })}>
            {t('users.importCsv')}
          </button>
        )}
        <ColumnsMenu visibility={visibility} offered={offered} onToggle={columns.toggle} />
        {may('users.create') && (
          <button type="button" className="primary add-user" onClick={() => open({ kind: 'add' })}>
            {t('users.addUser')}
          </button>
        )}
      </div>

      {exports.progress && (
        <ExportProgressBar progress={exports.progress} onCancel={exports.cancel} />
      )}
      <div role="status" className="users-notice">
        {notice}
      </div>
      {exports.error && <ErrorBanner message={exports.error} onDismiss={exports.dismissError} />}
      {list.error && <ErrorBanner message={list.error} />}
      {pageError && <ErrorBanner message={pageError} onDismiss={() => setPageError(null)} />}

      <BulkBar
        bulk={bulk}
        total={list.page?.totalElements ?? 0}
        visibility={visibility}
        sort={list.sort.field}
        direction={list.sort.direction}
      />

      <DataTable
        label={t('users.tableLabel')}
        columns={[selectionColumn(bulk), ...tableColumns]}
        data={list.users}
        rowKey={(user) => String(user.id)}
        columnVisibility={visibility}
        sortable={USER_SORT_FIELDS}
        sort={list.sort}
        onSort={list.sortBy}
        loading={list.loading}
        loadingText={t('users.loading')}
        emptyText={t('users.empty')}
      />
      {list.page && list.page.totalElements > 0 && (
        <Pagination page={list.page} shown={list.users.length} onPage={list.goToPage} />
      )}

      {dialog?.kind === 'import' && <ImportDialog onClose={close} />}
      {dialog?.kind === 'add' && (
        <AddUserDialog
          onClose={close}
          onCreated={({ user, statusError }) => {
            close()
            notify(t('users.userCreated', { username: user.username }))
            if (statusError) {
              setPageError(
                t('users.createdStillActive', { username: user.username, error: statusError }),
              )
            }
          }}
        />
      )}
      {dialog?.kind === 'status' && (
        <StatusChangeDialog
          user={dialog.user}
          action={dialog.action}
          onChanged={(user) => {
            list.replaceUser(user)
            close()
            notify(statusChange(user, dialog.action, t).done)
          }}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'assign' && (
        <AssignAccessDialog user={dialog.user} kind={dialog.assign} onClose={close} />
      )}
      {dialog?.kind === 'reset' && <ResetPasswordDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'temporary' && (
        <SetTemporaryPasswordDialog user={dialog.user} onClose={close} />
      )}

      {exports.printJob && <PrintReport job={exports.printJob} />}
    </div>
  )
}
