import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import type { MessageId } from '@shared/i18n/catalogues'
import { useText } from '../../lib/text'

/** A module of the hub whose content this console does not have yet: never a dead link. */
export function NotAvailablePage({ name }: { name: MessageId }) {
  const t = useText()
  return (
    <section className="not-available">
      <p>
        <FormattedMessage
          id="modules.notAvailable"
          values={{ name: t(name), b: (text) => <strong>{text}</strong> }}
        />
      </p>
      <p>
        <Link to="/dashboard">{t('modules.backToDashboard')}</Link>
      </p>
    </section>
  )
}
