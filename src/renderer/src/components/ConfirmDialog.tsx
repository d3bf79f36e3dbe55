import { useId } from 'react'
import { Dialog } from './Dialog'
import { ErrorBanner } from './ErrorBanner'

export interface ConfirmDialogProps {
  message: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
  title?: string
  /** Styles the confirm button as destructive (e.g. Deactivate). */
  danger?: boolean
  busy?: boolean
  /** Shown inside the dialog when the confirmed action failed; the dialog stays open. */
  error?: string | null
}

/** "Please Confirm" and the question of SPEC.md, with Cancel first so Enter is never a surprise. */
export function ConfirmDialog({
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  title = 'Please Confirm',
  danger = false,
  busy = false,
  error,
}: ConfirmDialogProps) {
  const messageId = useId()
  // While the action runs the dialog stays: its outcome must reach the administrator.
  const cancel = () => !busy && onCancel()
  return (
    <Dialog
      title={title}
      onClose={cancel}
      describedBy={messageId}
      footer={
        <>
          <button
            type="button"
            className="secondary"
            onClick={cancel}
            disabled={busy}
            data-autofocus
          >
            Cancel
          </button>
          <button
            type="button"
            className={danger ? 'danger' : 'primary'}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p id={messageId}>{message}</p>
      {error && <ErrorBanner message={error} />}
    </Dialog>
  )
}
