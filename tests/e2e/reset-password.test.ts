import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '../../src/shared/contract'
import { seriousViolations, startConsole, type Console } from './support'

let app: Console
let user: User

const MISSING = 'Invalid or missing reset token. Please request a new password reset.'
const CHANGED = 'Password successfully changed! You can now log in with your new password.'

beforeAll(async () => {
  app = await startConsole()
  user = await app.server.createUser(await app.server.token())
})
afterAll(() => app?.close())

/** Asks the server for a reset of the user's password; answers the token of the mailed link. */
async function mailedToken(): Promise<string> {
  const token = await app.server.token()
  const reply = await app.server.request('PUT', `/api/admin/users/${user.id}/reset-password`, {
    token,
  })
  expect(reply.status).toBe(200)
  return app.server.resetToken(user.email)
}

const fill = async (password: string, confirmation: string) => {
  await app.page.getByLabel('New Password', { exact: true }).fill(password)
  await app.page.getByLabel('Confirm Password', { exact: true }).fill(confirmation)
  await app.page.getByRole('button', { name: 'Change Password' }).click()
}

test('without a token the page says so, and is reachable without a session', async () => {
  await app.page.goto(app.at('reset-password'))
  await app.page.getByText(MISSING).waitFor()
  await expect(
    app.page.getByRole('button', { name: 'Change Password' }).isDisabled(),
  ).resolves.toBe(true)
  expect(await seriousViolations(app.page)).toEqual([])
})

test('each rule of the form has its message, cleared when the field is edited', async () => {
  await app.page.goto(app.at('reset-password?token=some-token'))
  await app.page.getByRole('button', { name: 'Change Password' }).click()
  await app.page.getByText('Password is required.').waitFor()
  await expect(app.page.getByText('Please confirm your password.').isVisible()).resolves.toBe(true)
  await app.page.getByLabel('New Password', { exact: true }).fill('abc')
  await expect(app.page.getByText('Password is required.').count()).resolves.toBe(0)
  await fill('abc', 'abc')
  await app.page.getByText('Must be at least 6 characters.').waitFor()
  await fill('abcdef', 'abcdeg')
  await app.page.getByText('Passwords do not match.').waitFor()
  expect(await seriousViolations(app.page)).toEqual([])
})

test('an unknown token shows the server message inline', async () => {
  await app.page.goto(app.at('reset-password?token=no-such-token'))
  await fill('new-password-1', 'new-password-1')
  const alert = app.page.getByRole('alert')
  await alert.waitFor()
  expect(await alert.textContent()).toBe(
    'This password reset link is invalid, used or expired. Ask an administrator for a new one.',
  )
  await expect(app.page.getByText(CHANGED).count()).resolves.toBe(0)
})

test('the mailed link changes the password once: fields cleared, the new password signs in', async () => {
  const token = await mailedToken()
  await app.page.goto(app.at(`reset-password?token=${encodeURIComponent(token)}`))
  await fill('brand-new-pass', 'brand-new-pass')
  await app.page.getByText(CHANGED).waitFor()
  await expect(app.page.getByLabel('New Password', { exact: true }).inputValue()).resolves.toBe('')
  await expect(app.page.getByLabel('Confirm Password', { exact: true }).inputValue()).resolves.toBe(
    '',
  )
  expect((await app.server.login(user.username, 'brand-new-pass')).status).toBe(200)

  await fill('another-pass-2', 'another-pass-2')
  await app.page.getByRole('alert').waitFor()
  expect((await app.server.login(user.username, 'another-pass-2')).status).toBe(401)
})

test('a password the server refuses is shown on the New Password field, and the link still works', async () => {
  const token = await mailedToken()
  await app.page.goto(app.at(`reset-password?token=${encodeURIComponent(token)}`))
  await fill('password123', 'password123')
  const field = app.page.getByLabel('New Password', { exact: true })
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
  const described = app.page.locator(`#${await field.getAttribute('aria-describedby')}`)
  await expect(described.textContent()).resolves.toBe(
    'This password is too common. Choose another.',
  )
  await expect(app.page.getByRole('alert').count()).resolves.toBe(0)
  await fill('uncommon-pass-5', 'uncommon-pass-5')
  await app.page.getByText(CHANGED).waitFor()
  expect((await app.server.login(user.username, 'uncommon-pass-5')).status).toBe(200)
})

test('a pasted link works where the page was opened without one', async () => {
  const token = await mailedToken()
  await app.page.goto(app.at('reset-password'))
  await app.page
    .getByLabel('Reset link or token')
    .fill(`admin-console://reset-password?token=${token}`)
  await fill('pasted-pass-3', 'pasted-pass-3')
  await app.page.getByText(CHANGED).waitFor()
  expect((await app.server.login(user.username, 'pasted-pass-3')).status).toBe(200)
})

test('after a pasted link the token field stays: it shows the token taken, which can be corrected', async () => {
  const token = await mailedToken()
  await app.page.goto(app.at('reset-password'))
  const field = app.page.getByLabel('Reset link or token')
  // A link mangled on the way: one character too many.
  await field.fill(`admin-console://reset-password?token=${token}x`)
  await expect(field.inputValue()).resolves.toBe(`${token}x`)
  await fill('corrected-pass-4', 'corrected-pass-4')
  await app.page
    .getByText('This password reset link is invalid, used or expired.', { exact: false })
    .waitFor()

  await field.press('End')
  await field.press('Backspace')
  await expect(field.inputValue()).resolves.toBe(token)
  await expect(app.page.getByRole('alert').count()).resolves.toBe(0)
  await app.page.getByRole('button', { name: 'Change Password' }).click()
  await app.page.getByText(CHANGED).waitFor()
  expect((await app.server.login(user.username, 'corrected-pass-4')).status).toBe(200)
  expect(await seriousViolations(app.page)).toEqual([])
})

test('a link opened with a token shows it in the field, editable', async () => {
  await app.page.goto(app.at('reset-password?token=from-the-link'))
  const field = app.page.getByLabel('Reset link or token')
  await expect(field.inputValue()).resolves.toBe('from-the-link')
  await field.fill('')
  await app.page.getByText(MISSING).waitFor()
  await expect(
    app.page.getByRole('button', { name: 'Change Password' }).isDisabled(),
  ).resolves.toBe(true)
})

test('Back to Login goes to the Login screen', async () => {
  await app.page.goto(app.at('reset-password?token=x'))
  await app.page.getByRole('button', { name: 'Back to Login' }).click()
  await app.page.waitForURL(/\/login$/)
})
