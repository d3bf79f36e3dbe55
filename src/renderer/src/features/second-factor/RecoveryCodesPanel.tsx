import { useState } from 'react'
import { admin } from '../../lib/bridge'
import { copyText } from '../../lib/copy-text'
import { useText } from '../../lib/text'
import './second-factor.css'

/**
 * The ten recovery codes, shown this once: the server keeps only their hashes. Copy, or save
 * them as a file through the save dialog.
 */
export function RecoveryCodesPanel({ recoveryCodes }: { recoveryCodes: string[] }) {
  const [status, setStatus] = useState<string>()
  const t = useText()

  const copy = async () =>
    setStatus(await copyText(t, recoveryCodes.join('\n'), t('secondFactor.copyCodesFailed')))

  const save = async () => {
    const result = await admin().secondFactor.saveRecoveryCodes({ recoveryCodes })
    if (!result.ok) setStatus(result.error.message)
    else if (result.data.status === 'saved')
      setStatus(t('secondFactor.savedTo', { file: result.data.file }))
  }

  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{t('secondFactor.recoveryCodesTitle')}</h2>
      <p>{t('secondFactor.recoveryCodesKeep')}</p>
      <ol className="recovery-code-list">
        {recoveryCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-code-actions">
        <button type="button" className="secondary" onClick={() => void copy()}>
          {t('secondFactor.copy')}
        </button>
        <button type="button" className="secondary" onClick={() => void save()}>
          {t('secondFactor.saveAsFile')}
        </button>
      </div>
      <p role="status" className="copy-status">
        {status}
      </p>
    </section>
  )
}
