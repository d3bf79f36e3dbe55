import { useId } from 'react'
import { Dialog } from './Dialog'

/** An information dialog with one button, e.g. "Password Reset". */
export function MessageDialog({
  title,
  message,
  onClose,
}: {
  title: string
  message: string
  onClose: () => void
}) {
  const messageId = useId()
  return (
    <Dialog
      title={title}
      onClose={onClose}
      describedBy={messageId}
      footer={
        <button type="button" className="primary" onClick={onClose} data-autofocus>
          OK
        </button>
      }
    >
      <p id={messageId}>{message}</p>
    </Dialog>
  )
}
