import { useState } from 'react'
import { copyText } from '../lib/copy-text'

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
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => void copyText(text, failure).then(setStatus)}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {status}
      </span>
    </>
  )
}
