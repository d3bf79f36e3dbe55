import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { AR } from '@shared/i18n/ar'
import { seriousViolations, startConsole, type Console } from './support'

/**
 * A user's details page in Arabic (issue 59): right to left, its cards in Arabic, and the
 * user's Latin username and email each read whole, left to right, inside the Arabic text.
 */
let app: Console
let user: User

beforeAll(async () => {
  app = await startConsole({}, { systemLocale: 'ar-AE' })
  const token = await app.server.token()
  user = await app.server.createUser(token, {
    username: 'sara.k',
    email: 'sara.k@example.com',
    firstName: 'Sara',
    lastName: 'Khan',
  })
  await app.signIn()
})
afterAll(() => app?.close())

/** The direction an element is laid out in, as the browser resolved it. */
const directionOf = (selector: string) =>
  app.page
    .locator(selector)
    .evaluate(
      (element: any) => element.ownerDocument.defaultView.getComputedStyle(element).direction,
    )

test('the details page is in Arabic, right to left, with the Latin data isolated', async () => {
  const { page } = app
  await page.goto(app.at(`users/${user.id}`))
  await page.getByRole('heading', { level: 1, name: AR['title.userDetails'] }).waitFor()
  await page.getByRole('heading', { level: 2, name: 'Sara Khan' }).waitFor()
  await expect(page.evaluate(() => (globalThis as any).document.documentElement.dir)).resolves.toBe(
    'rtl',
  )
  for (const title of [
    'userDetails.profileTitle',
    'userDetails.quickActionsTitle',
    'userDetails.rolesTitle',
    'userDetails.groupsTitle',
    'sessions.title',
    'userDetails.historyTitle',
  ] as const) {
    await page.getByRole('heading', { level: 2, name: AR[title] }).waitFor()
  }
  await page.getByLabel(AR['userDetails.email'], { exact: true }).waitFor()
  await page.getByRole('button', { name: AR['userDetails.saveChanges'] }).waitFor()
  await page.getByRole('link', { name: AR['userDetails.backToUsers'] }).waitFor()
  await page.getByRole('button', { name: AR['temporaryPassword.set'] }).waitFor()

  // Each Latin value sits in a <bdi> of its own: left to right, whole, in the Arabic page.
  const header = '.user-identity'
  await expect(
    page.locator(`${header} bdi`, { hasText: 'sara.k@example.com' }).count(),
  ).resolves.toBe(1)
  await expect(page.locator(`${header} bdi`, { hasText: '@sara.k' }).count()).resolves.toBe(1)
  await expect(directionOf(`${header} bdi:text-is("sara.k@example.com")`)).resolves.toBe('ltr')
  await expect(directionOf(`${header} bdi:text-is("@sara.k")`)).resolves.toBe('ltr')
  await expect(directionOf(header)).resolves.toBe('rtl')

  expect(await seriousViolations(page)).toEqual([])
})

test('the confirmations of Set Temporary Password are in Arabic', async () => {
  const { page } = app
  await page.getByRole('button', { name: AR['temporaryPassword.set'] }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText('sara.k', { exact: false }).first().waitFor()
  await dialog.getByRole('button', { name: AR['temporaryPassword.set'] }).click()
  const shown = page.getByRole('dialog', { name: AR['temporaryPassword.title'] })
  await shown.locator('bdi', { hasText: 'sara.k' }).waitFor()
  expect(await seriousViolations(page)).toEqual([])
  await shown.getByRole('button', { name: AR['temporaryPassword.done'], exact: true }).click()
})
