import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { errorMessage } from '@/lib/query'
import { notify } from '@/lib/notifications'
import { useIntl } from 'react-intl'
import { useText } from '@/lib/text'
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
  const t = useText()
  const { locale } = useIntl()
  if (!policy) return null
  const leftOut = leftOutText(t, policy)
  return (
    <section className="dormant-notice" aria-label={t('users.dormantAccounts')}>
      <span>{dormantNoticeText(t, policy, locale)}</span>
      {leftOut && <span className="dormant-left-out">{leftOut}</span>}
      <Link to={dormantListPath(policy)}>{t('users.dormantShowThem')}</Link>
      {may('users.status') && (
        <button type="button" className="secondary" onClick={() => setConfirming(true)}>
          {t('users.dormantRunNow')}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          message={runNowQuestion(t, policy)}
          confirmLabel={t('users.dormantDeactivate')}
          danger
          busy={run.isPending}
          error={run.error ? errorMessage(run.error, t('users.dormantRunFailed')) : null}
          onCancel={() => {
            run.reset()
            setConfirming(false)
          }}
          onConfirm={() =>
            run.mutate(undefined, {
              onSuccess: (outcome) => {
                setConfirming(false)
                notify(t('users.dormantDone', { count: outcome.count }))
              },
            })
          }
        />
      )}
    </section>
  )
}
