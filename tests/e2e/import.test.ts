import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seriousViolations, startConsole, type Console } from './support'

let app: Console

beforeAll(async () => {
  app = await startConsole()
  const token = await app.server.token()
  await app.server.createUser(token, { username: 'present', email: 'present@example.com' })
  await app.signIn()
}, 120_000)
afterAll(() => app?.close())

test('choose a file, preview with its errors, apply, save the report', async () => {
  const { page } = app
  await writeFile(
    app.importFile,
    '\uFEFFusername;email;first name;last name;phone;department\r\n' +
      'lina;lina@example.com;Lina;Berg;+46 8 123 4567;Sales\r\n' +
      'present;present@example.com;Pre;Sent;+1 555;Sales\r\n' +
      'omar;not-an-email;Omar;Haddad;+20 2 1234 567;Sales\r\n',
  )
  await page.goto(app.at('users'))
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Users from CSV' })
  await dialog.getByRole('button', { name: 'Choose File…' }).click()

  await expect
    .poll(() => dialog.locator('.import-counts').textContent(), { timeout: 10_000 })
    .toBe('1 new user, 1 already present, 1 row with errors')
  await expect
    .poll(() => dialog.locator('.import-note').textContent())
    .toBe('Ignored columns: department')
  const errors = dialog.getByRole('table', { name: 'Errors' })
  expect(await errors.locator('tbody tr').allTextContents()).toEqual([
    '4emailPlease enter a valid email address',
  ])
  const outcomes = await dialog
    .getByRole('table', { name: 'First rows' })
    .locator('tbody tr')
    .allTextContents()
  expect(outcomes).toEqual([
    '2linaNew user',
    '3presentAlready present; not updated, as "Update users already present" is not ticked',
    '4omarError',
  ])
  expect(await dialog.getByLabel('Update users already present').isChecked()).toBe(false)
  expect(
    await dialog.getByLabel('Email each new user a link to set their password').isChecked(),
  ).toBe(true)
  expect(await seriousViolations(page)).toEqual([])

  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect
    .poll(() => dialog.locator('.import-counts').textContent(), { timeout: 10_000 })
    .toBe('1 created, 0 updated, 1 unchanged, 1 failed')
  // The errors stay after Apply, not only in the saved report (issue 56).
  expect(await errors.locator('tbody tr').allTextContents()).toEqual([
    '4emailPlease enter a valid email address',
  ])
  await dialog.getByRole('button', { name: 'Save report' }).click()
  const report = join(app.saveDir, 'import-report.csv')
  await expect
    .poll(() => readFile(report, 'utf8').catch(() => ''), { timeout: 5_000 })
    .toBe(
      'Row,Username,Outcome,Reason\r\n' +
        '2,lina,created,\r\n' +
        '3,present,unchanged,"Already present; not updated, as ""Update users already present"" is not ticked"\r\n' +
        '4,omar,failed,email: Please enter a valid email address\r\n',
    )
  expect(await app.server.resetToken('lina@example.com')).toBeTruthy()
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await page.getByRole('cell', { name: 'lina', exact: true }).waitFor()
  expect(await seriousViolations(page)).toEqual([])
})

test('a file applied in several requests is one Import entry in the Audit Log, its details in order', async () => {
  const { page } = app
  const token = await app.server.token()
  const imports = async (): Promise<number> =>
    (await app.server.request('GET', '/api/admin/audit?action=user.import', { token })).body.page
      .totalElements
  const before = await imports()
  const rows = Array.from(
    { length: 450 },
    (_, n) => `bulk${n};bulk${n}@example.com;Bulk;Importer;+46 8 123 4567`,
  )
  await writeFile(
    app.importFile,
    ['username;email;first name;last name;phone', ...rows].join('\r\n'),
  )
  await page.goto(app.at('users'))
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Users from CSV' })
  await dialog.getByRole('button', { name: 'Choose File…' }).click()
  await expect
    .poll(() => dialog.locator('.import-counts').textContent(), { timeout: 10_000 })
    .toBe('450 new users, 0 already present, 0 rows with errors')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect
    .poll(() => dialog.locator('.import-counts').textContent(), { timeout: 30_000 })
    .toBe('450 created, 0 updated, 0 unchanged, 0 failed')
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  // 450 rows go in three requests, two of them at once: one entry all the same.
  await expect(imports()).resolves.toBe(before + 1)
  await page.goto(app.at('audit'))
  await page
    .getByRole('cell', {
      name: 'File: chosen-for-import.csv; Rows: 450; First row: 2; Last row: 451; Created: 450; Updated: 0; Unchanged: 0; Failed: 0',
      exact: true,
    })
    .waitFor()
})
