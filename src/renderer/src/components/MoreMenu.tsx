import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import { useText } from '../lib/text'
import { MARKS } from './icons'

export interface MoreMenuItem {
  label: string
  onSelect: () => void
  /** Why it cannot be chosen now: shown under it, and the item is disabled. */
  refusal?: string
}

const ITEMS = '[role="menuitem"]:not([aria-disabled="true"])'

/**
 * "More": a button whose menu holds what a row has no room for. Drawn fixed under the button,
 * in the page's body, so no scrolling table clips it and no frozen column covers it; arrows move, Escape and Tab close it, focus returns to the
 * button. The menu closes when the page scrolls, as it would leave its button behind.
 */
export function MoreMenu({
  subject,
  items,
}: {
  /** Whose actions the menu holds, e.g. a username: its name says so with its visible "More". */
  subject: string
  items: MoreMenuItem[]
}) {
  const [at, setAt] = useState<{ top: number; end: number }>()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const menuId = useId()
  const t = useText()
  const label = t('components.moreActions', { subject })

  const close = (returnFocus: boolean) => {
    setAt(undefined)
    if (returnFocus) buttonRef.current?.focus()
  }

  const open = () => {
    const box = buttonRef.current!.getBoundingClientRect()
    // The menu's end lines up with the button's: its right edge, or its left one in RTL.
    const rtl = getComputedStyle(document.body).direction === 'rtl'
    setAt({ top: box.bottom + 4, end: rtl ? box.left : window.innerWidth - box.right })
  }

  useEffect(() => {
    if (!at) return
    menuRef.current?.querySelector<HTMLElement>(ITEMS)?.focus()
    const closeOutside = (event: Event) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false)
    }
    const closeOnMove = () => close(false)
    document.addEventListener('pointerdown', closeOutside)
    window.addEventListener('scroll', closeOnMove, true)
    window.addEventListener('resize', closeOnMove)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      window.removeEventListener('scroll', closeOnMove, true)
      window.removeEventListener('resize', closeOnMove)
    }
  }, [at])

  const onMenuKey = (event: KeyboardEvent) => {
    const choices = [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])]
    const index = choices.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      event.stopPropagation()
      close(true)
    } else if (event.key === 'Tab') {
      close(false)
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      choices[(index + step + choices.length) % choices.length]?.focus()
    }
  }

  return (
    <div className="more-menu">
      <button
        ref={buttonRef}
        type="button"
        className="secondary"
        aria-haspopup="menu"
        aria-expanded={at !== undefined}
        aria-controls={at ? menuId : undefined}
        aria-label={label}
        onClick={() => (at ? close(false) : open())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            open()
          }
        }}
      >
        {t('components.more')} <span aria-hidden="true">{MARKS.menu}</span>
      </button>
      {at &&
        createPortal(
          <ul
            ref={menuRef}
            id={menuId}
            role="menu"
            className="more-menu-list"
            aria-label={label}
            style={{ top: at.top, insetInlineEnd: at.end }}
            onKeyDown={onMenuKey}
          >
            {items.map((item) => (
              <li role="none" key={item.label}>
                <button
                  type="button"
                  role="menuitem"
                  aria-disabled={item.refusal ? true : undefined}
                  onClick={() => {
                    if (item.refusal) return
                    close(true)
                    item.onSelect()
                  }}
                >
                  {item.label}
                  {item.refusal && <span className="menu-item-refusal">{item.refusal}</span>}
                </button>
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </div>
  )
}
