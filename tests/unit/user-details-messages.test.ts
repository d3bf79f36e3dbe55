import { describe, expect, test } from 'vitest'
import { userDetailsError } from '@shared/messages'

/** A failed bridge call as the renderer holds it: a message, and the status when there was one. */
const failure = (message: string, status?: number) => Object.assign(new Error(message), { status })

describe('User details maps messages (SPEC.md section 8)', () => {
  test('a taken username: the banner and the line under Username', () => {
    expect(userDetailsError(failure('Username "jdoe" is already taken', 409))).toEqual({
      message: 'This username is already taken. Please choose a different one.',
      inline: { field: 'username', message: 'This username is already taken' },
    })
  })

  test('a taken email: the banner and the line under Email Address', () => {
    expect(userDetailsError(failure('Email "jdoe@example.com" is already taken', 409))).toEqual({
      message: 'This email address is already in use. Please use a different email.',
      inline: { field: 'email', message: 'This email is already in use' },
    })
  })

  test('matching ignores case', () => {
    expect(userDetailsError(failure('USERNAME IS ALREADY TAKEN')).inline?.field).toBe('username')
    expect(userDetailsError(failure('eMail Is Already TAKEN')).inline?.field).toBe('email')
  })

  test('a typed value inside quotes does not pick the rule', () => {
    expect(userDetailsError(failure('Email "username@example.com" is already taken'))).toEqual(
      expect.objectContaining({ inline: expect.objectContaining({ field: 'email' }) }),
    )
  })

  test('"username" without "taken" is not the taken rule', () => {
    expect(userDetailsError(failure('username: Username is required'))).toEqual({
      message: 'Username: Username is required',
    })
  })

  test.each([
    ['User 42 not found', undefined],
    ['Gone', 404],
  ])('"%s" (status %s) reads as the user not being found', (message, status) => {
    expect(userDetailsError(failure(message, status))).toEqual({
      message: 'User not found. The user may have been deleted.',
    })
  })

  test.each([
    ['You lack the permission to do that', undefined],
    ['Unauthorized', 401],
    ['Administrator rights are required for this action.', 403],
  ])('"%s" (status %s) reads as a missing permission', (message, status) => {
    expect(userDetailsError(failure(message, status))).toEqual({
      message: 'You do not have permission to update this user.',
    })
  })

  test.each([
    'Network error: could not reach http://127.0.0.1:1 (ECONNREFUSED)',
    'Request timeout',
  ])('"%s" reads as a network error', (message) => {
    expect(userDetailsError(failure(message))).toEqual({
      message: 'Network error. Please check your connection and try again.',
    })
  })

  test('any other error shows its message with the first letter capitalised', () => {
    expect(userDetailsError(failure('phone number looks odd', 400))).toEqual({
      message: 'Phone number looks odd',
    })
    expect(userDetailsError(failure('Failed to update user (500)', 500))).toEqual({
      message: 'Failed to update user (500)',
    })
  })

  test.each([['a string'], [undefined], [null], [{ message: 'not an Error' }], [new Error('  ')]])(
    '%j reads as an unexpected error',
    (value) => {
      expect(userDetailsError(value)).toEqual({
        message: 'An unexpected error occurred. Please try again.',
      })
    },
  )
})
