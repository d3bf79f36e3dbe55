import { useEffect } from 'react'
import { useText } from '../lib/text'
import type { EndCheck } from '../lib/useGrantEnds'
import { TextField } from './TextField'

/**
 * Under the "Until" of grants (issue 57): why an end cannot be sent, and the Reason while an
 * end is chosen (`asksReason`). A missing reason takes the focus, so a keyboard user is on it.
 */
export function GrantEndFields({
  id,
  endCheck,
  asksReason,
  disabled,
}: {
  /** The Reason field's id. */
  id: string
  endCheck: EndCheck
  asksReason: boolean
  disabled?: boolean
}) {
  const { problems } = endCheck
  const t = useText()
  useEffect(() => {
    if (problems.reason) document.getElementById(id)?.focus()
  }, [problems, id])
  return (
    <>
      {problems.until && <p className="field-error">{problems.until}</p>}
      {asksReason && (
        <TextField
          id={id}
          label={t('components.reason')}
          value={endCheck.reason}
          onChange={endCheck.setReason}
          error={problems.reason}
          placeholder={t('components.reasonPlaceholder')}
          inputProps={{ disabled }}
        />
      )}
    </>
  )
}
