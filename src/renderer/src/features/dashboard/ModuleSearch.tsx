import { useEffect, useId, useRef, useState } from 'react'
import { useText } from '../../lib/text'

/**
 * "Search modules...". On narrow windows the box hides behind a Search toggle (the CSS decides
 * when the toggle shows), and opening it puts the cursor in the box.
 */
export function ModuleSearch({
  value,
  onChange,
}: {
  value: string
  onChange: (value: string) => void
}) {
  const inputId = useId()
  const boxId = useId()
  const [open, setOpen] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const t = useText()

  useEffect(() => {
    if (open) inputRef.current?.focus()
  }, [open])

  return (
    <div className={open ? 'module-search open' : 'module-search'}>
      <button
        type="button"
        className="secondary module-search-toggle"
        aria-expanded={open}
        aria-controls={boxId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('dashboard.search')}
      </button>
      <div id={boxId} className="module-search-box">
        <label htmlFor={inputId} className="visually-hidden">
          {t('dashboard.searchModules')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          placeholder={t('dashboard.searchModulesPlaceholder')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  )
}
