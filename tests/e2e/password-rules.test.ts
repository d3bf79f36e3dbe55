import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN } from '../integration/support/server'
import { startConsole, type Console } from './support'

const TOO_COMMON = 'This password is too common. Choose another.'

let app: Console
beforeAll(async () => {
  app = await startConsole()
  await app.signIn()
})
afterAll(() => app?.close())

const dialog = () => app.page.getByRole('dialog')

/** The field's error, as a screen reader is told it: the text the input is described by. */
async function errorOf(label: string) {
  const field = dialog().getByLabel(label, { exact: true })
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
  return app.page.locator(`#${await field.getAttribute('aria-describedby')}`).textContent()
}

test('Add New User: a common password is refused on the Password field, not in a banner', async () => {
  await app.page.goto(app.at('users'))
  await app.page.getByRole('button', { name: '+ Add User' }).click()
  const form = dialog()
  await form.getByLabel('Username').fill('common-choice')
  await form.getByLabel('Email').fill('common-choice@example.com')
  await form.getByLabel('Password', { exact: true }).fill('password123')
  await form.getByLabel('First Name').fill('Common')
  await form.getByLabel('Last Name').fill('Choice')
  await form.getByLabel('Phone Number').fill('+971 50 123 4567')
  await form.getByRole('button', { name: 'Save User' }).click()
  await expect(errorOf('Password')).resolves.toBe(TOO_COMMON)
  await expect(form.getByRole('alert').count()).resolves.toBe(0)
  await form.getByRole('button', { name: 'Cancel' }).click()
})

test('Change Password: one containing the username is refused on New Password', async () => {
  await app.page.getByRole('button', { name: /Account menu/ }).click()
  await app.page.getByRole('menuitem', { name: 'Change Password' }).click()
  const newPassword = `${ADMIN.username}-and-more`
  await dialog().getByLabel('Current Password', { exact: true }).fill(ADMIN.password)
  await dialog().getByLabel('New Password', { exact: true }).fill(newPassword)
  await dialog().getByLabel('Confirm Password', { exact: true }).fill(newPassword)
  await dialog().getByRole('button', { name: 'Change Password' }).click()
  await expect(errorOf('New Password')).resolves.toBe(TOO_COMMON)
  expect((await app.server.login(ADMIN.username, ADMIN.password)).status).toBe(200)
})
