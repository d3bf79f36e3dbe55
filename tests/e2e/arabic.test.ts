import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AR, AR_REFUSALS } from '@shared/i18n/ar'
import { ADMIN } from '../integration/support/server'
import { documentLanguage, seriousViolations, startConsole, type Console } from './support'

/**
 * The console in Arabic (issue 59): chosen by the computer's language, written right to left
 * with the sidebar on the right, changed in Settings, or fixed by IT's policy.
 */
describe('a computer whose language is Arabic', () => {
  let app: Console
  beforeAll(async () => {
    app = await startConsole({}, { systemLocale: 'ar-AE' })
  })
  afterAll(() => app?.close())

  test('the Login screen is in Arabic, right to left, and its clock in Dubai’s time', async () => {
    await app.page.goto(app.at('login'))
    await app.page.getByRole('heading', { name: 'تسجيل الدخول إلى Admin Console' }).waitFor()
    await expect(documentLanguage(app.page)).resolves.toEqual({ lang: 'ar', dir: 'rtl' })
    await app.page.getByText(AR['login.dubaiTime']).waitFor()
    expect(await seriousViolations(app.page)).toEqual([])
  })

  test('a refusal of the server is worded in Arabic by its code', async () => {
    const { page } = app
    await page.goto(app.at('login'))
    await page.getByLabel(AR['login.username']).fill(ADMIN.username)
    await page.getByLabel(AR['login.password'], { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: AR['login.submit'] }).click()
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      AR_REFUSALS.invalid_credentials,
    )
  })

  test('signed in, the sidebar is on the right and the page titled in Arabic', async () => {
    await app.signIn()
    const { page } = app
    await page.getByRole('heading', { level: 1, name: AR['title.dashboard'] }).waitFor()
    const sidebar = await page
      .getByRole('navigation', { name: AR['shell.mainNavigation'] })
      .boundingBox()
    const width = page.viewportSize()!.width
    expect(sidebar!.x, 'the sidebar starts in the right half').toBeGreaterThan(width / 2)
    expect(sidebar!.x + sidebar!.width).toBeGreaterThan(width - 2)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('Settings turns the console to English and back, and is remembered', async () => {
    const { page } = app
    await page.goto(app.at('settings'))
    await page.getByRole('radio', { name: 'English' }).check()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await expect(documentLanguage(app.page)).resolves.toEqual({ lang: 'en', dir: 'ltr' })
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await page.getByRole('radio', { name: "This computer's language" }).check()
    await page.getByRole('heading', { level: 1, name: AR['title.settings'] }).waitFor()
    await expect(documentLanguage(app.page)).resolves.toEqual({ lang: 'ar', dir: 'rtl' })
  })
})

test('a language fixed by IT’s policy cannot be changed in Settings', async () => {
  const app = await startConsole({}, { systemLocale: 'en-US', fixedLanguage: 'ar' })
  try {
    await app.signIn()
    await app.page.goto(app.at('settings'))
    await app.page.getByText(AR['settings.languageManaged']).waitFor()
    for (const radio of await app.page.locator('input[name="language"]').all()) {
      await expect(radio.isDisabled()).resolves.toBe(true)
    }
    await expect(app.page.getByRole('radio', { name: 'العربية' }).isChecked()).resolves.toBe(true)
  } finally {
    await app.close()
  }
})
