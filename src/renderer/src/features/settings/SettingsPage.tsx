import { SERVER_ADDRESS_CHOICE } from '@shared/messages'
import { usePermissions } from '../auth'
import { useAppInfo } from '../../lib/useAppInfo'
import { useTheme } from '../../lib/theme'
import { THEME_LABELS } from '../../lib/theme-labels'
import { AuditSinksCard } from './AuditSinksCard'
import { TimeZoneCard } from './TimeZoneCard'
import './settings.css'

/**
 * What a user of this console sets for themselves: the theme and the time zone. The server address is shown with
 * who decides it: IT's policy, or else how to choose another (issue 56: the file it names need
 * not exist yet).
 * Those who may read the audit log also see where the server forwards it.
 */
export function SettingsPage() {
  const theme = useTheme((state) => state.theme)
  const chooseTheme = useTheme((state) => state.chooseTheme)
  const info = useAppInfo()
  const may = usePermissions()
  return (
    <div className="settings-page">
      <section className="settings-card" aria-labelledby="settings-theme">
        <h2 id="settings-theme">Theme</h2>
        <div role="radiogroup" aria-labelledby="settings-theme" className="settings-choices">
          {THEME_LABELS.map((choice) => (
            <label key={choice.theme}>
              <input
                type="radio"
                name="theme"
                checked={theme === choice.theme}
                onChange={() => chooseTheme(choice.theme)}
              />
              {choice.label}
            </label>
          ))}
        </div>
        <p className="muted">System follows the light or dark setting of your computer.</p>
      </section>
      <TimeZoneCard />
      <section className="settings-card" aria-labelledby="settings-server">
        <h2 id="settings-server">Server</h2>
        {info && (
          <>
            <p>
              <span className="server-address">{info.serverUrl}</span>
            </p>
            <p className="muted">
              {info.serverManaged
                ? 'Managed by your organisation: IT sets this address by policy.'
                : SERVER_ADDRESS_CHOICE}
            </p>
          </>
        )}
      </section>
      {may('audit.read') && <AuditSinksCard />}
    </div>
  )
}
