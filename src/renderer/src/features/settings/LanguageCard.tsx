import { useId } from 'react'
import { LOCALES, type LanguageChoice } from '@shared/i18n/locales'
import { useLanguage } from '../../lib/language'
import { useText } from '../../lib/text'

/** Each language named in itself, as a speaker of it looks for it. */
const LANGUAGE_NAMES: Record<(typeof LOCALES)[number], string> = { en: 'English', ar: 'العربية' }

/**
 * Which language the console speaks (issue 59): the computer's by default, or one chosen, unless
 * IT fixes it by policy; Arabic with its own digits or Latin ones.
 */
export function LanguageCard() {
  const titleId = useId()
  const t = useText()
  const { choice, latinDigits, host, locale, chooseLanguage, chooseLatinDigits } = useLanguage()
  const choices: { value: LanguageChoice; label: string }[] = [
    { value: 'system', label: t('settings.languageSystem') },
    ...LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] })),
  ]
  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.language')}</h2>
      <div role="radiogroup" aria-labelledby={titleId} className="settings-choices">
        {choices.map(({ value, label }) => (
          <label key={value} lang={value === 'system' ? undefined : value}>
            <input
              type="radio"
              name="language"
              disabled={host.fixed !== null}
              checked={host.fixed ? host.fixed === value : choice === value}
              onChange={() => void chooseLanguage(value)}
            />
            {label}
          </label>
        ))}
      </div>
      {locale === 'ar' && (
        <label className="settings-check">
          <input
            type="checkbox"
            checked={latinDigits}
            onChange={(event) => chooseLatinDigits(event.target.checked)}
          />
          {t('settings.latinDigits')}
        </label>
      )}
      <p className="muted">
        {t(host.fixed ? 'settings.languageManaged' : 'settings.languageNote')}
      </p>
    </section>
  )
}
