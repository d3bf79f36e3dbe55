import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AR } from '@shared/i18n/ar'
import { seedDemo } from '../../server/src/seed/demo'
import { ADMIN } from '../integration/support/server'
import { seriousViolations, startConsole, type Console } from './support'

/**
 * The shared components in Arabic (issue 59): the Users list's pagination with Arabic digits,
 * the Change Password dialog and a confirm dialog, right to left and accessible.
 */
let app: Console
let total: number

const dir = () => app.page.evaluate(() => (globalThis as any).document.documentElement.dir)
const arabic = (value: number) => new Intl.NumberFormat('ar-AE').format(value)
const dialog = (name: string) => app.page.getByRole('dialog', { name })

beforeAll(async () => {
  app = await startConsole({}, { systemLocale: 'ar-AE' })
  await seedDemo(app.server.built.context.db)
  const token = await app.server.token()
  const list = await app.server.request('GET', '/api/admin/users?page=0&size=1', { token })
  total = list.body.page.totalElements
  await app.signIn()
})
afterAll(() => app?.close())

describe('an Arabic console', () => {
  test('pages the Users list in Arabic, with the locale’s digits', async () => {
    const { page } = app
    await page.goto(app.at('users'))
    const pagination = page.getByRole('navigation', { name: AR['components.pagination'] })
    await pagination.getByText(`${arabic(1)}-${arabic(20)} من ${arabic(total)}`).waitFor()
    await expect(
      pagination.getByRole('button', { name: AR['components.prev'] }).isDisabled(),
    ).resolves.toBe(true)
    await pagination.getByRole('button', { name: AR['components.next'] }).click()
    await pagination
      .getByText(`${arabic(21)}-${arabic(Math.min(40, total))} من ${arabic(total)}`)
      .waitFor()
    await expect(dir()).resolves.toBe('rtl')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('Change Password from the account menu speaks Arabic, its rules too', async () => {
    const { page } = app
    await page.getByRole('button', { name: /قائمة حساب/ }).click()
    await page.getByRole('menuitem', { name: AR['shell.changePassword'] }).click()
    const change = dialog(AR['passwords.changeTitle'])
    await change.getByText(AR['passwords.changeNote']).waitFor()
    await change.getByLabel(AR['passwords.newPassword'], { exact: true }).fill('abc')
    await change.getByRole('button', { name: AR['passwords.change'] }).click()
    await change.getByText(AR['passwords.currentRequired']).waitFor()
    await change.getByText(`يجب ألا يقل الطول عن ${arabic(6)} أحرف.`).waitFor()
    await change.getByText(AR['passwords.confirmRequired']).waitFor()
    await change.getByRole('button', { name: `إظهار ${AR['passwords.currentPassword']}` }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/arabic-change-password.png' })
    await change.getByRole('button', { name: AR['components.cancel'], exact: true }).click()
    await change.waitFor({ state: 'detached' })
  })

  test('a confirm dialog asks in Arabic, and Cancel changes nothing', async () => {
    const { page } = app
    await page.goto(app.at('users'))
    const row = page
      .getByRole('row')
      .filter({ hasNot: page.getByRole('link', { name: ADMIN.username, exact: true }) })
      .filter({ has: page.locator('td[data-column="isActive"] button') })
      .first()
    await row.locator('td[data-column="isActive"] button').click()
    const confirm = dialog(AR['components.confirmTitle'])
    await confirm.getByRole('button', { name: AR['components.cancel'], exact: true }).waitFor()
    await expect(dir()).resolves.toBe('rtl')
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/arabic-confirm.png' })
    await confirm.getByRole('button', { name: AR['components.cancel'], exact: true }).click()
    await confirm.waitFor({ state: 'detached' })
  })
})
