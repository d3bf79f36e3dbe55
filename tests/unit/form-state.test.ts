import { describe, expect, test } from 'vitest'
import {
  checkForm,
  formReducer,
  initialFormState,
  whileBusy,
  type FormAction,
  type FormState,
} from '../../src/renderer/src/lib/form-state'
import { loginFormSchema, resetPasswordFormSchema } from '@shared/validation'
import { englishText } from '../support/english'

type Login = { username: string; password: string }

const failed: FormState<Login> = {
  values: { username: 'ab', password: '' },
  errors: { username: 'Must be at least 3 characters.', password: 'Password is required.' },
  serverError: 'Invalid credentials',
  busy: false,
}

const run = (state: FormState<Login>, ...actions: FormAction<Login>[]) =>
  actions.reduce(formReducer<Login>, state)

describe('the shared form state (useForm)', () => {
  test('starts with the given values, no message, not busy', () => {
    expect(initialFormState({ username: '', password: '' })).toEqual({
      values: { username: '', password: '' },
      errors: {},
      serverError: undefined,
      busy: false,
    })
  })

  test('an edit changes that value, clears that field’s message and the server’s', () => {
    const edited = run(failed, {
      type: 'change',
      field: 'username',
      value: 'abc',
      keepServerError: false,
    })
    expect(edited.values).toEqual({ username: 'abc', password: '' })
    expect(edited.errors).toEqual({ username: undefined, password: 'Password is required.' })
    expect(edited.serverError).toBeUndefined()
  })

  test('a form that keeps the server’s message keeps it through edits', () => {
    const edited = run(failed, {
      type: 'change',
      field: 'password',
      value: 'x',
      keepServerError: true,
    })
    expect(edited.serverError).toBe('Invalid credentials')
    expect(edited.errors.password).toBeUndefined()
  })

  test('new values keep the messages; a reset forgets them', () => {
    const values = { username: '', password: '' }
    expect(run(failed, { type: 'values', values })).toEqual({ ...failed, values })
    expect(run(failed, { type: 'reset', values })).toEqual(initialFormState(values))
  })

  test('field errors are replaced by a check, added one at a time by the server', () => {
    const checked = run(failed, { type: 'errors', errors: { password: 'Password is required.' } })
    expect(checked.errors).toEqual({ password: 'Password is required.' })
    const placed = run(checked, {
      type: 'fieldError',
      field: 'username',
      message: 'Username already exists',
    })
    expect(placed.errors).toEqual({
      password: 'Password is required.',
      username: 'Username already exists',
    })
  })

  test('the server’s message is set and cleared', () => {
    expect(run(failed, { type: 'serverError', message: undefined }).serverError).toBeUndefined()
    expect(run(failed, { type: 'serverError', message: 'Down' }).serverError).toBe('Down')
  })
})

describe('checkForm applies the shared zod rules', () => {
  test('a failure gives the first message per field, in SPEC.md section 5’s words', () => {
    expect(checkForm(loginFormSchema(englishText), { username: '', password: 'abc' })).toEqual({
      ok: false,
      errors: {
        username: 'Username or email is required.',
        password: 'Must be at least 6 characters.',
      },
    })
  })

  test('a pass gives the parsed (trimmed) data', () => {
    expect(
      checkForm(loginFormSchema(englishText), { username: '  root ', password: 'secret1' }),
    ).toEqual({
      ok: true,
      data: { username: 'root', password: 'secret1' },
    })
  })

  test('rules across fields land on their field', () => {
    const checked = checkForm(resetPasswordFormSchema(englishText), {
      token: 'abc',
      newPassword: 'secret-1',
      confirmPassword: 'secret-2',
    })
    expect(checked.ok).toBe(false)
    expect(checked.ok ? {} : Object.keys(checked.errors)).toEqual(['confirmPassword'])
  })
})

describe('whileBusy', () => {
  test('busy while the work runs, not after, and the work’s answer comes back', async () => {
    const seen: FormAction<Login>[] = []
    const answer = await whileBusy<Login, string>(
      (action) => seen.push(action),
      async () => {
        expect(seen).toEqual([{ type: 'busy', busy: true }])
        return 'done'
      },
    )
    expect(answer).toBe('done')
    expect(seen).toEqual([
      { type: 'busy', busy: true },
      { type: 'busy', busy: false },
    ])
  })

  test('a failed work still ends busy, and its error goes on', async () => {
    const seen: FormAction<Login>[] = []
    await expect(
      whileBusy<Login, never>(
        (action) => seen.push(action),
        () => Promise.reject(new Error('Network down')),
      ),
    ).rejects.toThrow('Network down')
    expect(seen.at(-1)).toEqual({ type: 'busy', busy: false })
  })
})
