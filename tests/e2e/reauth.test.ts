import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { REAUTH_WINDOW_SECONDS } from '../../server/src/auth/reauth'
import { codeOf, STEP_MS } from '../integration/support/second-factor'
import { ADMIN } from '../integration/support/server'
import { confirmEffect, seriousViolations, startConsole } from './support'

/**
 * "Confirm it's you" (issue 30, item 4): giving ADMIN without a re-authentication in the last
 * 5 minutes asks for the password in the console, then the grant applies; Cancel and a wrong
 * password leave the user as they were.
 */

let app: Awaited<ReturnType<typeof startConsole>>
let root: User

beforeAll(async () => {
  app = await startConsole()
  const token = await app.server.token()
  root = (await app.server.request<User>('GET', '/auth/me', { token })).body
  await app.signIn()
})
afterAll(() => app?.close())

const page = () => app.page
const confirmDialog = () => page().getByRole('dialog', { name: "Confirm it's you" })

/** Root's sessions, the console's among them, last proved who they are long enough ago. */
const reauthenticationExpired = () =>
  app.server.built.context.db.query(
    `UPDATE sessions SET reauthenticated_at = now() - make_interval(secs => $2)
     WHERE user_id = $1`,
    [root.id, REAUTH_WINDOW_SECONDS + 1],
  )

/** The roles the user holds directly, read with a fresh sign-in of root. */
async function rolesOf(user: User): Promise<string[]> {
  const token = await app.server.token()
  const reply = await app.server.request<{ name: string }[]>(
    'GET',
    `/api/admin/users/${user.id}/roles`,
    { token },
  )
  return reply.body.map((role) => role.name)
}

test('granting ADMIN asks "Confirm it\'s you"; Cancel and a wrong password change nothing, the password applies it', async () => {
  const user = await app.server.createUser(await app.server.token())
  await page().goto(app.at(`users/${user.id}`))
  await page().getByRole('heading', { name: user.fullName, level: 2 }).waitFor()
  await reauthenticationExpired()

  const roles = page().getByRole('region', { name: 'Roles & Permissions' })
  await roles.getByLabel('ADMIN', { exact: true }).check()
  const save = page().getByRole('button', { name: 'Save Changes', exact: true })
  await save.click()

  // Asked, with the password field focused; Escape cancels, and nothing changed.
  await confirmDialog().waitFor()
  await expect(
    confirmDialog()
      .getByLabel('Password', { exact: true })
      .evaluate((field) => field === (globalThis as any).document.activeElement),
    'the password field has the focus',
  ).resolves.toBe(true)
  expect(await seriousViolations(page())).toEqual([])
  await page().keyboard.press('Escape')
  await confirmDialog().waitFor({ state: 'detached' })
  expect(await rolesOf(user)).toEqual([])

  // Asked again; a wrong password shows the server's message in the dialog, which stays.
  await save.click()
  await confirmDialog().waitFor()
  await page().keyboard.type('not-the-password')
  await page().keyboard.press('Enter')
  await confirmDialog().getByRole('alert').getByText('The password is not correct.').waitFor()
  expect(await rolesOf(user)).toEqual([])

  // The right password, typed and sent from the keyboard: the grant applies, once.
  await confirmDialog().getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page().keyboard.press('Enter')
  await confirmDialog().waitFor({ state: 'detached' })
  // Then the change's effect, shown by a dry run the confirmed identity let through.
  await confirmEffect(page())
  await expect.poll(() => rolesOf(user)).toEqual(['ADMIN'])
  await save.and(page().locator(':disabled')).waitFor()

  const token = await app.server.token()
  const audit = await app.server.request(
    'GET',
    `/api/admin/audit?actor=${root.id}&target=${user.id}&action=user.role_add`,
    { token },
  )
  expect(audit.body.content).toHaveLength(1)
})

test('setting up two-step sign-in asks "Confirm it\'s you" too; then a recovery code confirms beside the password', async () => {
  // Made, and signed in for, before root has two-step sign-in: the password alone signs in.
  const token = await app.server.token()
  const user = await app.server.createUser(token)
  await page().goto(app.at('dashboard'))
  await reauthenticationExpired()
  await page()
    .getByRole('button', { name: /Account menu/ })
    .click()
  await page().getByRole('menuitem', { name: 'Two-Step Sign-In' }).click()
  await page().getByRole('button', { name: 'Set Up' }).click()
  await confirmDialog().waitFor()
  // Two-step sign-in is not on yet: the password alone is asked.
  await expect(confirmDialog().getByLabel(/code/i).count()).resolves.toBe(0)
  await confirmDialog().getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await confirmDialog().getByRole('button', { name: 'Confirm' }).click()
  await confirmDialog().waitFor({ state: 'detached' })
  await page().getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
  const secret = (await page().locator('.totp-secret').textContent())!.replace(/\s/g, '')
  await page()
    .getByLabel('Code', { exact: true })
    .fill(codeOf(secret, Date.now() - STEP_MS))
  await page().getByRole('button', { name: 'Turn On' }).click()
  await page().getByRole('heading', { name: 'Recovery Codes' }).waitFor()
  const oldCodes = await page().locator('.recovery-code-list code').allTextContents()
  const [recoveryCode, secondCode] = oldCodes
  await page().getByRole('button', { name: 'Done' }).click()

  await page().goto(app.at(`users/${user.id}`))
  await page().getByRole('heading', { name: user.fullName, level: 2 }).waitFor()
  await reauthenticationExpired()
  await page()
    .getByRole('region', { name: 'Roles & Permissions' })
    .getByLabel('ADMIN', { exact: true })
    .check()
  await page().getByRole('button', { name: 'Save Changes', exact: true }).click()
  await confirmDialog().waitFor()
  // It says from the start that it asks for both (issue 56).
  await confirmDialog()
    .getByText(
      'This change needs your password and a code from your authenticator app again. Nothing changes until you confirm.',
      { exact: true },
    )
    .waitFor()
  await confirmDialog().getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await confirmDialog()
    .getByLabel('Code from your authenticator app, or a recovery code')
    .fill(recoveryCode!)
  await confirmDialog().getByRole('button', { name: 'Confirm' }).click()
  await confirmDialog().waitFor({ state: 'detached' })
  await confirmEffect(page())
  const roles = () =>
    app.server.request<{ name: string }[]>('GET', `/api/admin/users/${user.id}/roles`, { token })
  await expect.poll(async () => (await roles()).body.map((role) => role.name)).toEqual(['ADMIN'])

  // New recovery codes (issue 56) ask "Confirm it's you" as the server requires, then replace
  // every old one: ten new, none of them an old one.
  await reauthenticationExpired()
  await page()
    .getByRole('button', { name: /Account menu/ })
    .click()
  await page().getByRole('menuitem', { name: 'Two-Step Sign-In' }).click()
  await page().getByText('Recovery codes left: 9.').waitFor()
  await page().getByRole('button', { name: 'New Recovery Codes' }).click()
  await confirmDialog().getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await confirmDialog()
    .getByLabel('Code from your authenticator app, or a recovery code')
    .fill(secondCode!)
  await confirmDialog().getByRole('button', { name: 'Confirm' }).click()
  await confirmDialog().waitFor({ state: 'detached' })
  await page().getByRole('heading', { name: 'Recovery Codes' }).waitFor()
  const newCodes = await page().locator('.recovery-code-list code').allTextContents()
  expect(new Set(newCodes).size).toBe(10)
  expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([])
  expect(await seriousViolations(page())).toEqual([])
  await page().getByRole('button', { name: 'Done' }).click()
  await page()
    .getByRole('button', { name: /Account menu/ })
    .click()
  await page().getByRole('menuitem', { name: 'Two-Step Sign-In' }).click()
  await page().getByText('Recovery codes left: 10.').waitFor()
  await page().keyboard.press('Escape')
})
