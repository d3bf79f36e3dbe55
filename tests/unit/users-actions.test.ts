import { describe, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { checkNewUser, EMPTY_NEW_USER } from '../../src/renderer/src/features/users/new-user'
import { IntlMessageFormat } from 'intl-messageformat'
import { EN } from '@shared/i18n/catalogues'
import { englishText } from '../support/english'
import { activeToggle, lockToggle, passwordResetSent, statusChange } from '@shared/user-actions'

const user = { username: 'ann', isActive: true, isLocked: false } as User

describe('status changes from the Active and Locked cells', () => {
  test.each([
    [{ isActive: true }, 'isActive', 'deactivate', 'Deactivate', true, 'deactivated'],
    [{ isActive: false }, 'isActive', 'activate', 'Activate', false, 'activated'],
    [{ isLocked: false }, 'isLocked', 'lock', 'Lock', true, 'locked'],
    [{ isLocked: true }, 'isLocked', 'unlock', 'Unlock', false, 'unlocked'],
    // A temporary lockout after failed sign-ins is ended by Unlock too.
    [
      { isLocked: false, loginBlockedUntil: '2026-11-23T10:00:00.000Z' },
      'isLocked',
      'unlock',
      'Unlock',
      false,
      'unlocked',
    ],
    [{ isLocked: false, loginBlockedUntil: null }, 'isLocked', 'lock', 'Lock', true, 'locked'],
  ] as const)('%o %s asks to %s', (state, field, action, label, danger, done) => {
    const changed = { ...user, ...state }
    const offered = field === 'isActive' ? activeToggle(changed) : lockToggle(changed)
    expect(statusChange(changed, offered, englishText)).toEqual({
      action,
      label,
      question: `Are you sure you want to ${action} user "ann"?`,
      failure: `Failed to ${action} user`,
      danger,
      done: `User ann ${done}`,
    })
  })
})

describe('reset password texts', () => {
  test('as SPEC.md words them', () => {
    expect(
      new IntlMessageFormat(EN['users.resetPasswordQuestion'], 'en').format({
        email: 'ann@example.com',
      }),
    ).toBe('Are you sure you want to reset the password for ann@example.com?')
    expect(passwordResetSent('ann@example.com', englishText)).toBe(
      'An email has been sent to ann@example.com with link to change their password',
    )
    expect(passwordResetSent('', englishText)).toBe(
      'An email has been sent to the user with link to change their password',
    )
  })
})

describe('Add New User check', () => {
  test('an empty form names every required field', () => {
    const checked = checkNewUser(EMPTY_NEW_USER)
    expect(checked).toEqual({
      ok: false,
      errors: {
        username: 'Username is required',
        email: 'Email is required',
        password: 'Password is required',
        firstName: 'First name is required',
        lastName: 'Last name is required',
        phoneNumber: 'Phone number is required',
      },
    })
  })

  test('a bad email and a short password get their own messages', () => {
    const checked = checkNewUser({
      ...EMPTY_NEW_USER,
      email: 'not-an-address',
      password: '12345',
    })
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.errors.email).toBe('Please enter a valid email address')
    expect(checked.errors.password).toBe('Password must be at least 6 characters')
  })

  test('values are trimmed and the status is carried beside the payload', () => {
    const checked = checkNewUser({
      username: ' ann ',
      email: ' ann@example.com ',
      password: ' secret-1 ',
      firstName: ' Ann ',
      lastName: ' Smith ',
      phoneNumber: ' +971 50 123 4567 ',
      active: false,
    })
    expect(checked).toEqual({
      ok: true,
      active: false,
      request: {
        username: 'ann',
        email: 'ann@example.com',
        password: ' secret-1 ',
        firstName: 'Ann',
        lastName: 'Smith',
        phoneNumber: '+971 50 123 4567',
      },
    })
  })
})
