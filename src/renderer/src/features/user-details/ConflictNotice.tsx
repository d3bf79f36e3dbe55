import { useText } from '../../lib/text'

/** A 412 on save: someone else won; the administrator chooses when their edits are replaced. */
export function ConflictNotice({ busy, onReload }: { busy: boolean; onReload: () => void }) {
  const t = useText()
  return (
    <div className="conflict-notice" role="alert">
      <p>{t('userDetails.conflict')}</p>
      <button type="button" className="primary" disabled={busy} onClick={onReload}>
        {t('userDetails.reload')}
      </button>
    </div>
  )
}
