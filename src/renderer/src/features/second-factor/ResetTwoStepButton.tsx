import { useState } from 'react'
import type { User } from '@shared/contract'
import { RESET_TWO_STEP_SIGN_IN } from '@shared/messages'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useUserSecondFactor } from './useUserSecondFactor'

/**
 * User Details' "Reset Two-Step Sign-In", for a user who has it on: after a confirmation, their
 * factor and recovery codes are deleted and every session of theirs ends.
 */
export function ResetTwoStepButton({ user, disabled }: { user: User; disabled: boolean }) {
  const { status, reset } = useUserSecondFactor(user.id)
  const [asking, setAsking] = useState(false)
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
        {RESET_TWO_STEP_SIGN_IN}
      </button>
      {asking && (
        <ConfirmDialog
          message={`Reset two-step sign-in for ${user.username}? Their sessions end, and they set it up again at their next sign-in.`}
          confirmLabel={RESET_TWO_STEP_SIGN_IN}
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
