import { loadCatalogue, type Translate } from '@shared/i18n/catalogues'
import { formatTag, textDirection, type Locale } from '@shared/i18n/locales'
import { translate } from '@shared/i18n/translate'

/** What the main process words its exports and dialogs with: a language, its format tag, its texts. */
export interface LanguageText {
  locale: Locale
  /** The tag dates and numbers are formatted with (`formatTag`). */
  tag: string
  t: Translate
  /**
   * Latin data (a zone, a search, a role's name) set apart in right-to-left text, where its
   * brackets and punctuation would otherwise take the Arabic's direction: plain text has no
   * <bdi>, so Unicode's isolates. Left to right, the data as it is, which Helvetica draws.
   */
  isolate(data: string): string
}

/** The texts of `locale`, its digits its own (the renderer's choice of Latin ones stays there). */
export async function languageText(locale: Locale): Promise<LanguageText> {
  const tag = formatTag(locale, false)
  const rtl = textDirection(locale) === 'rtl'
  return {
    locale,
    tag,
    t: translate(tag, await loadCatalogue(locale)),
    isolate: (data) => (rtl ? `\u2068${data}\u2069` : data),
  }
}

/** The console's language as the main process knows it: the renderer's, once it has said. */
export interface CoreLanguage {
  locale(): Locale
  /** The texts of the current language. */
  text(): Promise<LanguageText>
  /** Takes `locale` as the console's language; answers its texts once they are loaded. */
  set(locale: Locale): Promise<LanguageText>
}

export function coreLanguage(initial: Locale): CoreLanguage {
  let current = initial
  const texts = new Map<Locale, Promise<LanguageText>>()
  const textOf = (locale: Locale) => {
    let text = texts.get(locale)
    if (!text) {
      text = languageText(locale)
      texts.set(locale, text)
    }
    return text
  }
  return {
    locale: () => current,
    text: () => textOf(current),
    set(locale) {
      current = locale
      return textOf(locale)
    },
  }
}
