import { useId, useMemo } from 'react'
import { localTimeZone, timeZoneLabel } from '@shared/dates'
import { useText } from '../../lib/text'
import { useTimeZone } from '../../lib/time-zone'

/** This computer's zone, the value of the select that follows it. */
const LOCAL = ''

/** Every zone this runtime knows by its IANA name, UTC first. */
function knownZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone')
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')]
}

/**
 * Which zone the console shows and exports times in (issue 56): this computer's by default, as
 * SPEC.md section 2 has it, or one chosen. The login page's Dubai clock keeps its own zone.
 */
export function TimeZoneCard() {
  const titleId = useId()
  const selectId = useId()
  const chosen = useTimeZone((state) => state.chosen)
  const chooseTimeZone = useTimeZone((state) => state.chooseTimeZone)
  const zones = useMemo(knownZones, [])
  const local = localTimeZone()
  const t = useText()
  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.timeZone')}</h2>
      <label htmlFor={selectId} className="field-label">
        {t('settings.showTimesIn')}
      </label>
      <select
        id={selectId}
        value={chosen ?? LOCAL}
        onChange={(event) =>
          chooseTimeZone(event.target.value === LOCAL ? null : event.target.value)
        }
      >
        <option value={LOCAL}>{t('settings.localZone', { zone: timeZoneLabel(local) })}</option>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {timeZoneLabel(zone)}
          </option>
        ))}
      </select>
      <p className="muted">{t('settings.timeZoneNote')}</p>
    </section>
  )
}
