import { describe, expect, test } from 'vitest'
import {
  firstShown,
  isSearchShortcut,
  PAGE_SEARCH_BOXES,
} from '../../src/renderer/src/app/search-shortcut'

const press = (overrides: Partial<Parameters<typeof isSearchShortcut>[0]> = {}) => ({
  key: '/',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: 'BODY', isContentEditable: false } as unknown as EventTarget,
  ...overrides,
})
const on = (element: object) => element as unknown as EventTarget

describe('"/" focuses the page’s search box', () => {
  test('"/" pressed on the page, a button or a link', () => {
    expect(isSearchShortcut(press())).toBe(true)
    expect(isSearchShortcut(press({ target: on({ tagName: 'BUTTON' }) }))).toBe(true)
    expect(isSearchShortcut(press({ target: on({ tagName: 'A' }) }))).toBe(true)
  })

  test('not while typing: in an input, a text area, a select or editable content', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT'])
      expect(isSearchShortcut(press({ target: on({ tagName }) }))).toBe(false)
    expect(
      isSearchShortcut(press({ target: on({ tagName: 'DIV', isContentEditable: true }) })),
    ).toBe(false)
  })

  test('not with a modifier, and not another key', () => {
    expect(isSearchShortcut(press({ ctrlKey: true }))).toBe(false)
    expect(isSearchShortcut(press({ metaKey: true }))).toBe(false)
    expect(isSearchShortcut(press({ altKey: true }))).toBe(false)
    expect(isSearchShortcut(press({ key: '?' }))).toBe(false)
    expect(isSearchShortcut(press({ key: 's' }))).toBe(false)
  })

  test('the first search box of the main content that is shown', () => {
    const hidden = { getClientRects: () => [] }
    const shown = { getClientRects: () => [{}] }
    expect(PAGE_SEARCH_BOXES).toBe('#content input[type="search"]')
    expect(firstShown([hidden, shown, { getClientRects: () => [{}] }])).toBe(shown)
    expect(firstShown([hidden])).toBeUndefined()
  })
})
