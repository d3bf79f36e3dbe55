import { loadCatalogue, type Translate } from '@shared/i18n/catalogues'
import { formatTag, type Locale } from '@shared/i18n/locales'
import { translate } from '@shared/i18n/translate'

/** What the main process words its exports and dialogs with: a language, its format tag, its texts. */
export interface LanguageText {
  locale: Locale
  /** The tag dates and numbers are formatted with (`formatTag`). */
  tag: string
  t: Translate
}

/** The texts of `locale`, its digits its own (the renderer's choice of Latin ones stays there). */
export async function languageText(locale: Locale): Promise<LanguageText> {
  const tag = formatTag(locale, false)
  return { locale, tag, t: translate(tag, await loadCatalogue(locale)) }
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
