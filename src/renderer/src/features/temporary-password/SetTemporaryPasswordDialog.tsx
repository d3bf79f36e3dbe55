import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { User } from '@shared/contract'
import { queryKeys } from '../../api/keys'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { errorMessage, unwrap } from '../../lib/query'
import { useText } from '../../lib/text'
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog'
import './temporary-password.css'

/**
 * Set Temporary Password: "Please Confirm", then the password the server generated, shown
 * once. It lives only in this dialog's state and goes with it.
 */
export function SetTemporaryPasswordDialog({
  user,
  onClose,
  onSet,
}: {
  user: Pick<User, 'id' | 'username'>
  onClose: () => void
  /** The user's version moved on: a page editing them reads it afresh. */
  onSet?: () => void
}) {
  const client = useQueryClient()
  const t = useText()
  const set = useMutation({
    mutationFn: () => unwrap(admin().users.setTemporaryPassword({ id: user.id })),
    onSuccess: () => {
      notify(t('temporaryPassword.setFor', { username: user.username }))
      void onSet?.()
      // Their sessions ended; the user's version moved on.
      return client.invalidateQueries({ queryKey: queryKeys.userSessions(user.id) })
    },
  })
  if (set.isSuccess) {
    return (
      <TemporaryPasswordDialog
        username={user.username}
        password={set.data.temporaryPassword}
        onClose={onClose}
      />
    )
  }
  return (
    <ConfirmDialog
      message={t('temporaryPassword.question', { username: user.username })}
      confirmLabel={t('temporaryPassword.set')}
      danger
      busy={set.isPending}
      error={set.isError ? errorMessage(set.error, t('temporaryPassword.failure')) : null}
      onConfirm={() => set.mutate()}
      onCancel={onClose}
    />
  )
}
