import { usePermissions } from '../auth'
import { useAppInfo } from '../../lib/useAppInfo'
import { useTheme } from '../../lib/theme'
import { THEME_LABELS } from '../../lib/theme-labels'
import { useText } from '../../lib/text'
import { AuditSinksCard } from './AuditSinksCard'
import { LanguageCard } from './LanguageCard'
import { TimeZoneCard } from './TimeZoneCard'
import './settings.css'

/**
 * What a user of this console sets for themselves: the theme, the language and the time zone. The server address is shown with
 * who decides it: IT's policy, or else how to choose another (issue 56: the file it names need
 * not exist yet).
 * Those who may read the audit log also see where the server forwards it.
 */
export function SettingsPage() {
  const theme = useTheme((state) => state.theme)
  const chooseTheme = useTheme((state) => state.chooseTheme)
  const info = useAppInfo()
  const may = usePermissions()
  const t = useText()
  return (
    <div className="settings-page">
      <section className="settings-card" aria-labelledby="settings-theme">
        <h2 id="settings-theme">{t('settings.theme')}</h2>
        <div role="radiogroup" aria-labelledby="settings-theme" className="settings-choices">
          {THEME_LABELS.map((choice) => (
            <label key={choice.theme}>
              <input
                type="radio"
                name="theme"
                checked={theme === choice.theme}
                onChange={() => chooseTheme(choice.theme)}
              />
              {t(choice.label)}
            </label>
          ))}
        </div>
        <p className="muted">{t('settings.themeNote')}</p>
      </section>
      <LanguageCard />
      <TimeZoneCard />
      <section className="settings-card" aria-labelledby="settings-server">
        <h2 id="settings-server">{t('settings.server')}</h2>
        {info && (
          <>
            <p>
              <span className="server-address">{info.serverUrl}</span>
            </p>
            <p className="muted">
              {t(info.serverManaged ? 'settings.serverManaged' : 'settings.serverChoice')}
            </p>
          </>
        )}
      </section>
      {may('audit.read') && <AuditSinksCard />}
    </div>
  )
}
