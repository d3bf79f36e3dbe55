import { describe, expect, test } from 'vitest'
import {
  passwordRejection,
  showPasswordFormFailure,
} from '../../src/renderer/src/lib/password-rejection'
import { PASSWORD_REJECTED } from '../../src/shared/contract'

const TOO_COMMON = 'This password is too common. Choose another.'

function recordingForm() {
  const shown: { field?: [string, string]; server?: string | undefined } = {}
  return {
    shown,
    setFieldError: (field: string, message: string) => {
      shown.field = [field, message]
    },
    setServerError: (message: string | undefined) => {
      shown.server = message
    },
  }
}

describe('a refused new password goes on its field', () => {
  test('from a bridge error or a query failure alike', () => {
    expect(passwordRejection({ message: TOO_COMMON, status: 400, code: PASSWORD_REJECTED })).toBe(
      TOO_COMMON,
    )
    // What TanStack Query holds: a BridgeFailure, an Error with the bridge error's status and code.
    const failure = (message: string, status: number, code?: string) =>
      Object.assign(new Error(message), { status, code })
    expect(passwordRejection(failure(TOO_COMMON, 400, PASSWORD_REJECTED))).toBe(TOO_COMMON)
    expect(passwordRejection(failure('Email is already taken', 409))).toBeUndefined()
    expect(passwordRejection(undefined)).toBeUndefined()
  })

  test('on the field, with no banner', () => {
    const form = recordingForm()
    showPasswordFormFailure(
      form,
      'newPassword',
      { message: TOO_COMMON, status: 400, code: PASSWORD_REJECTED },
      'Password change failed',
    )
    expect(form.shown).toEqual({ field: ['newPassword', TOO_COMMON], server: undefined })
  })

  test('any other failure stays the form’s message, or its fallback', () => {
    const form = recordingForm()
    showPasswordFormFailure(form, 'newPassword', { message: '' }, 'Password change failed')
    expect(form.shown).toEqual({ server: 'Password change failed' })
  })
})
