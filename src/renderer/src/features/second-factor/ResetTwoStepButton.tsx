import { useState } from 'react'
import type { User } from '@shared/contract'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useText } from '../../lib/text'
import { useUserSecondFactor } from './useUserSecondFactor'

/**
 * User Details' "Reset Two-Step Sign-In", for a user who has it on: after a confirmation, their
 * factor and recovery codes are deleted and every session of theirs ends.
 */
export function ResetTwoStepButton({ user, disabled }: { user: User; disabled: boolean }) {
  const { status, reset } = useUserSecondFactor(user.id)
  const [asking, setAsking] = useState(false)
  const t = useText()
  if (!status.data?.enrolled) return null
  return (
    <>
      <button
        type="button"
        className="secondary"
        disabled={disabled}
        onClick={() => {
          reset.reset()
          setAsking(true)
        }}
      >
        {t('secondFactor.resetTwoStep')}
      </button>
      {asking && (
        <ConfirmDialog
          message={t('secondFactor.resetQuestion', { username: user.username })}
          confirmLabel={t('secondFactor.resetTwoStep')}
          danger
          busy={reset.isPending}
          error={reset.error ? reset.error.message : null}
          onConfirm={() => reset.mutate(undefined, { onSuccess: () => setAsking(false) })}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}
