import { useState } from 'react'
import type { User } from '@shared/contract'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { MessageDialog } from '../../components/MessageDialog'
import { notify } from '../../lib/notifications'
import { useText } from '../../lib/text'
import { ResetTwoStepButton } from '../second-factor'
import { SetTemporaryPasswordDialog } from '../temporary-password'
import { activeToggle, lockToggle, passwordResetSent } from '@shared/user-actions'
import { mayTake } from '@shared/user-rights'
import { quickAction, quickActionError, type QuickAction } from './quick-actions'
import type { ChangeRights } from './useChangeRights'
import { useQuickAction } from './useQuickAction'
import { useVersionRefresh } from './useVersionRefresh'

/**
 * Lock/Unlock, Activate/Deactivate, Reset Password, Set Temporary Password and, for a user
 * with it on, Reset Two-Step Sign-In, each after a confirmation: those of the signed-in user's
 * permissions, each refused one disabled with its reason under the buttons (their own account),
 * and no card when that is none or the user holds more than they do.
 */
export function QuickActionsCard({
  id,
  user,
  disabled,
  rights,
}: {
  id: number
  user: User
  /** While the profile saves or reloads, so the two never race for the user's version. */
  disabled: boolean
  rights: ChangeRights
}) {
  const run = useQuickAction(id)
  const [asking, setAsking] = useState<QuickAction>()
  const [resetSentTo, setResetSentTo] = useState<string>()
  const [settingTemporary, setSettingTemporary] = useState(false)
  const refreshVersion = useVersionRefresh(id)
  const t = useText()
  const text = asking && quickAction(t, user, asking)

  const ask = (action: QuickAction) => {
    run.reset()
    setAsking(action)
  }

  const confirm = () => {
    if (!asking) return
    const email = user.email
    const { done } = quickAction(t, user, asking)
    run.mutate(asking, {
      onSuccess: () => {
        setAsking(undefined)
        // "Password Reset" says it; a notification would say it twice.
        if (asking === 'resetPassword') setResetSentTo(email)
        else notify(done)
      },
    })
  }

  // One button per slot, so the focus returns to it when its dialog closes, label changed or not.
  const slots = ([lockToggle(user), activeToggle(user), 'resetPassword'] as const)
    .map((action) => ({ action, right: rights.rightOf(action) }))
    .filter(({ right }) => right !== undefined)
  const temporary = rights.rightOf('setTemporaryPassword')
  const twoStep = rights.rightOf('resetTwoStep')
  // A user who holds more: the page says why once, and offers nothing here.
  if (rights.refusal || (slots.length === 0 && temporary === undefined)) return null
  const refusals = [
    ...new Set([...slots.map(({ right }) => right), temporary].filter((right) => right)),
  ]
  return (
    <section className="details-card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">{t('userDetails.quickActionsTitle')}</h2>
      <div className="quick-actions">
        {slots.map(({ action, right }, slot) => (
          <button
            key={slot}
            type="button"
            className="secondary"
            disabled={disabled || !mayTake(right)}
            title={right ?? undefined}
            onClick={() => ask(action)}
          >
            {quickAction(t, user, action).label}
          </button>
        ))}
        {temporary !== undefined && (
          <button
            type="button"
            className="secondary"
            disabled={disabled || !mayTake(temporary)}
            title={temporary ?? undefined}
            onClick={() => setSettingTemporary(true)}
          >
            {t('temporaryPassword.set')}
          </button>
        )}
        {twoStep !== undefined && (
          <ResetTwoStepButton user={user} disabled={disabled || !mayTake(twoStep)} />
        )}
      </div>
      {refusals.length > 0 && (
        <ul className="quick-action-refusals">
          {refusals.map((refusal) => (
            <li key={refusal}>{refusal}</li>
          ))}
        </ul>
      )}
      {text && (
        <ConfirmDialog
          message={text.question}
          confirmLabel={text.label}
          danger={text.danger}
          busy={run.isPending}
          error={run.error ? quickActionError(run.error, text.failure) : null}
          onConfirm={confirm}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {resetSentTo && (
        <MessageDialog
          title={t('users.passwordResetTitle')}
          message={passwordResetSent(resetSentTo, t)}
          onClose={() => setResetSentTo(undefined)}
        />
      )}
      {settingTemporary && (
        <SetTemporaryPasswordDialog
          user={user}
          onSet={() => void refreshVersion()}
          onClose={() => setSettingTemporary(false)}
        />
      )}
    </section>
  )
}
