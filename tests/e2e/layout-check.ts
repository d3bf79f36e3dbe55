import type { Page } from 'playwright-core'

/** The screen sizes the console is checked at: the common office laptop and a full-HD monitor. */
export const SCREEN_SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const

/**
 * What an administrator would see wrong on the page as it is now, read from the element boxes
 * (not from pixels), within the open modal dialog if there is one, else the whole page:
 * - two interactive elements (links, buttons, fields) drawn over each other;
 * - an interactive element covered by something else at its centre (a sticky column, a toast);
 * - text in a table cell, a dialog or a menu cut or spilling out of its box, unless it ends in an
 *   ellipsis and its full text is in a title;
 * - the page wider than the window.
 * Each problem is one line naming the elements, so a failing test says what to look at.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document
    const win = globalThis as any
    const problems: string[] = []
    const name = (el: any): string => {
      const text = (el.getAttribute('aria-label') || el.textContent || el.value || '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40)
      const column = el.closest('[data-column]')?.getAttribute('data-column')
      return `<${el.tagName.toLowerCase()}${column ? ` in ${column}` : ''}> "${text}"`
    }
    const shown = (el: any) => {
      const style = win.getComputedStyle(el)
      const box = el.getBoundingClientRect()
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        box.width > 0 &&
        box.height > 0 &&
        !el.closest('[aria-hidden="true"], .visually-hidden, [inert]')
      )
    }
    const modals = [...doc.querySelectorAll('[role="dialog"][aria-modal="true"], dialog[open]')]
    const scope = modals.length > 0 ? modals[modals.length - 1] : doc.body
    // An open popup (a menu, the panel an expanded button controls) is drawn over the page on purpose.
    const popups = [
      ...doc.querySelectorAll('[role="menu"]'),
      ...[...doc.querySelectorAll('[aria-expanded="true"][aria-controls]')].map((button: any) =>
        doc.getElementById(button.getAttribute('aria-controls')),
      ),
    ].filter(Boolean)
    const popupOf = (el: any) => popups.find((popup: any) => popup.contains(el))
    /** The scroller an element scrolls in, if any. */
    const scrollerOf = (el: any) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        const overflow = win.getComputedStyle(parent).overflowX
        if (overflow === 'auto' || overflow === 'scroll') return parent
      }
      return null
    }
    /**
     * A frozen (sticky) column that the rest of its table scrolls under: what it covers the
     * user brings out by scrolling that table, so it is no fault there.
     */
    const frozenOver = (top: any, under: any) => {
      for (let el = top; el; el = el.parentElement) {
        if (win.getComputedStyle(el).position === 'sticky') {
          const scroller = scrollerOf(el)
          return scroller !== null && scroller.contains(under) && !el.contains(under)
        }
      }
      return false
    }
    const viewport = { left: 0, top: 0, right: win.innerWidth, bottom: win.innerHeight }

    /** The part of an element's box not clipped by a scrolling ancestor or the window. */
    const visibleBox = (el: any) => {
      const box = el.getBoundingClientRect()
      let area = { left: box.left, top: box.top, right: box.right, bottom: box.bottom }
      const clip = (outer: { left: number; top: number; right: number; bottom: number }) => {
        area = {
          left: Math.max(area.left, outer.left),
          top: Math.max(area.top, outer.top),
          right: Math.min(area.right, outer.right),
          bottom: Math.min(area.bottom, outer.bottom),
        }
      }
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        const style = win.getComputedStyle(parent)
        if (`${style.overflowX}${style.overflowY}` !== 'visiblevisible') {
          clip(parent.getBoundingClientRect())
        }
      }
      clip(viewport)
      return area.right - area.left > 1 && area.bottom - area.top > 1 ? area : null
    }

    const interactive = [
      ...scope.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role^="menuitem"], [role="switch"]',
      ),
    ].filter(shown)
    const boxes = interactive.map((el) => ({ el, box: visibleBox(el) }))
    for (let i = 0; i < boxes.length; i += 1) {
      const a = boxes[i]!
      if (!a.box) continue
      for (let j = i + 1; j < boxes.length; j += 1) {
        const b = boxes[j]!
        if (!b.box) continue
        // The boxes first: the checks below read styles up the tree, too slow for every pair.
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        if (width <= 1 || height <= 1) continue
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue
        if (popupOf(a.el) !== popupOf(b.el)) continue
        if (frozenOver(a.el, b.el) || frozenOver(b.el, a.el)) continue
        problems.push(`${name(a.el)} overlaps ${name(b.el)}`)
      }
      const x = (a.box.left + a.box.right) / 2
      const y = (a.box.top + a.box.bottom) / 2
      const hit = doc.elementFromPoint(x, y)
      const label = hit?.closest('label')
      const reaches =
        hit &&
        (a.el.contains(hit) ||
          hit.contains(a.el) ||
          (label && (label.control === a.el || label.contains(a.el))) ||
          (popupOf(hit) && !popupOf(a.el)) ||
          frozenOver(hit, a.el))
      if (!reaches) problems.push(`${name(a.el)} is covered by ${hit ? name(hit) : 'nothing'}`)
    }

    const textBoxes = [
      ...scope.querySelectorAll(
        'td, th, td *, th *, [role="dialog"] *, [role="menu"] *, [role="status"], [role="alert"]',
      ),
    ].filter(
      (el: any) =>
        shown(el) &&
        win.getComputedStyle(el).display !== 'inline' &&
        [...el.childNodes].some((node: any) => node.nodeType === 3 && node.textContent.trim()),
    )
    for (const el of textBoxes) {
      if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue
      const style = win.getComputedStyle(el)
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue
      const text = el.textContent.trim()
      const ellipsis = style.textOverflow === 'ellipsis' && style.overflowX !== 'visible'
      const titled = el.closest('[title]')?.getAttribute('title')?.includes(text)
      if (!(ellipsis && titled)) {
        problems.push(
          `${name(el)} is cut or spills out of its box (${el.scrollWidth}>${el.clientWidth})`,
        )
      }
    }

    const page = doc.scrollingElement
    if (page.scrollWidth > page.clientWidth + 1) {
      problems.push(`the page is ${page.scrollWidth - page.clientWidth}px wider than the window`)
    }
    return problems
  })
}
