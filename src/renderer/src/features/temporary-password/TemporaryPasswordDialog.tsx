import { useId, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Dialog } from '../../components/Dialog'
import { useText } from '../../lib/text'

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
  const t = useText()
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
      title={t('temporaryPassword.title')}
      onClose={onClose}
      describedBy={instructionsId}
      className="temporary-password-dialog"
      footer={
        <button type="button" className="primary" onClick={onClose}>
          {t('temporaryPassword.done')}
        </button>
      }
    >
      <p id={instructionsId}>
        <FormattedMessage
          id="temporaryPassword.instructions"
          values={{ username, bdi: (text) => <bdi>{text}</bdi> }}
        />
      </p>
      <div className="temporary-password">
        <label htmlFor={passwordId} className="visually-hidden">
          {t('temporaryPassword.label')}
        </label>
        <input
          id={passwordId}
          readOnly
          value={password}
          // A generated password is Latin: read left to right, also in an Arabic page.
          dir="ltr"
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
          {t('temporaryPassword.copy')}
        </button>
      </div>
      <p role="status" className="copy-status">
        {copy === 'copied' && t('temporaryPassword.copied')}
        {copy === 'failed' && t('temporaryPassword.copyFailed')}
      </p>
    </Dialog>
  )
}
