import { useId, type ReactNode } from 'react'
import { useText } from '../lib/text'
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
  /** Shown under the question: what the action would do (issue 57). */
  children?: ReactNode
  /** The action cannot be confirmed yet (or at all: its effect says it would be refused). */
  confirmDisabled?: boolean
}

/** "Please Confirm" and the question of SPEC.md, with Cancel first so Enter is never a surprise. */
export function ConfirmDialog({
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  title,
  danger = false,
  busy = false,
  error,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const messageId = useId()
  const t = useText()
  // While the action runs the dialog stays: its outcome must reach the administrator.
  const cancel = () => !busy && onCancel()
  return (
    <Dialog
      title={title ?? t('components.confirmTitle')}
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
            {t('components.cancel')}
          </button>
          <button
            type="button"
            className={danger ? 'danger' : 'primary'}
            disabled={busy || confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p id={messageId}>{message}</p>
      {children}
      {error && <ErrorBanner message={error} />}
    </Dialog>
  )
}
