import { useId } from 'react'
import { useText } from '../lib/text'
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
  const t = useText()
  return (
    <Dialog
      title={title}
      onClose={onClose}
      describedBy={messageId}
      footer={
        <button type="button" className="primary" onClick={onClose} data-autofocus>
          {t('components.ok')}
        </button>
      }
    >
      <p id={messageId}>{message}</p>
    </Dialog>
  )
}
