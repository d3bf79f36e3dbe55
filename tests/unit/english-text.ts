import { createIntl } from 'react-intl'
import { EN, type Translate } from '@shared/i18n/catalogues'

const english = createIntl({ locale: 'en-US', messages: EN })

/** The console's texts in English, as helpers that take a `Translate` are tested with. */
export const englishText: Translate = (id, values) => english.formatMessage({ id }, values)
