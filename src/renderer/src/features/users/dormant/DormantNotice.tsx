import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { errorMessage } from '@/lib/query'
import { notify } from '@/lib/notifications'
import { usePermissions } from '../../auth'
import { dormantListPath, dormantNoticeText, leftOutText, runNowQuestion } from './dormant-notice'
import { useDormantPolicy } from './useDormantPolicy'

/**
 * Above the users list, what the dormant-accounts policy's next run will do (issue 57), its users
 * one click away, and Run now for a holder of `users.status`.
 */
export function DormantNotice() {
  const { policy, run } = useDormantPolicy()
  const may = usePermissions()
  const [confirming, setConfirming] = useState(false)
  if (!policy) return null
  const leftOut = leftOutText(policy)
  return (
    <section className="dormant-notice" aria-label="Dormant accounts">
      <span>{dormantNoticeText(policy)}</span>
      {leftOut && <span className="dormant-left-out">({leftOut})</span>}
      <Link to={dormantListPath(policy)}>Show them</Link>
      {may('users.status') && (
        <button type="button" className="secondary" onClick={() => setConfirming(true)}>
          Run now
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          message={runNowQuestion(policy)}
          confirmLabel="Deactivate"
          danger
          busy={run.isPending}
          error={run.error ? errorMessage(run.error, 'Failed to deactivate users') : null}
          onCancel={() => {
            run.reset()
            setConfirming(false)
          }}
          onConfirm={() =>
            run.mutate(undefined, {
              onSuccess: (outcome) => {
                setConfirming(false)
                notify(
                  `${outcome.count.toLocaleString('en-US')} dormant ${outcome.count === 1 ? 'user' : 'users'} deactivated`,
                )
              },
            })
          }
        />
      )}
    </section>
  )
}
