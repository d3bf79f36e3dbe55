import { createIntl } from 'react-intl'
import { describe, expect, test } from 'vitest'
import { EN, type Translate } from '@shared/i18n/catalogues'
import {
  confirmText,
  failureText,
  stopReason,
  summaryText,
} from '../../src/renderer/src/features/users/bulk/bulk-texts'
import {
  NOTHING_SELECTED,
  isSelected,
  pageState,
  scopeKey,
  scopeOf,
  selectedCount,
  selectionInput,
  togglePage,
  toggleUser,
  type Selection,
} from '../../src/renderer/src/features/users/bulk/selection'
import type { User } from '@shared/contract'

const user = (id: number) => ({ id, username: `u${id}` }) as User
const page = [user(1), user(2), user(3)]

describe('bulk selection', () => {
  test('rows tick one by one; the header is mixed, then ticked, and unticks the page', () => {
    let selection = toggleUser(NOTHING_SELECTED, page, page[1]!)
    expect(pageState(selection, page)).toBe('some')
    selection = togglePage(selection, page)
    expect(pageState(selection, page)).toBe('all')
    expect(selectionInput(selection)).toEqual({ ids: [2, 1, 3] })
    selection = togglePage(selection, page)
    expect(selectedCount(selection)).toBe(0)
    expect(pageState(selection, page)).toBe('none')
  })

  test('rows of other pages stay chosen when the page changes', () => {
    const selection = toggleUser(toggleUser(NOTHING_SELECTED, page, page[0]!), [user(9)], user(9))
    expect(selectionInput(selection)).toEqual({ ids: [1, 9] })
    expect(pageState(selection, [user(9)])).toBe('all')
  })

  test('"all matching" counts the total, selects every row, and sends the search and filters', () => {
    const scope = scopeOf({ search: 'ann', status: 'active', page: 3, sort: 'email' })
    const all: Selection = { kind: 'all', total: 37, scope }
    expect(selectedCount(all)).toBe(37)
    expect(isSelected(all, 12345)).toBe(true)
    expect(selectionInput(all)).toEqual({ search: 'ann', filter: { status: 'active' } })
    // Unticking one row keeps the rest of the page, not every match.
    expect(selectionInput(toggleUser(all, page, page[0]!))).toEqual({ ids: [2, 3] })
  })

  test('paging and sorting keep the scope; a search or a filter changes it', () => {
    const key = scopeKey(scopeOf({ search: 'ann', page: 0 }))
    expect(scopeKey(scopeOf({ search: 'ann', page: 4, sort: 'email', direction: 'desc' }))).toBe(
      key,
    )
    expect(scopeKey(scopeOf({ search: 'anna' }))).not.toBe(key)
    expect(scopeKey(scopeOf({ search: 'ann', locked: 'true' }))).not.toBe(key)
  })
})

describe('bulk texts', () => {
  const intl = createIntl({ locale: 'en-US', messages: EN })
  const t: Translate = (id, values) => intl.formatMessage({ id }, values)

  test('the confirm says the count, singular for one', () => {
    expect(confirmText(t, 'lock', 37)).toBe('Lock 37 users?')
    expect(confirmText(t, 'lock', 1)).toBe('Lock 1 user?')
    expect(confirmText(t, 'deactivate', 2)).toBe('Deactivate 2 users?')
    expect(confirmText(t, 'assign-role', 3, 'Auditor')).toBe('Assign role "Auditor" to 3 users?')
    expect(confirmText(t, 'remove-from-group', 1, 'Ops')).toBe('Remove 1 user from group "Ops"?')
  })

  test('the summary counts, says why it stopped, and names each failure', () => {
    const summary = {
      ok: 4,
      failed: 2,
      failures: [
        { id: 1, username: 'root', ok: false as const, status: 409, message: 'No.' },
        { id: 77, ok: false as const, status: 404, message: 'User 77 not found' },
      ],
      cancelled: false,
    }
    expect(summaryText(t, summary)).toBe('4 done, 2 failed')
    expect(summary.failures.map((failure) => failureText(t, failure))).toEqual([
      'root: No.',
      'User 77: User 77 not found',
    ])
    expect(stopReason(t, summary)).toBeNull()
    expect(stopReason(t, { ...summary, cancelled: true })).toMatch(/^Cancelled/)
    expect(stopReason(t, { ...summary, error: 'Network error' })).toBe('Stopped: Network error')
  })
})
