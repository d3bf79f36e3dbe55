import { useEffect, useRef } from 'react'
import type { User } from '@shared/contract'
import { columnHelper, type TableColumn } from '@/components/DataTable'
import { isSelected } from './selection'
import type { BulkSelection } from './useBulkSelection'

/** "Select page": ticked when every row is, mixed when some are. */
function PageCheckbox({ bulk }: { bulk: BulkSelection }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = bulk.pageState === 'some'
  }, [bulk.pageState])
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select page"
      checked={bulk.pageState === 'all'}
      onChange={bulk.togglePage}
    />
  )
}

/** The checkbox column of bulk actions, first in the table. */
export function selectionColumn(bulk: BulkSelection): TableColumn<User> {
  return columnHelper<User>().display({
    id: 'select',
    header: () => <PageCheckbox bulk={bulk} />,
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.original.username}`}
        checked={isSelected(bulk.selection, row.original.id)}
        onChange={() => bulk.toggleUser(row.original)}
      />
    ),
  })
}
