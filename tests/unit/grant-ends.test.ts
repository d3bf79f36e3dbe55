import { describe, expect, test } from 'vitest'
import { bulkRequestInput } from '@shared/bridge-inputs'
import {
  GRANT_END_IN_PAST,
  GRANT_END_INVALID,
  GRANT_REASON_REQUIRED,
  endsAt,
  grantEndProblems,
  grantInputOf,
  untilOf,
} from '@shared/grant-ends'

/**
 * A grant's end and reason as the console checks and sends them (issue 57), the same for one
 * user's Assign Roles / Assign Groups, the details page's cards and a bulk Assign Role or Add
 * to Group.
 */

const NOW = Date.parse('2026-12-02T15:00:00Z')
const HOUR = 3_600_000

describe('the end a choice of Until sends', () => {
  test('none, a preset from now, a date and time, or the held one kept', () => {
    expect(untilOf({ kind: 'none' }, NOW)).toBeNull()
    expect(untilOf({ kind: 'preset', hours: 8 }, NOW)).toBe('2026-12-02T23:00:00.000Z')
    expect(untilOf({ kind: 'at', local: '2026-12-12T14:00' }, NOW)).toBe(
      new Date(2026, 11, 12, 14, 0).toISOString(),
    )
    expect(untilOf({ kind: 'at', local: '' }, NOW)).toBe('')
    expect(untilOf({ kind: 'keep' }, NOW)).toBeUndefined()
  })

  test('only a preset or a date and time gives an end, and so asks a reason', () => {
    expect(endsAt({ kind: 'preset', hours: 1 })).toBe(true)
    expect(endsAt({ kind: 'at', local: '' })).toBe(true)
    expect(endsAt({ kind: 'none' })).toBe(false)
    expect(endsAt({ kind: 'keep' })).toBe(false)
  })
})

describe('what stops ends from being sent', () => {
  const inAnHour = new Date(NOW + HOUR).toISOString()

  test('nothing without an end, whatever the reason', () => {
    expect(grantEndProblems([], '', NOW)).toEqual({})
    expect(grantEndProblems([null, null], '', NOW)).toEqual({})
  })

  test('an end without a reason, or with only spaces, asks for one', () => {
    expect(grantEndProblems([null, inAnHour], '', NOW)).toEqual({ reason: GRANT_REASON_REQUIRED })
    expect(grantEndProblems([inAnHour], '   ', NOW)).toEqual({ reason: GRANT_REASON_REQUIRED })
    expect(grantEndProblems([inAnHour], 'Quarter-end close', NOW)).toEqual({})
  })

  test('an end not in the future, or no date at all, is the Until at fault first', () => {
    expect(grantEndProblems([new Date(NOW).toISOString()], '', NOW)).toEqual({
      until: GRANT_END_IN_PAST,
    })
    expect(grantEndProblems(['', inAnHour], 'Why', NOW)).toEqual({ until: GRANT_END_INVALID })
  })
})

describe('the grant sent', () => {
  test('an end with its reason trimmed; no reason without an end or without text', () => {
    expect(grantInputOf('2026-12-02T23:00:00.000Z', '  Quarter-end close ')).toEqual({
      until: '2026-12-02T23:00:00.000Z',
      reason: 'Quarter-end close',
    })
    expect(grantInputOf(null, 'Quarter-end close')).toEqual({ until: null })
    expect(grantInputOf('2026-12-02T23:00:00.000Z', ' ')).toEqual({
      until: '2026-12-02T23:00:00.000Z',
    })
  })
})

describe('a bulk run with an end', () => {
  const request = (action: string) => ({
    bulkId: '00000000-0000-4000-8000-000000000000',
    action,
    selection: { ids: [7] },
    ...(action !== 'lock' && { targetId: 3 }),
    grant: { until: '2026-12-02T23:00:00.000Z', reason: 'Quarter-end close' },
  })

  test('goes to the main process only for the actions that give a role or group', () => {
    expect(bulkRequestInput.safeParse(request('assign-role')).success).toBe(true)
    expect(bulkRequestInput.safeParse(request('add-to-group')).success).toBe(true)
    expect(bulkRequestInput.safeParse(request('remove-from-group')).success).toBe(false)
    expect(bulkRequestInput.safeParse(request('lock')).success).toBe(false)
  })
})
