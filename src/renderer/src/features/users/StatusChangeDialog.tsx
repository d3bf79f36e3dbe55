import type { User } from '../../../../shared/contract'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { errorMessage } from '../../lib/query'
import { statusChange, type StatusField } from './status-change'
import { useStatusChange } from './useStatusChange'

/** Confirms, then applies, a change of a user's Active or Locked state; the row takes the answer. */
export function StatusChangeDialog({
  user,
  field,
  onChanged,
  onCancel,
}: {
  user: User
  field: StatusField
  onChanged: (user: User) => void
  onCancel: () => void
}) {
  const change = statusChange(user, field)
  const mutation = useStatusChange(onChanged)
  return (
    <ConfirmDialog
      message={change.question}
      confirmLabel={change.label}
      danger={change.danger}
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, change.fallback) : null}
      onConfirm={() => mutation.mutate({ user, action: change.action })}
      onCancel={onCancel}
    />
  )
}
