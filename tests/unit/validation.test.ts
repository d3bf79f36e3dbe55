import { describe, expect, test } from 'vitest'
import {
  accessNameSchema,
  changePasswordSchema,
  createUserSchema,
  fieldErrors,
  loginFormSchema,
  profileUpdateSchema,
  resetPasswordFormSchema,
  updateUserSchema,
} from '@shared/validation'
import { englishText } from '../support/english'

const validUser = {
  username: 'jdoe',
  email: 'jdoe@example.com',
  password: 'secret1',
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '+971 50 123 4567',
}

function errorsOf(
  schema: { safeParse(value: unknown): { success: boolean; error?: any } },
  value: unknown,
) {
  const result = schema.safeParse(value)
  return result.success ? {} : fieldErrors(result.error)
}

describe('Add User rules (SPEC.md section 5)', () => {
  test.each([
    ['username', '', 'Username is required'],
    ['username', '   ', 'Username is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-address', 'Please enter a valid email address'],
    ['email', 'a@b', 'Please enter a valid email address'],
    ['password', '', 'Password is required'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['firstName', ' ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['phoneNumber', '  ', 'Phone number is required'],
  ])('%s = %j says "%s"', (field, value, message) => {
    expect(errorsOf(createUserSchema, { ...validUser, [field]: value })).toEqual({
      [field]: message,
    })
  })

  test('a missing field reads as required', () => {
    const { email: _, ...withoutEmail } = validUser
    expect(errorsOf(createUserSchema, withoutEmail)).toEqual({ email: 'Email is required' })
  })

  test('values are trimmed before they are sent; the password is not', () => {
    const parsed = createUserSchema.parse({
      ...validUser,
      username: '  jdoe ',
      email: ' jdoe@example.com ',
      password: ' secret1 ',
    })
    expect(parsed.username).toBe('jdoe')
    expect(parsed.email).toBe('jdoe@example.com')
    expect(parsed.password).toBe(' secret1 ')
  })

  test('every failing field is reported at once, one message each', () => {
    expect(errorsOf(createUserSchema, {})).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phoneNumber: 'Phone number is required',
    })
  })
})

const USERNAME_CHARACTERS = 'Username may contain only letters, digits and . _ - @'
const USERNAME_LENGTH = 'Username must be 3 to 64 characters'
const PHONE_CHARACTERS = 'Phone number may contain only digits, spaces, - ( ) and a leading +'
const PHONE_DIGITS = 'Phone number must have 7 to 20 digits'

describe('username and phone number rules (issue 33)', () => {
  test.each([
    ['username', 'has space', USERNAME_CHARACTERS],
    ['username', 'semi;colon', USERNAME_CHARACTERS],
    ['username', 'ab', USERNAME_LENGTH],
    ['username', 'a'.repeat(65), USERNAME_LENGTH],
    ['phoneNumber', 'call me maybe', PHONE_CHARACTERS],
    ['phoneNumber', '50+1234567', PHONE_CHARACTERS],
    ['phoneNumber', '+971 50', PHONE_DIGITS],
    ['phoneNumber', '1'.repeat(21), PHONE_DIGITS],
  ])('%s = %j says "%s"', (field, value, message) => {
    expect(errorsOf(createUserSchema, { ...validUser, [field]: value })).toEqual({
      [field]: message,
    })
  })

  test.each([
    ['username', 'abc'],
    ['username', 'j.doe_2-x@corp'],
    ['username', 'a'.repeat(64)],
    ['username', 'مريم.علي'],
    ['phoneNumber', '1234567'],
    ['phoneNumber', '+1 (555) 123-4567'],
    ['phoneNumber', '1'.repeat(20)],
  ])('%s = %j is accepted', (field, value) => {
    expect(errorsOf(createUserSchema, { ...validUser, [field]: value })).toEqual({})
  })

  test('a control character is named first, not the character rule', () => {
    expect(errorsOf(createUserSchema, { ...validUser, username: 'root\u200badmin' })).toEqual({
      username: 'Username must not contain control or invisible formatting characters',
    })
  })

  test('an edit is held to the rules only for a value it changes: old data can still be saved', () => {
    const { password: _, ...profile } = validUser
    const stored = { ...profile, username: 'has space', phoneNumber: 'call me maybe' }
    const schema = profileUpdateSchema(stored)
    expect(errorsOf(schema, { ...stored, lastName: 'Changed' })).toEqual({})
    expect(errorsOf(schema, { ...stored, username: 'still space', phoneNumber: '123' })).toEqual({
      username: USERNAME_CHARACTERS,
      phoneNumber: PHONE_DIGITS,
    })
    expect(
      errorsOf(schema, { ...stored, username: 'fixed', phoneNumber: '+971 50 1234567' }),
    ).toEqual({})
  })
})

describe('User edit rules', () => {
  test('the same messages, and no password field', () => {
    const { password: _, ...profile } = validUser
    expect(errorsOf(updateUserSchema, { ...profile, lastName: '  ', email: 'x' })).toEqual({
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
    })
    expect(updateUserSchema.parse({ ...profile, password: 'ignored' })).not.toHaveProperty(
      'password',
    )
  })
})

describe('Login rules', () => {
  test.each([
    [{ username: '', password: 'secret1' }, { username: 'Username or email is required.' }],
    [{ username: ' ab ', password: 'secret1' }, { username: 'Must be at least 3 characters.' }],
    [{ username: 'abc', password: '' }, { password: 'Password is required.' }],
    [{ username: 'abc', password: '12345' }, { password: 'Must be at least 6 characters.' }],
    [{ username: 'abc', password: '123456' }, {}],
  ])('%j gives %j', (form, errors) => {
    expect(errorsOf(loginFormSchema(englishText), form)).toEqual(errors)
  })
})

describe('Reset password rules', () => {
  const form = { token: 't0k3n', newPassword: 'secret1', confirmPassword: 'secret1' }
  test.each([
    [
      { token: '' },
      { token: 'Invalid or missing reset token. Please request a new password reset.' },
    ],
    [{ newPassword: '' }, { newPassword: 'Password is required.' }],
    [
      { newPassword: 'abc', confirmPassword: 'abc' },
      { newPassword: 'Must be at least 6 characters.' },
    ],
    [{ confirmPassword: '' }, { confirmPassword: 'Please confirm your password.' }],
    [{ confirmPassword: 'secret2' }, { confirmPassword: 'Passwords do not match.' }],
    [{}, {}],
  ])('%j gives %j', (change, errors) => {
    expect(errorsOf(resetPasswordFormSchema(englishText), { ...form, ...change })).toEqual(errors)
  })

  test('the server side of the reset needs a token and 6 characters', () => {
    expect(errorsOf(changePasswordSchema, { token: ' ', newPassword: '12345' })).toEqual({
      token: 'Token is required',
      newPassword: 'Password must be at least 6 characters',
    })
  })
})

describe('Role and group names', () => {
  test('required after trimming, and trimmed', () => {
    expect(accessNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('Name is required')
    expect(accessNameSchema.parse('  Auditors ')).toBe('Auditors')
  })
})
