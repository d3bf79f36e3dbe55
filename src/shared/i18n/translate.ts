import { createIntl } from '@formatjs/intl'
import type { Catalogue, Translate } from './catalogues'

/**
 * The console's messages in `catalogue`, formatted by FormatJS as react-intl formats them in the
 * renderer, with `tag`'s numbers and plurals: for the main process's exports and dialogs.
 */
export function translate(tag: string, catalogue: Catalogue): Translate {
  const intl = createIntl({ locale: tag, defaultLocale: 'en', messages: catalogue })
  return (id, values) => intl.formatMessage({ id }, values)
}
