import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { User } from '@shared/contract'
import { queryKeys } from '../../api/keys'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { errorMessage, unwrap } from '../../lib/query'
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog'
import {
  SET_TEMPORARY_PASSWORD,
  TEMPORARY_PASSWORD_FAILURE,
  temporaryPasswordQuestion,
} from './temporary-password-text'
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
  const set = useMutation({
    mutationFn: () => unwrap(admin().users.setTemporaryPassword({ id: user.id })),
    onSuccess: () => {
      notify(`Temporary password set for ${user.username}`)
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
      message={temporaryPasswordQuestion(user.username)}
      confirmLabel={SET_TEMPORARY_PASSWORD}
      danger
      busy={set.isPending}
      error={set.isError ? errorMessage(set.error, TEMPORARY_PASSWORD_FAILURE) : null}
      onConfirm={() => set.mutate()}
      onCancel={onClose}
    />
  )
}
