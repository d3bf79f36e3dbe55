import { formatDateTime } from '@shared/dates'
import { GRANT_END_PRESET_HOURS, type EndChoice } from '@shared/grant-ends'
import type { Translate } from '@shared/i18n/catalogues'
import { useText } from '../lib/text'

const encode = (choice: EndChoice) =>
  choice.kind === 'preset' ? `h${choice.hours}` : choice.kind === 'at' ? 'at' : choice.kind

function decode(value: string, local: string): EndChoice {
  if (value === 'keep' || value === 'none') return { kind: value }
  if (value === 'at') return { kind: 'at', local }
  return { kind: 'preset', hours: Number(value.slice(1)) }
}

/** A preset named in whole days from a day on: "8 hours", "7 days". */
const presetText = (t: Translate, hours: number) =>
  hours < 24
    ? t('components.presetHours', { hours })
    : t('components.presetDays', { days: hours / 24 })

/**
 * "Until" of one role or group given to a user (issue 57): none by default, a preset, or a date
 * and time; a held one offers its own end first (`heldUntil`; null: held with none). Without a
 * `name` it is named by a label of its own ("Until"), as in the bulk confirm.
 */
export function UntilSelect({
  id,
  name,
  choice,
  heldUntil,
  disabled,
  onChange,
}: {
  id: string
  /** The role's or group's name, for the control's accessible name. */
  name?: string
  choice: EndChoice
  heldUntil: string | null | undefined
  disabled?: boolean
  onChange: (choice: EndChoice) => void
}) {
  const local = choice.kind === 'at' ? choice.local : ''
  const t = useText()
  const named = name ? t('components.untilOf', { name }) : undefined
  return (
    <span className="until-select">
      <select
        id={id}
        aria-label={named}
        value={heldUntil === null && choice.kind === 'none' ? 'keep' : encode(choice)}
        disabled={disabled}
        onChange={(event) => onChange(decode(event.target.value, local))}
      >
        {heldUntil !== undefined && (
          <option value="keep">
            {heldUntil === null
              ? t('components.noEnd')
              : t('components.untilDate', { date: formatDateTime(heldUntil) })}
          </option>
        )}
        {heldUntil !== null && <option value="none">{t('components.noEnd')}</option>}
        {GRANT_END_PRESET_HOURS.map((hours) => (
          <option key={hours} value={`h${hours}`}>
            {presetText(t, hours)}
          </option>
        ))}
        <option value="at">{t('components.dateAndTime')}</option>
      </select>
      {choice.kind === 'at' && (
        <input
          type="datetime-local"
          aria-label={t('components.untilAt', { until: named ?? t('components.until') })}
          value={local}
          disabled={disabled}
          onChange={(event) => onChange({ kind: 'at', local: event.target.value })}
        />
      )}
    </span>
  )
}
