import { useState } from 'react'
import type { SortDirection, UserSortField } from '@shared/contract'
import type { BulkAction } from '@shared/contract'
import { ErrorBanner } from '@/components/ErrorBanner'
import { useText } from '@/lib/text'
import { usePermissions } from '../../auth'
import type { UserColumnVisibility } from '../columns'
import { BulkConfirm, BulkProgressDialog, BulkSummaryDialog } from './BulkDialogs'
import { bulkLabel, offeredBulkActions } from './bulk-texts'
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
  const t = useText()
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
        <div className="bulk-bar" role="region" aria-label={t('bulk.region')}>
          <strong>{t('bulk.selected', { count })}</strong>
          {selection.kind === 'some' && bulk.pageState === 'all' && total > count && (
            <button type="button" className="link" onClick={() => bulk.selectAll(total)}>
              {t('bulk.selectAllMatching', { total })}
            </button>
          )}
          {offered.buttons.map((button) => (
            <button
              key={button.action}
              type="button"
              className="secondary"
              onClick={() => setConfirming(button.action)}
            >
              {t(button.label)}
            </button>
          ))}
          {offered.exports && (
            <>
              <button
                type="button"
                className="secondary"
                onClick={() => exporter.start('csv', selection)}
              >
                {t('bulk.exportCsv')}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => exporter.start('pdf', selection)}
              >
                {t('bulk.exportPdf')}
              </button>
            </>
          )}
          <button type="button" className="link" onClick={bulk.clear}>
            {t('bulk.clear')}
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
          title={t('bulk.inProgress', { action: bulkLabel(t, progress.action) })}
          label={
            progress.phase === 'applying'
              ? t('bulk.doneOf', { done: progress.done, total: progress.total })
              : progress.total
                ? t('bulk.selectingCounted', { done: progress.done, total: progress.total })
                : t('bulk.selectingUncounted', { done: progress.done })
          }
          done={progress.done}
          total={progress.total}
          onCancel={runner.cancel}
        />
      )}
      {exporter.progress && (
        <BulkProgressDialog
          title={t('bulk.exportInProgress', { format: exporter.progress.format.toUpperCase() })}
          label={t('bulk.exporting', {
            done: exporter.progress.done,
            total: exporter.progress.total,
          })}
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
