import { describe, expect, test } from 'vitest'
import { createIntl } from 'react-intl'
import { clientText } from '../../src/renderer/src/features/sessions/session-text'
import { bridgeCalls } from '@shared/bridge'
import { EN, type Translate } from '@shared/i18n/catalogues'
import {
  changeOwnPasswordFormSchema,
  changePasswordSchema,
  choosePasswordFormSchema,
  fieldErrors,
} from '@shared/validation'
import { englishText } from '../support/english'

const intl = createIntl({ locale: 'en', messages: EN })
const t: Translate = (id, values) => intl.formatMessage({ id }, values)

const errorsOf = (schema: { safeParse(value: unknown): any }, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? {} : fieldErrors(result.error)
}

describe('texts', () => {
  test('the temporary password confirmation and instructions, to the letter', () => {
    expect(t('temporaryPassword.question', { username: 'jdoe' })).toBe(
      'Set a temporary password for "jdoe"? Their current password stops working now.',
    )
    expect(
      intl.formatMessage(
        { id: 'temporaryPassword.instructions' },
        { username: 'jdoe', bdi: (text) => text.join('') },
      ),
    ).toBe(
      'Give this password to jdoe securely. It works once: they must choose a new password at next sign-in.',
    )
    expect(t('sessions.signOutEverywhereQuestion', { username: 'jdoe' })).toBe(
      'Sign out "jdoe" everywhere? Every session of theirs ends now.',
    )
  })

  test('a client reads as its user agent and address, whatever is missing', () => {
    expect(clientText(t, { userAgent: 'Electron/39', ipAddress: '10.0.0.7' })).toBe(
      'Electron/39 · 10.0.0.7',
    )
    expect(clientText(t, { userAgent: '  ', ipAddress: '10.0.0.7' })).toBe(
      'Unknown client · 10.0.0.7',
    )
    expect(clientText(t, { userAgent: null, ipAddress: null })).toBe('Unknown client')
  })
})

describe('password forms use the Reset Password texts', () => {
  test.each([
    [
      { newPassword: '', confirmPassword: '' },
      { newPassword: 'Password is required.', confirmPassword: 'Please confirm your password.' },
    ],
    [
      { newPassword: 'abc', confirmPassword: 'abc' },
      { newPassword: 'Must be at least 6 characters.' },
    ],
    [
      { newPassword: 'secret1', confirmPassword: 'secret2' },
      { confirmPassword: 'Passwords do not match.' },
    ],
    [{ newPassword: 'secret1', confirmPassword: 'secret1' }, {}],
  ])('Choose a New Password %j gives %j', (form, errors) => {
    expect(errorsOf(choosePasswordFormSchema(englishText), form)).toEqual(errors)
    expect(
      errorsOf(changeOwnPasswordFormSchema(englishText), { currentPassword: 'old', ...form }),
    ).toEqual(errors)
  })

  test('Change Password also needs the current password', () => {
    expect(
      errorsOf(changeOwnPasswordFormSchema(englishText), {
        currentPassword: '',
        newPassword: 'secret1',
        confirmPassword: 'secret1',
      }),
    ).toEqual({ currentPassword: 'Current password is required.' })
  })
})

describe('PUT /auth/change-password and its bridge input', () => {
  test('take a token or the current password, never both, never neither', () => {
    expect(changePasswordSchema.safeParse({ token: 't', newPassword: 'secret1' }).success).toBe(
      true,
    )
    expect(
      changePasswordSchema.safeParse({ currentPassword: 'c', newPassword: 'secret1' }).success,
    ).toBe(true)
    expect(errorsOf(changePasswordSchema, { newPassword: 'secret1' })).toEqual({
      token: 'Token is required (or, signed in, currentPassword instead)',
    })
    expect(
      changePasswordSchema.safeParse({ token: 't', currentPassword: 'c', newPassword: 'secret1' })
        .success,
    ).toBe(false)
    expect(bridgeCalls['auth.changePassword'].input).toBe(changePasswordSchema)
  })

  test('the change step after a temporary password takes only a new password', () => {
    const input = bridgeCalls['auth.completePasswordChange'].input
    expect(input.safeParse({ newPassword: 'secret1' }).success).toBe(true)
    expect(input.safeParse({ newPassword: '12345' }).success).toBe(false)
    expect(input.safeParse({}).success).toBe(false)
  })
})
