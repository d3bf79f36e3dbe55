import type { LanguageText } from '../../src/main/core/host/language'
import { EN } from '@shared/i18n/catalogues'
import { formatTag } from '@shared/i18n/locales'
import { translate } from '@shared/i18n/translate'

/** The spec's English, as the main process speaks it: what the English tests read. */
export const ENGLISH: LanguageText = {
  locale: 'en',
  tag: formatTag('en', false),
  t: translate(formatTag('en', false), EN),
  isolate: (data) => data,
}
export const englishText = ENGLISH.t
