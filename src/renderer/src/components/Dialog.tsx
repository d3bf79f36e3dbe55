import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useText } from '../lib/text'
import { Icon } from './icons'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export interface DialogProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode
  className?: string
  /** The id of the text that says what the dialog is about (a question, a message). */
  describedBy?: string
}

/**
 * A modal dialog: the page behind it is inert, Tab stays inside, Escape or its Close button (×)
 * closes it. Rendered only while open, so a form inside starts afresh each time.
 */
export function Dialog({ title, onClose, children, footer, className, describedBy }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const t = useText()
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  useEffect(() => {
    const dialog = ref.current
    const opener = document.activeElement as HTMLElement | null
    if (dialog && !dialog.open) dialog.showModal()
    // React's autoFocus runs while the dialog is still closed: the marked element is focused here.
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      dialog?.close()
      opener?.focus?.()
    }
  }, [])

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        event.preventDefault()
        closeRef.current()
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-body">{children}</div>
      {footer && <div className="dialog-footer">{footer}</div>}
      {/* Last in the DOM, so opening still focuses the first field; drawn at the top right. */}
      <button
        type="button"
        className="dialog-close"
        aria-label={t('components.close')}
        onClick={() => closeRef.current()}
      >
        <Icon name="close" />
      </button>
    </dialog>
  )
}
