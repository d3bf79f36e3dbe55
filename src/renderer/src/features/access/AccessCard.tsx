import { useId, useMemo, useState } from 'react'
import { DataTable } from '../../components/DataTable'
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
        withPermissions,
      ),
    [kind, manages, withPermissions],
  )
  const shown = useMemo(() => filterByName(items, search), [items, search])

  return (
    <section className="access-card" aria-labelledby={titleId}>
      <div className="access-card-header">
        <h2 id={titleId}>{kind.plural}</h2>
        <div className="access-toolbar">
          <label htmlFor={searchId} className="visually-hidden">
            Search {kind.plural.toLowerCase()}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={`Search ${kind.plural.toLowerCase()}...`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {manages && (
            <button type="button" className="primary" onClick={() => setEditing({})}>
              + Add {kind.singular}
            </button>
          )}
          <button type="button" className="secondary" onClick={onRefresh}>
            Refresh
          </button>
        </div>
      </div>
      <DataTable
        label={kind.plural}
        columns={columns}
        data={shown}
        rowKey={(item) => String(item.id)}
        loading={loading}
        loadingText={`Loading ${kind.plural.toLowerCase()}...`}
        emptyText={emptyText(kind.plural, search)}
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
