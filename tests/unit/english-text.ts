import { createIntl } from 'react-intl'
import { EN, type Translate } from '@shared/i18n/catalogues'

const intl = createIntl({ locale: 'en-US', messages: EN })

/** The console's English messages, for rules and helpers that take the administrator's `t`. */
export const englishText: Translate = (id, values) => intl.formatMessage({ id }, values)
