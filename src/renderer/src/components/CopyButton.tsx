import { useState } from 'react'
import { copyText } from '../lib/copy-text'
import { useText } from '../lib/text'

/** A button that copies `text`, and says beside it whether it did (`failure`: how to by hand). */
export function CopyButton({
  text,
  label,
  failure,
}: {
  text: string
  label: string
  failure: string
}) {
  const [status, setStatus] = useState<string>()
  const t = useText()
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => void copyText(t, text, failure).then(setStatus)}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {status}
      </span>
    </>
  )
}
