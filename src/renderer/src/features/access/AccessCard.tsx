import { useId, useMemo, useState } from 'react'
import { DataTable } from '../../components/DataTable'
import { useText } from '../../lib/text'
import { usePermissions } from '../auth'
import type { AccessItem, AccessKind } from './access-kinds'
import { accessColumns } from './access-columns'
import { AccessDialog } from './AccessDialog'
import { ActiveToggleConfirm } from './ActiveToggleConfirm'
import { emptyText, filterByName } from './filter-by-name'
import { MembersDialog } from './MembersDialog'

export interface AccessCardProps {
  kind: AccessKind
  items: AccessItem[]
  loading: boolean
  /** The other side, for the dialog's checkboxes. */
  options: AccessItem[]
  optionsLoading: boolean
  optionsFailed: boolean
  onRefresh: () => void
}

type Editing = { item?: AccessItem } | null

/** The Roles or the Groups card: search, add, refresh, the table and its dialogs. */
export function AccessCard({
  kind,
  items,
  loading,
  options,
  optionsLoading,
  optionsFailed,
  onRefresh,
}: AccessCardProps) {
  const titleId = useId()
  const searchId = useId()
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<Editing>(null)
  const [toggling, setToggling] = useState<AccessItem | null>(null)
  const [membersOf, setMembersOf] = useState<AccessItem | null>(null)
  const manages = usePermissions()('access.manage')
  const t = useText()
  // A server of delegated administration names every role's permissions (issue 29).
  const withPermissions = items.some((item) => item.permissions !== undefined)
  const columns = useMemo(
    () =>
      accessColumns(
        kind,
        {
          ...(manages && {
            onToggle: setToggling,
            onEdit: (item: AccessItem) => setEditing({ item }),
          }),
          onMembers: setMembersOf,
        },
        t,
        withPermissions,
      ),
    [kind, manages, t, withPermissions],
  )
  const shown = useMemo(() => filterByName(items, search), [items, search])

  return (
    <section className="access-card" aria-labelledby={titleId}>
      <div className="access-card-header">
        <h2 id={titleId}>{t(kind.plural)}</h2>
        <div className="access-toolbar">
          <label htmlFor={searchId} className="visually-hidden">
            {t(kind.search)}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={t(kind.searchPlaceholder)}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {manages && (
            <button type="button" className="primary" onClick={() => setEditing({})}>
              {t(kind.add)}
            </button>
          )}
          <button type="button" className="secondary" onClick={onRefresh}>
            {t('access.refresh')}
          </button>
        </div>
      </div>
      <DataTable
        label={t(kind.plural)}
        columns={columns}
        data={shown}
        rowKey={(item) => String(item.id)}
        loading={loading}
        loadingText={t(kind.loading)}
        emptyText={emptyText(t, kind, search)}
      />
      {editing && (
        <AccessDialog
          kind={kind}
          item={editing.item}
          options={options}
          optionsLoading={optionsLoading}
          optionsFailed={optionsFailed}
          withPermissions={withPermissions}
          onClose={() => setEditing(null)}
        />
      )}
      {toggling && (
        <ActiveToggleConfirm kind={kind} item={toggling} onClose={() => setToggling(null)} />
      )}
      {membersOf && (
        <MembersDialog kind={kind} item={membersOf} onClose={() => setMembersOf(null)} />
      )}
    </section>
  )
}
