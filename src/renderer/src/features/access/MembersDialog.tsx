import { useId, useMemo } from 'react'
import { MAX_SEARCH_LENGTH } from '@shared/contract'
import { DataTable } from '../../components/DataTable'
import { Dialog } from '../../components/Dialog'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Pagination } from '../../components/Pagination'
import { useText } from '../../lib/text'
import type { AccessItem, AccessKind } from './access-kinds'
import { emptyText } from './filter-by-name'
import { memberColumns } from './member-columns'
import { useMembers } from './useMembers'

/** "Members of {name}": who holds the role or is in the group, paged and searchable. */
export function MembersDialog({
  kind,
  item,
  onClose,
}: {
  kind: AccessKind
  item: AccessItem
  onClose: () => void
}) {
  const searchId = useId()
  const members = useMembers(kind, item)
  const t = useText()
  const columns = useMemo(() => memberColumns(kind, t), [kind, t])
  const title = t('access.membersOf', { name: item.name })
  return (
    <Dialog
      title={title}
      className="members-dialog"
      onClose={onClose}
      footer={
        <button type="button" className="secondary" onClick={onClose}>
          {t('access.close')}
        </button>
      }
    >
      <div className="members-toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          {t('access.searchMembers')}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t('access.searchMembersPlaceholder')}
          maxLength={MAX_SEARCH_LENGTH}
          value={members.searchText}
          onChange={(event) => members.setSearchText(event.target.value)}
          data-autofocus
        />
      </div>
      {members.error && <ErrorBanner message={members.error} />}
      <DataTable
        label={title}
        columns={columns}
        data={members.members}
        rowKey={(member) => String(member.user.id)}
        loading={members.loading}
        loadingText={t('access.loadingMembers')}
        emptyText={emptyText(
          t,
          { none: 'access.noMembersFound', noneMatch: 'access.noMembersMatch' },
          members.search,
        )}
      />
      {members.page && members.page.totalElements > 0 && (
        <Pagination page={members.page} shown={members.members.length} onPage={members.goToPage} />
      )}
    </Dialog>
  )
}
