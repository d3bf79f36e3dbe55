import { useEffect } from 'react'
import { firstShown, isSearchShortcut, PAGE_SEARCH_BOXES } from './search-shortcut'

/** "/" focuses the page's search box, as in many web consoles; typing in a field is left alone. */
export function useSearchShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return
      const box = firstShown(document.querySelectorAll<HTMLInputElement>(PAGE_SEARCH_BOXES))
      if (!box) return
      event.preventDefault()
      box.focus()
      box.select()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
