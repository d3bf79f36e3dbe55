import { writeFile } from 'node:fs/promises'
import { createIntl } from 'react-intl'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { AR } from '@shared/i18n/ar'
import type { MessageId, MessageValues } from '@shared/i18n/catalogues'
import { documentLanguage, seriousViolations, startConsole, type Console } from './support'

/** The bulk bar and the CSV import in Arabic (issue 59): counts in Arabic plurals, right to left. */
let app: Console
const intl = createIntl({ locale: 'ar-AE', messages: AR })
const ar = (id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values)
const TRIO = ['amal-bulk', 'badr-bulk', 'camil-bulk']

beforeAll(async () => {
  app = await startConsole({}, { systemLocale: 'ar-AE' })
  const token = await app.server.token()
  for (const username of TRIO)
    await app.server.createUser(token, { username, email: `${username}@example.com` })
  await app.server.createUser(token, { username: 'present', email: 'present@example.com' })
  await app.signIn()
}, 120_000)
afterAll(() => app?.close())

test('the bulk bar counts the selection in Arabic and asks in Arabic', async () => {
  const { page } = app
  await page.goto(app.at('users?search=-bulk'))
  for (const username of TRIO)
    await page.getByRole('checkbox', { name: ar('bulk.selectUser', { username }) }).check()
  const bar = page.getByRole('region', { name: AR['bulk.region'] })
  expect(await bar.locator('strong').innerText()).toBe(ar('bulk.selected', { count: 3 }))
  await expect(documentLanguage(app.page)).resolves.toEqual({ lang: 'ar', dir: 'rtl' })
  expect(await seriousViolations(page)).toEqual([])

  await bar.getByRole('button', { name: AR['bulk.lock'], exact: true }).click()
  const confirm = page.getByRole('dialog', { name: AR['bulk.confirmTitle'] })
  expect(await confirm.getByRole('paragraph').innerText()).toBe(
    ar('bulk.confirmLock', { count: 3 }),
  )
  expect(await seriousViolations(page)).toEqual([])
  await confirm.getByRole('button', { name: AR['bulk.cancel'] }).click()
  await page.screenshot({ path: '/tmp/arabic-bulk.png' })
})

test('the import preview says its counts, outcomes and errors in Arabic', async () => {
  const { page } = app
  await writeFile(
    app.importFile,
    'username;email;first name;last name;phone;active\r\n' +
      'lina;lina@example.com;Lina;Berg;+46 8 123 4567;yes\r\n' +
      'present;present@example.com;Pre;Sent;+1 555;yes\r\n' +
      'omar;omar@example.com;Omar;Haddad;+20 2 1234 567;maybe\r\n',
  )
  await page.goto(app.at('users'))
  // The Users page's own button is another area's text: English or Arabic, it opens the import.
  await page.getByRole('button', { name: /^(Import CSV|استيراد.*CSV.*)$/ }).click()
  const dialog = page.getByRole('dialog', { name: AR['import.title'] })
  await dialog.getByRole('button', { name: AR['import.chooseFile'] }).click()

  await expect
    .poll(() => dialog.locator('.import-counts').textContent(), { timeout: 10_000 })
    .toBe(ar('import.previewCounts', { created: 1, present: 1, failed: 1 }))
  const errors = dialog.getByRole('table', { name: AR['import.errors'] })
  expect(await errors.locator('tbody tr').allTextContents()).toEqual([
    `4active${AR['import.activeWord']}`,
  ])
  const outcomes = dialog.getByRole('table', { name: AR['import.firstRows'] })
  expect(await outcomes.locator('tbody tr').allTextContents()).toEqual([
    `2lina${AR['import.outcomeCreated']}`,
    `3present${AR['import.unchangedNotUpdated']}`,
    `4omar${AR['import.outcomeFailed']}`,
  ])
  await dialog.getByLabel(AR['import.updatePresent']).waitFor()
  await expect(documentLanguage(app.page)).resolves.toEqual({ lang: 'ar', dir: 'rtl' })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: '/tmp/arabic-import.png' })
})
