import { useEffect, useId, useRef, useState } from 'react'
import { MIN_VISIBLE_COLUMNS } from '@shared/validation'
import { USER_COLUMN_LABELS, type UserColumnId } from '@shared/user-columns'
import { useText } from '../../lib/text'
import { canToggleColumn, type UserColumnVisibility } from './columns'

/**
 * "Columns": a disclosure with "Show/Hide Columns", a checkbox per column offered and Close. The
 * last three visible columns cannot be unticked. Escape or a click elsewhere closes it.
 */
export function ColumnsMenu({
  visibility,
  offered,
  onToggle,
}: {
  /** What the table shows (`shownColumns`): a column not offered counts as hidden. */
  visibility: UserColumnVisibility
  /** The columns this caller's table has (`offeredColumns`). */
  offered: readonly UserColumnId[]
  onToggle: (id: UserColumnId) => void
}) {
  const t = useText()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  return (
    <div
      className="columns-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          close(true)
        }
      }}
    >
      <button
        type="button"
        className="secondary"
        ref={buttonRef}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('users.columns')}
      </button>
      {open && (
        <div id={panelId} className="columns-panel">
          <fieldset>
            <legend>{t('users.showHideColumns')}</legend>
            <p id={`${panelId}-hint`} className="muted">
              {t('users.columnsStayVisible', { count: MIN_VISIBLE_COLUMNS })}
            </p>
            {offered.map((id) => {
              const checkboxId = `${panelId}-${id}`
              return (
                <div key={id} className="column-choice">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={visibility[id]}
                    disabled={!canToggleColumn(visibility, id)}
                    aria-describedby={`${panelId}-hint`}
                    onChange={() => onToggle(id)}
                  />
                  <label htmlFor={checkboxId}>{t(USER_COLUMN_LABELS[id])}</label>
                </div>
              )
            })}
          </fieldset>
          <button type="button" className="secondary" onClick={() => close(true)}>
            {t('users.close')}
          </button>
        </div>
      )}
    </div>
  )
}
