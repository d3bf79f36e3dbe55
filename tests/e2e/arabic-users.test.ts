import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { AR } from '@shared/i18n/ar'
import { seriousViolations, startConsole, type Console } from './support'

/**
 * The Users list in Arabic (issue 59): its toolbar, filters and row actions in Arabic, right to
 * left, searching Arabic names, sorting and locking a user as in English.
 */
let app: Console
let salma: User

beforeAll(async () => {
  app = await startConsole({}, { systemLocale: 'ar-AE' })
  const token = await app.server.token()
  salma = await app.server.createUser(token, { firstName: 'سلمى', lastName: 'الهاشمي' })
  await app.server.createUser(token, { firstName: 'خالد', lastName: 'المنصوري' })
  await app.signIn()
})
afterAll(() => app?.close())

const table = () => app.page.getByRole('table', { name: AR['users.tableLabel'] })

test('the Users list is in Arabic, right to left, and finds an Arabic name', async () => {
  const { page } = app
  await page.goto(app.at('users'))
  await table().waitFor()
  const dir = await page.evaluate(() => (globalThis as any).document.documentElement.dir)
  expect(dir).toBe('rtl')
  for (const name of [AR['users.exportCsv'], AR['users.exportPdf'], AR['users.columns']])
    await page.getByRole('button', { name }).waitFor()
  const filters = page.getByRole('group', { name: AR['users.filters'] })
  await filters.getByLabel(AR['users.filterStatus']).waitFor()
  await filters.getByLabel(AR['users.filterLastSignIn']).waitFor()

  await page.getByPlaceholder(AR['users.searchPlaceholder']).fill('الهاشمي')
  await table().getByText('سلمى الهاشمي').waitFor()
  await expect.poll(() => table().getByText('خالد المنصوري').count()).toBe(0)
  await page
    .getByRole('button', { name: `تعيين الأدوار للمستخدم \u2068${salma.username}\u2069` })
    .waitFor()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByPlaceholder(AR['users.searchPlaceholder']).fill('xx-no-such-user')
  await page.getByText(AR['users.empty']).waitFor()
})

test('a header sorts the list, and a user is locked through the confirm', async () => {
  const { page } = app
  await page.goto(app.at('users'))
  await table().waitFor()
  const header = table().locator('th[data-column="username"]')
  await header.getByRole('button').click()
  await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending')

  await page.getByPlaceholder(AR['users.searchPlaceholder']).fill('الهاشمي')
  await table().getByText('سلمى الهاشمي').waitFor()
  // The state before the colon is the cells' own text; the action after it is this screen's.
  await table()
    .getByRole('button', { name: new RegExp(`: قفل \u2068${salma.username}\u2069$`) })
    .click()
  const confirm = page.getByRole('dialog')
  await confirm.locator('button.danger').click()
  await confirm.waitFor({ state: 'detached' })
  await table()
    .getByRole('button', { name: new RegExp(`: إلغاء قفل \u2068${salma.username}\u2069$`) })
    .waitFor()
  const stored = await app.server.request<User>('GET', `/api/admin/users/${salma.id}`, {
    token: await app.server.token(),
  })
  expect(stored.body).toMatchObject({ isLocked: true })
  expect(await seriousViolations(page)).toEqual([])
})
