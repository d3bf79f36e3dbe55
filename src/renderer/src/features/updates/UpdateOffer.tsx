import { FormattedMessage } from 'react-intl'
import { useText } from '../../lib/text'
import { useUpdateOffer } from './useUpdateOffer'

/** "Restart to update", once the main process has downloaded an update. */
export function UpdateOffer() {
  const { version, error, restart } = useUpdateOffer()
  const t = useText()
  if (!version) return null
  return (
    <aside className="update-offer" aria-label={t('updates.label')}>
      <p role="status">
        <FormattedMessage
          id="updates.ready"
          values={{ version, bdi: (chunks) => <bdi>{chunks}</bdi> }}
        />
      </p>
      <button type="button" onClick={restart}>
        {t('updates.restart')}
      </button>
      {error && <p role="alert">{error}</p>}
    </aside>
  )
}
