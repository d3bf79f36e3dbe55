import { expect, test } from 'vitest'
import {
  formatEmployees,
  formatEventDate,
} from '../../src/renderer/src/features/events/event-format'
import { SAMPLE_EVENTS } from '../../src/renderer/src/features/events/events-data'

test('an event day reads the same in every time zone', () => {
  expect(formatEventDate('2026-12-12', 'en-US')).toBe('Dec 12, 2026')
  expect(formatEventDate('2027-01-01', 'en-US')).toBe('Jan 1, 2027')
  expect(formatEventDate('not a day', 'en-US')).toBe('-')
})

test('employees are joined with ", ", or a dash when none are assigned', () => {
  expect(formatEmployees(['Aisha Rahman', 'Omar Haddad'])).toBe('Aisha Rahman, Omar Haddad')
  expect(formatEmployees([])).toBe('-')
})

test('the sample events use every status of the spec, and only those', () => {
  expect(SAMPLE_EVENTS.length).toBeGreaterThanOrEqual(8)
  expect(SAMPLE_EVENTS.length).toBeLessThanOrEqual(12)
  expect(new Set(SAMPLE_EVENTS.map((event) => event.status))).toEqual(
    new Set(['Planned', 'Scheduled', 'Upcoming', 'Current', 'Ongoing']),
  )
})
