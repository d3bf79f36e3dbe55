/**
 * The languages the console speaks (issue 59). English is the spec's own texts; Arabic is
 * written right to left.
 */
export const LOCALES = ['en', 'ar'] as const

export type Locale = (typeof LOCALES)[number]

/** What an administrator chooses in Settings: a language, or the computer's. */
export const LANGUAGE_CHOICES = ['system', ...LOCALES] as const

export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number]

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

export const isLanguageChoice = (value: unknown): value is LanguageChoice =>
  LANGUAGE_CHOICES.includes(value as LanguageChoice)

export const textDirection = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr')

/** The first of the system's languages (BCP 47 tags, most preferred first) the console speaks. */
export function systemLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0]
    if (isLocale(language)) return language
  }
  return 'en'
}

/** IT's fixed language wins, then the administrator's choice, then the system's languages. */
export function chooseLocale(
  fixed: Locale | null,
  choice: LanguageChoice,
  system: readonly string[],
): Locale {
  if (fixed) return fixed
  return choice === 'system' ? systemLocale(system) : choice
}

/**
 * The tag `Intl` formats with: Arabic keeps its own digits unless Latin ones are chosen
 * (`-u-nu-latn`); English is the spec's US formats.
 */
export const formatTag = (locale: Locale, latinDigits: boolean) =>
  locale === 'ar' ? (latinDigits ? 'ar-AE-u-nu-latn' : 'ar-AE') : 'en-US'
