import {
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
} from '@tanstack/react-table'
import { useText } from '../lib/text'
import { MARKS } from './icons'
import { TableSkeleton } from './TableSkeleton'

/** Every table of the console can hide columns; sorting, where there is any, is the server's. */
export const tableFeatureSet = tableFeatures({ columnVisibilityFeature })
export type TableFeatureSet = typeof tableFeatureSet
export type TableColumn<T extends RowData> = ColumnDef<TableFeatureSet, T, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- cells of any type
export const columnHelper = <T extends RowData>() => createColumnHelper<TableFeatureSet, T>()

export interface TableSort {
  field: string
  direction: 'asc' | 'desc'
}

export interface DataTableProps<T extends RowData> {
  /** Names the table for assistive technology. */
  label: string
  columns: TableColumn<T>[]
  data: T[]
  rowKey: (row: T) => string
  columnVisibility?: ColumnVisibilityState
  /** Column ids that sort when their header is clicked; the caller does the sorting. */
  sortable?: readonly string[]
  sort?: TableSort
  onSort?: (field: string) => void
  loading?: boolean
  loadingText?: string
  emptyText: string
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/** A headless TanStack table drawn as a plain, accessible HTML table. */
export function DataTable<T extends RowData>({
  label,
  columns,
  data,
  rowKey,
  columnVisibility,
  sortable = [],
  sort,
  onSort,
  loading = false,
  loadingText,
  emptyText,
}: DataTableProps<T>) {
  const table = useTable({
    features: tableFeatureSet,
    columns,
    data,
    getRowId: (row) => rowKey(row),
    state: { columnVisibility: columnVisibility ?? {} },
  })
  const t = useText()
  const loadingShown = loadingText ?? t('components.loading')
  const headers = table.getHeaderGroups()
  const rows = table.getRowModel().rows
  const span = table.getVisibleLeafColumns().length
  const refreshing = loading && rows.length > 0
  return (
    // A wide table scrolls sideways: the scroller takes focus so the keyboard can scroll it too.
    <div className="table-wrap" role="group" aria-label={label} tabIndex={0}>
      {refreshing && (
        // The rows stay while the next ones load, so focus and place are not lost.
        <p className="table-refreshing" role="status">
          {loadingShown}
        </p>
      )}
      <table className="data-table" aria-label={label} aria-busy={loading}>
        <thead>
          {headers.map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id
                const canSort = sortable.includes(id) && onSort
                const sorted = sort?.field === id ? sort.direction : undefined
                return (
                  <th
                    key={header.id}
                    scope="col"
                    data-column={id}
                    aria-sort={sorted ? ARIA_SORT[sorted] : canSort ? 'none' : undefined}
                  >
                    {canSort ? (
                      <button type="button" className="sort" onClick={() => onSort(id)}>
                        <table.FlexRender header={header} />
                        <span aria-hidden="true" className="sort-mark">
                          {sorted === 'asc'
                            ? MARKS.sortedUp
                            : sorted === 'desc'
                              ? MARKS.sortedDown
                              : MARKS.sortable}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {loading && rows.length === 0 ? (
            <TableSkeleton columns={span} text={loadingShown} />
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={span} className="table-note">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-column={cell.column.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
