import { GRANT_END_PRESETS, untilText, type EndChoice } from '@shared/grant-ends'

const encode = (choice: EndChoice) =>
  choice.kind === 'preset' ? `h${choice.hours}` : choice.kind === 'at' ? 'at' : choice.kind

function decode(value: string, local: string): EndChoice {
  if (value === 'keep' || value === 'none') return { kind: value }
  if (value === 'at') return { kind: 'at', local }
  return { kind: 'preset', hours: Number(value.slice(1)) }
}

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
  return (
    <span className="until-select">
      <select
        id={id}
        aria-label={name ? `Until, ${name}` : undefined}
        value={heldUntil === null && choice.kind === 'none' ? 'keep' : encode(choice)}
        disabled={disabled}
        onChange={(event) => onChange(decode(event.target.value, local))}
      >
        {heldUntil !== undefined && (
          <option value="keep">{heldUntil === null ? 'No end' : untilText(heldUntil)}</option>
        )}
        {heldUntil !== null && <option value="none">No end</option>}
        {GRANT_END_PRESETS.map((preset) => (
          <option key={preset.hours} value={`h${preset.hours}`}>
            {preset.label}
          </option>
        ))}
        <option value="at">Date and time…</option>
      </select>
      {choice.kind === 'at' && (
        <input
          type="datetime-local"
          aria-label={`${name ? `Until, ${name}` : 'Until'}: date and time`}
          value={local}
          disabled={disabled}
          onChange={(event) => onChange({ kind: 'at', local: event.target.value })}
        />
      )}
    </span>
  )
}
