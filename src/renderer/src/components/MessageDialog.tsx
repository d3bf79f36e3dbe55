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
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="primary" onClick={onClose} autoFocus>
          OK
        </button>
      }
    >
      <p>{message}</p>
    </Dialog>
  )
}
