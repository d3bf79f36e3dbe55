import { describe, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { englishText } from '../support/english'
import {
  choiceChanged,
  draftValues,
  editedFields,
  EMPTY_DRAFT,
  sameIds,
} from '../../src/renderer/src/features/user-details/draft'
import { profileOf } from '../../src/renderer/src/features/user-details/profile'
import { quickAction } from '../../src/renderer/src/features/user-details/quick-actions'
import { activeToggle, lockToggle, passwordResetSent } from '@shared/user-actions'
import { afterStatusChange } from '../../src/renderer/src/features/user-details/status-change'
import { parseUserId } from '../../src/renderer/src/features/user-details/user-id'

const t = englishText

const user: User = {
  id: 7,
  username: 'jdoe',
  email: 'jdoe@example.com',
  fullName: 'Jane Doe',
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: null,
  isActive: true,
  isLocked: false,
  lastLogin: null,
  createdDate: '2026-01-01T00:00:00Z',
  updatedDate: '2026-01-01T00:00:00Z',
}

describe('the id of /users/{id}', () => {
  test.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('%j names user %d', (text, id) => {
    expect(parseUserId(text)).toBe(id)
  })

  test.each([undefined, '', 'abc', '0', '-3', '4.5', '1e3', ' 7', '0x10', '2147483648'])(
    '%j names no user',
    (text) => {
      expect(parseUserId(text)).toBeUndefined()
    },
  )
})

describe('the draft of unsaved changes', () => {
  const original = profileOf(user)

  test('a missing phone number is an empty field', () => {
    expect(original.phoneNumber).toBe('')
  })

  test('untouched fields show the loaded values; edited ones what was typed', () => {
    const draft = { profile: { firstName: 'Janet' } }
    expect(draftValues(original, draft)).toEqual({ ...original, firstName: 'Janet' })
    expect(editedFields(original, draft)).toEqual(['firstName'])
  })

  test('typing the loaded value back makes the field unedited', () => {
    expect(editedFields(original, { profile: { firstName: 'Jane', lastName: 'Roe' } })).toEqual([
      'lastName',
    ])
    expect(editedFields(original, EMPTY_DRAFT)).toEqual([])
  })

  test('ids compare as sets', () => {
    expect(sameIds([1, 2], [2, 1])).toBe(true)
    expect(sameIds([1, 2], [1])).toBe(false)
    expect(sameIds([1], [2])).toBe(false)
  })

  test('a choice counts as a change only when it differs from what is held', () => {
    expect(choiceChanged([1, 2], undefined)).toBe(false)
    expect(choiceChanged(undefined, [1])).toBe(false)
    expect(choiceChanged([1, 2], [2, 1])).toBe(false)
    expect(choiceChanged([1, 2], [1])).toBe(true)
  })
})

describe('after a status change', () => {
  const current = { user, etag: '"u7v1"' }
  const locked = { ...user, isLocked: true }

  test('a fresh read with the same profile replaces the user and its ETag', () => {
    const fresh = { user: locked, etag: '"u7v2"' }
    expect(afterStatusChange(current, locked, fresh)).toBe(fresh)
  })

  test('a profile changed by someone else keeps the old ETag, so Save meets the 412', () => {
    const fresh = { user: { ...locked, email: 'other@example.com' }, etag: '"u7v3"' }
    expect(afterStatusChange(current, fresh.user, fresh)).toEqual({
      user: { ...user, isLocked: true },
      etag: '"u7v1"',
    })
  })

  test('without a fresh read the new state shows and the old ETag stays', () => {
    expect(afterStatusChange(current, locked, undefined)).toEqual({
      user: locked,
      etag: '"u7v1"',
    })
  })
})

describe('Quick Actions', () => {
  test('the buttons offer the opposite of the current state', () => {
    expect([lockToggle(user), activeToggle(user)]).toEqual(['lock', 'deactivate'])
    expect(lockToggle({ ...user, isLocked: true })).toBe('unlock')
    expect(activeToggle({ ...user, isActive: false })).toBe('activate')
  })

  test.each([
    ['lock', 'Lock', 'Are you sure you want to lock user "jdoe"?', true],
    ['unlock', 'Unlock', 'Are you sure you want to unlock user "jdoe"?', false],
    ['activate', 'Activate', 'Are you sure you want to activate user "jdoe"?', false],
    ['deactivate', 'Deactivate', 'Are you sure you want to deactivate user "jdoe"?', true],
    ['resetPassword', 'Reset Password', 'Reset password for jdoe@example.com?', false],
  ] as const)('%s asks %j', (action, label, question, danger) => {
    expect(quickAction(t, user, action)).toMatchObject({ label, question, danger })
  })

  test('the reset notice names the address the link went to', () => {
    expect(passwordResetSent('jdoe@example.com', t)).toBe(
      'An email has been sent to jdoe@example.com with link to change their password',
    )
  })
})
