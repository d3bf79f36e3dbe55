import { useMutation } from '@tanstack/react-query'
import type { User } from '@shared/contract'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { MessageDialog } from '../../components/MessageDialog'
import { admin } from '../../lib/bridge'
import { errorMessage, unwrap } from '../../lib/query'
import { passwordResetSent } from '@shared/user-actions'
import { useText } from '../../lib/text'

/**
 * Reset PW: "Please Confirm", then the server mails the user a link to choose a new password,
 * and "Password Reset" says so (once: no notification repeats it).
 */
export function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const t = useText()
  const reset = useMutation({
    mutationFn: () => unwrap(admin().users.resetPassword({ id: user.id })),
  })
  if (reset.isSuccess) {
    return (
      <MessageDialog
        title={t('users.passwordResetTitle')}
        message={passwordResetSent(reset.data.email, t)}
        onClose={onClose}
      />
    )
  }
  return (
    <ConfirmDialog
      message={t('users.resetPasswordQuestion', { email: user.email })}
      confirmLabel={t('users.resetPassword')}
      busy={reset.isPending}
      error={reset.isError ? errorMessage(reset.error, t('users.resetPasswordFailure')) : null}
      onConfirm={() => reset.mutate()}
      onCancel={onClose}
    />
  )
}
