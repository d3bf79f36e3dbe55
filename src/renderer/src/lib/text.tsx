import { useCallback, type ReactNode } from 'react'
import { IntlProvider, useIntl } from 'react-intl'
import type { MessageId, Translate } from '@shared/i18n/catalogues'
import { formatTag } from '@shared/i18n/locales'
import { useLanguage } from './language'

declare global {
  // react-intl's ids are the catalogue's: an id that is not in it fails the type check. Its
  // typing is a global namespace, which the rule against namespaces does not foresee.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId
    }
  }
}

/** The console's messages in the chosen language, formatted with its numbers and plurals. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useLanguage((state) => state.locale)
  const latinDigits = useLanguage((state) => state.latinDigits)
  const messages = useLanguage((state) => state.messages)
  return (
    <IntlProvider locale={formatTag(locale, latinDigits)} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  )
}

/** The translate function of the chosen language, for texts given as plain strings. */
export function useText(): Translate {
  const intl = useIntl()
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl])
}
