import { describe, expect, test } from 'vitest'
import { formatDateTime } from '@shared/dates'
import { initials } from '../../src/renderer/src/lib/initials'
import { pageRange } from '../../src/renderer/src/lib/page-range'

describe('formatDateTime', () => {
  test('short month, day, year and 12-hour time in the local zone, naming it', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const expected = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    }).format(new Date('2026-11-23T10:05:00Z'))
    expect(formatDateTime('2026-11-23T10:05:00Z')).toBe(expected)
    expect(expected).toMatch(/^Nov 2[34], 2026, \d{1,2}:05 [AP]M (UTC|GMT[+-][\d:]+|[A-Z]{3,4})$/)
  })

  test('a missing or unreadable date shows the placeholder given, a dash by default', () => {
    expect(formatDateTime(null)).toBe('-')
    expect(formatDateTime(undefined, 'Never')).toBe('Never')
    expect(formatDateTime('', 'Never')).toBe('Never')
    expect(formatDateTime('not a date')).toBe('-')
  })
})

describe('initials', () => {
  test('first letters of first and last name, upper case, at most two', () => {
    expect(initials('aisha', 'khan')).toBe('AK')
    expect(initials(' Omar ', '')).toBe('O')
    expect(initials('', '')).toBe('')
  })
})

describe('pageRange', () => {
  test('"a-b of total" and "page / pages" of a zero-based page', () => {
    expect(pageRange({ number: 0, size: 20, totalElements: 25, totalPages: 2 }, 20)).toEqual({
      first: 1,
      last: 20,
      pages: 2,
      current: 1,
    })
    expect(pageRange({ number: 1, size: 20, totalElements: 25, totalPages: 2 }, 5)).toEqual({
      first: 21,
      last: 25,
      pages: 2,
      current: 2,
    })
  })

  test('a server that sends no totalPages is paged from the total; nothing found is 0-0, page 1 / 1', () => {
    expect(pageRange({ number: 2, size: 20, totalElements: 41 }, 1).pages).toBe(3)
    expect(pageRange({ number: 0, size: 20, totalElements: 0, totalPages: 0 }, 0)).toEqual({
      first: 0,
      last: 0,
      pages: 1,
      current: 1,
    })
  })
})
