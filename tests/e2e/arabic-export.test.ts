import { execFileSync } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { AR } from '@shared/i18n/ar'
import { reportFileName } from '@shared/report-file-name'
import { languageText } from '../../src/main/core/host/language'
import { startConsole, type Console } from './support'

/**
 * The Users list exported from an Arabic console (issue 59): the CSV's headers and words in
 * Arabic, the PDF report titled in Arabic, its Arabic text shaped and in logical order.
 */
let app: Console
let amal: User
const arabic = await languageText('ar')

beforeAll(async () => {
  app = await startConsole({}, { systemLocale: 'ar-AE' })
  const token = await app.server.token()
  amal = await app.server.createUser(token, {
    username: 'amal.hashemi',
    firstName: 'أمل',
    lastName: 'الهاشمي',
  })
  await app.signIn()
}, 120_000)
afterAll(() => app?.close())

/** Presses the Users page's export button of `format`, and answers the file once it is saved. */
async function exportUsers(format: 'csv' | 'pdf'): Promise<string> {
  const { page } = app
  await page.goto(app.at('users'))
  await page.getByRole('link', { name: amal.username, exact: true }).waitFor()
  // The button is named by the Users page's own catalogue: "Export CSV", or its Arabic.
  const name = format.toUpperCase()
  await page
    .getByRole('button', { name: new RegExp(`^(Export ${name}|تصدير.*${name}.*)$`) })
    .click()
  const file = reportFileName(arabic.t('exports.usersReportTitle'), new Date(), format, arabic.t)
  await expect
    .poll(async () => (await readdir(app.saveDir)).includes(file), { timeout: 60_000 })
    .toBe(true)
  return join(app.saveDir, file)
}

test('the CSV has Arabic headers and words, an Arabic file name, the names as written', async () => {
  const file = await exportUsers('csv')
  expect(file).toContain('تقرير_المستخدمين_')
  const [header, ...rows] = (await readFile(file, 'utf8')).split('\r\n')
  expect(header).toBe(
    [
      AR['cells.userId'],
      AR['cells.username'],
      AR['cells.fullName'],
      AR['cells.active'],
      AR['cells.locked'],
    ].join(','),
  )
  expect(rows).toContain(`${amal.id},amal.hashemi,أمل الهاشمي,نشط,غير مقفل`)
})

test('the PDF is titled in Arabic, and pdftotext reads the Arabic name in logical order', async () => {
  const file = await exportUsers('pdf')
  // Shaped Arabic may come back as presentation forms: NFKC reads them as the letters typed.
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
    .normalize('NFKC')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
  expect(text).toContain(AR['exports.usersReportTitle'])
  expect(text).toContain('أمل الهاشمي')
  expect(text).toContain(AR['cells.username'])
  expect(text).toContain('amal.hashemi')
  expect(text).toMatch(/^1 ?\/ ?1$/m)
})
