import { useEffect, useRef } from 'react'
import type { User } from '@shared/contract'
import { columnHelper, type TableColumn } from '@/components/DataTable'
import { useText } from '@/lib/text'
import { isSelected } from './selection'
import type { BulkSelection } from './useBulkSelection'

/** "Select page": ticked when every row is, mixed when some are. */
function PageCheckbox({ bulk }: { bulk: BulkSelection }) {
  const t = useText()
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = bulk.pageState === 'some'
  }, [bulk.pageState])
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={t('bulk.selectPage')}
      checked={bulk.pageState === 'all'}
      onChange={bulk.togglePage}
    />
  )
}

function RowCheckbox({ bulk, user }: { bulk: BulkSelection; user: User }) {
  const t = useText()
  return (
    <input
      type="checkbox"
      aria-label={t('bulk.selectUser', { username: user.username })}
      checked={isSelected(bulk.selection, user.id)}
      onChange={() => bulk.toggleUser(user)}
    />
  )
}

/** The checkbox column of bulk actions, first in the table. */
export function selectionColumn(bulk: BulkSelection): TableColumn<User> {
  return columnHelper<User>().display({
    id: 'select',
    header: () => <PageCheckbox bulk={bulk} />,
    cell: ({ row }) => <RowCheckbox bulk={bulk} user={row.original} />,
  })
}
