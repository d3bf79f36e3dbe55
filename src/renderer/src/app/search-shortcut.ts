/** What the "/" shortcut needs to know of a key press. */
export interface ShortcutKey {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  /** Where the key was pressed. */
  target: EventTarget | null
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT'])

function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null
  return Boolean(
    element && (TYPING_TAGS.has(element.tagName ?? '') || element.isContentEditable === true),
  )
}

/** "/" alone, pressed anywhere but in a field: it goes to the page's search box instead. */
export function isSearchShortcut(press: ShortcutKey): boolean {
  return (
    press.key === '/' &&
    !press.ctrlKey &&
    !press.metaKey &&
    !press.altKey &&
    !isTypingTarget(press.target)
  )
}

/** Where the page's search box is: in the main content. */
export const PAGE_SEARCH_BOXES = '#content input[type="search"]'

/** The first box that is shown (a search behind a closed toggle is not). */
export function firstShown<Box extends { getClientRects(): { length: number } }>(
  boxes: Iterable<Box>,
): Box | undefined {
  return [...boxes].find((box) => box.getClientRects().length > 0)
}
