import { useState } from 'react'
import type { SortDirection, UserSortField } from '@shared/contract'
import type { BulkAction } from '@shared/contract'
import { ErrorBanner } from '@/components/ErrorBanner'
import { usePermissions } from '../../auth'
import type { UserColumnVisibility } from '../columns'
import { BulkConfirm, BulkProgressDialog, BulkSummaryDialog } from './BulkDialogs'
import { bulkLabel, offeredBulkActions, usersCount } from './bulk-texts'
import { selectedCount, selectionInput } from './selection'
import type { BulkSelection } from './useBulkSelection'
import { useBulkRun } from './useBulkRun'
import { useSelectedExport } from './useSelectedExport'

/**
 * "{n} selected" and what can be done to the selected users at once: each action asks first,
 * runs with progress and Cancel, and ends with its summary.
 */
export function BulkBar({
  bulk,
  total,
  visibility,
  sort,
  direction,
}: {
  bulk: BulkSelection
  /** How many users the list's search and filters match. */
  total: number
  visibility: UserColumnVisibility
  sort: UserSortField
  direction: SortDirection
}) {
  const [confirming, setConfirming] = useState<BulkAction | null>(null)
  const runner = useBulkRun()
  const exporter = useSelectedExport({ visibility, sort, direction })
  const { selection } = bulk
  const count = selectedCount(selection)
  const progress = runner.progress
  const offered = offeredBulkActions(usePermissions())
  return (
    <>
      {count > 0 && (
        <div className="bulk-bar" role="region" aria-label="Bulk actions">
          <strong>{count} selected</strong>
          {selection.kind === 'some' && bulk.pageState === 'all' && total > count && (
            <button type="button" className="link" onClick={() => bulk.selectAll(total)}>
              Select all {total} matching
            </button>
          )}
          {offered.buttons.map((button) => (
            <button
              key={button.action}
              type="button"
              className="secondary"
              onClick={() => setConfirming(button.action)}
            >
              {button.label}
            </button>
          ))}
          {offered.exports && (
            <>
              <button
                type="button"
                className="secondary"
                onClick={() => exporter.start('csv', selection)}
              >
                Export Selected CSV
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => exporter.start('pdf', selection)}
              >
                Export Selected PDF
              </button>
            </>
          )}
          <button type="button" className="link" onClick={bulk.clear}>
            Clear
          </button>
        </div>
      )}
      {runner.error && <ErrorBanner message={runner.error} onDismiss={runner.dismissError} />}
      {exporter.error && <ErrorBanner message={exporter.error} onDismiss={exporter.dismissError} />}

      {confirming && (
        <BulkConfirm
          action={confirming}
          count={count}
          selection={selectionInput(selection)}
          onCancel={() => setConfirming(null)}
          onConfirm={(targetId, grant) => {
            setConfirming(null)
            runner.run(confirming, selection, targetId, grant)
          }}
        />
      )}
      {progress && (
        <BulkProgressDialog
          title={`${bulkLabel(progress.action)}: in progress`}
          label={
            progress.phase === 'selecting'
              ? `Selecting users: ${progress.done} of ${progress.total || '…'}`
              : `${progress.done} of ${usersCount(progress.total)}`
          }
          done={progress.done}
          total={progress.total}
          onCancel={runner.cancel}
        />
      )}
      {exporter.progress && (
        <BulkProgressDialog
          title={`Export Selected ${exporter.progress.format.toUpperCase()}: in progress`}
          label={`Exporting ${exporter.progress.done} of ${usersCount(exporter.progress.total)}`}
          done={exporter.progress.done}
          total={exporter.progress.total}
          onCancel={exporter.cancel}
        />
      )}
      {runner.finished && (
        <BulkSummaryDialog finished={runner.finished} onClose={runner.closeSummary} />
      )}
    </>
  )
}
