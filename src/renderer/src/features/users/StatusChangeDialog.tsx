import type { User } from '@shared/contract'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { errorMessage } from '../../lib/query'
import { useText } from '../../lib/text'
import { statusChange, type StatusAction } from '@shared/user-actions'
import { useStatusChange } from './useStatusChange'

/** Confirms, then applies, a change of a user's Active or Locked state; the row takes the answer. */
export function StatusChangeDialog({
  user,
  action,
  onChanged,
  onCancel,
}: {
  user: User
  action: StatusAction
  onChanged: (user: User) => void
  onCancel: () => void
}) {
  const t = useText()
  const change = statusChange(user, action, t)
  const mutation = useStatusChange(onChanged)
  return (
    <ConfirmDialog
      message={change.question}
      confirmLabel={change.label}
      danger={change.danger}
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, change.failure) : null}
      onConfirm={() => mutation.mutate({ user, action })}
      onCancel={onCancel}
    />
  )
}
