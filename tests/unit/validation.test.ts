import { describe, expect, test } from 'vitest'
import {
  accessNameSchema,
  changePasswordSchema,
  createUserSchema,
  fieldErrors,
  loginFormSchema,
  resetPasswordFormSchema,
  updateUserSchema,
} from '../../src/shared/validation'

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
    expect(errorsOf(loginFormSchema, form)).toEqual(errors)
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
    expect(errorsOf(resetPasswordFormSchema, { ...form, ...change })).toEqual(errors)
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
