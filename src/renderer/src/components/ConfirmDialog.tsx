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
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="secondary" onClick={onCancel} autoFocus>
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
      <p>{message}</p>
      {error && <ErrorBanner message={error} />}
    </Dialog>
  )
}
