import { useState, type InputHTMLAttributes } from 'react'
import { useErrorShown } from '../lib/notifications'
import { useText } from '../lib/text'

export interface TextFieldProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  /** The field's first failed rule, shown under it and announced with it. */
  error?: string
  type?: 'text' | 'email' | 'password'
  /** A password field gets a Show/Hide toggle. */
  autoComplete?: string
  placeholder?: string
  /** Extra attributes for the input, e.g. data-autofocus. */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & { 'data-autofocus'?: boolean }
}

/** A labelled input with its error under it; a password can be shown while typing. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  placeholder,
  inputProps,
}: TextFieldProps) {
  const [revealed, setRevealed] = useState(false)
  useErrorShown(error)
  const t = useText()
  const errorId = `${id}-error`
  const input = (
    <input
      {...inputProps}
      id={id}
      type={type === 'password' && revealed ? 'text' : type}
      value={value}
      autoComplete={autoComplete}
      placeholder={placeholder}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? errorId : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  )
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {type === 'password' ? (
        <div className="password">
          {input}
          <button
            type="button"
            className="secondary"
            aria-pressed={revealed}
            aria-label={t(revealed ? 'components.hideField' : 'components.showField', {
              field: label.toLowerCase(),
            })}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {t(revealed ? 'components.hide' : 'components.show')}
          </button>
        </div>
      ) : (
        input
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
