import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN } from '../integration/support/server'
import { codeOf } from '../integration/support/second-factor'
import { seriousViolations, startConsole } from './support'

/** Issue 30, MFA_REQUIRED=admins: an administrator without a factor sets one up to sign in. */

let app: Awaited<ReturnType<typeof startConsole>>

beforeAll(async () => {
  app = await startConsole({ MFA_REQUIRED: 'admins' })
})
afterAll(() => app?.close())

test('the first sign-in of an administrator goes through the setup, then into the console', async () => {
  const { page } = app
  await page.goto(app.at('login'))
  await page.getByLabel('Username or Email').fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('heading', { name: 'Two-Step Sign-In' }).waitFor()
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
  const secret = (await page.locator('.totp-secret').textContent())!.replace(/\s/g, '')
  expect(await seriousViolations(page)).toEqual([])
  await page.getByLabel('Code', { exact: true }).fill(codeOf(secret))
  await page.getByRole('button', { name: 'Turn On' }).click()
  await page.getByRole('heading', { name: 'Recovery Codes' }).waitFor()
  await expect(page.locator('.recovery-code-list code').count()).resolves.toBe(10)
  // Not signed in to the console until the codes have been seen.
  await expect(page.getByRole('button', { name: /Account menu/ }).count()).resolves.toBe(0)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: /Account menu/ }).waitFor()
  const shown = await app.server.built.context.db.query<{ enrolled: boolean }>(
    `SELECT confirmed_at IS NOT NULL AS enrolled FROM second_factors
     WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
    [ADMIN.username],
  )
  expect(shown).toEqual([{ enrolled: true }])
})
