import { useId, useState } from 'react'
import { Dialog } from '../../components/Dialog'
import { TEMPORARY_PASSWORD_TITLE, temporaryPasswordInstructions } from './temporary-password-text'

/**
 * The temporary password, shown this once: the server keeps only its hash, so closing the
 * dialog is the last chance to copy it.
 */
export function TemporaryPasswordDialog({
  username,
  password,
  onClose,
}: {
  username: string
  password: string
  onClose: () => void
}) {
  const instructionsId = useId()
  const passwordId = useId()
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')

  const copyPassword = async () => {
    try {
      await navigator.clipboard.writeText(password)
      setCopy('copied')
    } catch {
      setCopy('failed')
    }
  }

  return (
    <Dialog
      title={TEMPORARY_PASSWORD_TITLE}
      onClose={onClose}
      describedBy={instructionsId}
      className="temporary-password-dialog"
      footer={
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <p id={instructionsId}>{temporaryPasswordInstructions(username)}</p>
      <div className="temporary-password">
        <label htmlFor={passwordId} className="visually-hidden">
          Temporary password
        </label>
        <input
          id={passwordId}
          readOnly
          value={password}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="secondary"
          data-autofocus
          onClick={() => void copyPassword()}
        >
          Copy
        </button>
      </div>
      <p role="status" className="copy-status">
        {copy === 'copied' && 'Copied to the clipboard.'}
        {copy === 'failed' && 'Could not copy: select the password and copy it.'}
      </p>
    </Dialog>
  )
}
