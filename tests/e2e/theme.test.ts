import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { reportHtml } from '../../src/main/core/export/report-html'
import { seriousViolations, startConsole, type Console } from './support'
import { ENGLISH } from '../support/english'

let app: Console
let userId: number

beforeAll(async () => {
  app = await startConsole()
  const token = await app.server.token()
  userId = (await app.server.createUser(token, { firstName: 'Grace' })).id
  await app.signIn()
})
afterAll(() => app?.close())
afterEach(async () => {
  await app.page.evaluate(() => (globalThis as any).localStorage.removeItem('app:theme'))
  await app.page.emulateMedia({ colorScheme: 'light', media: 'screen' })
})

/** WCAG relative luminance of a computed CSS colour: 0 is black, 1 is white. */
function luminance(color: string): number {
  const [r, g, b] = color
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number) as [number, number, number]
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** The computed background of the page and of `selector`'s first element. */
async function backgrounds(page: Page, selector: string) {
  return page.evaluate((surface) => {
    const doc = (globalThis as any).document
    const view = globalThis as any
    return {
      page: view.getComputedStyle(doc.documentElement).backgroundColor as string,
      surface: view.getComputedStyle(doc.querySelector(surface)).backgroundColor as string,
      text: view.getComputedStyle(doc.body).color as string,
    }
  }, selector)
}

async function expectDark(page: Page, selector: string) {
  const colors = await backgrounds(page, selector)
  expect(luminance(colors.page)).toBeLessThan(0.05)
  expect(luminance(colors.surface)).toBeLessThan(0.05)
  expect(luminance(colors.text)).toBeGreaterThan(0.6)
}

async function expectLight(page: Page, selector: string) {
  const colors = await backgrounds(page, selector)
  expect(luminance(colors.page)).toBeGreaterThan(0.85)
  expect(luminance(colors.surface)).toBeGreaterThan(0.85)
  expect(luminance(colors.text)).toBeLessThan(0.05)
}

const menu = () => app.page.getByRole('button', { name: /Account menu/ })
async function chooseTheme(label: 'System' | 'Light' | 'Dark') {
  await menu().click()
  await app.page.getByRole('menuitemradio', { name: label }).click()
}

describe('dark when the OS is dark (prefers-color-scheme)', () => {
  const screens: Array<[name: string, route: string, ready: string, surface: string]> = [
    ['Dashboard', 'dashboard', 'Support Tickets', '.stat-card'],
    ['Events', 'events', 'EV-1001', '.table-wrap'],
    ['Users', 'users', 'Grace', '.table-wrap'],
    ['User Details', `users/{id}`, 'Profile Information', '.details-card'],
    ['Roles & Groups', 'access', 'ADMIN', '.access-card'],
  ]

  test.each(screens)('%s: dark backgrounds, light text, no axe violation', async (...row) => {
    const [, route, ready, surface] = row
    const { page } = app
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(app.at(route.replace('{id}', String(userId))))
    await page.getByText(ready, { exact: false }).first().waitFor()
    // The text may come before the surface it is judged on (a card drawn after its list).
    await page.locator(surface).first().waitFor()
    await expectDark(page, surface)
    await expectDark(page, '.sidebar')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the Add User dialog and the open avatar menu are dark and pass axe', async () => {
    const { page } = app
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(app.at('users'))
    await page.getByRole('button', { name: '+ Add User' }).click()
    await page.getByRole('button', { name: 'Save User' }).click()
    await page.getByText('Username is required').waitFor()
    await expectDark(page, '.dialog')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await chooseTheme('System')
    await menu().click()
    await expectDark(page, '.avatar-menu [role="menu"]')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
  })
})

describe('the choice in the avatar menu', () => {
  test('Light overrides a dark OS and is remembered after a reload', async () => {
    const { page } = app
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(app.at('users'))
    await page.getByText('Grace').waitFor()
    await menu().click()
    await expect(
      page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked'),
    ).resolves.toBe('true')
    await page.getByRole('menuitemradio', { name: 'Light' }).click()
    await expectLight(page, '.table-wrap')
    expect(await page.evaluate(() => (globalThis as any).localStorage.getItem('app:theme'))).toBe(
      '"light"',
    )

    await page.reload()
    await page.getByText('Grace').waitFor()
    await expectLight(page, '.table-wrap')
    await menu().click()
    await expect(
      page.getByRole('menuitemradio', { name: 'Light' }).getAttribute('aria-checked'),
    ).resolves.toBe('true')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
  })

  test('Dark with a light OS is dark; System follows the OS again', async () => {
    const { page } = app
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(app.at('dashboard'))
    await page.getByRole('heading', { name: 'Modules' }).waitFor()
    await expectLight(page, '.stat-card')
    await chooseTheme('Dark')
    await expectDark(page, '.stat-card')
    await page.reload()
    await page.getByRole('heading', { name: 'Modules' }).waitFor()
    await expectDark(page, '.stat-card')
    await chooseTheme('System')
    await expectLight(page, '.stat-card')
  })
})

describe('what is printed stays light', () => {
  test('printing the console in the dark theme uses the light palette', async () => {
    const { page } = app
    await page.goto(app.at('users'))
    await page.getByText('Grace').waitFor()
    await chooseTheme('Dark')
    await expectDark(page, '.table-wrap')
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' })
    await expectLight(page, '.table-wrap')
  })

  test('the PDF report renders light in a dark browser', async () => {
    const context = await app.preview.browser.newContext({
      colorScheme: 'dark',
      javaScriptEnabled: false,
    })
    try {
      const report = await context.newPage()
      await report.setContent(
        reportHtml({
          text: ENGLISH,
          title: 'Users Report',
          generatedAt: new Date(),
          headers: ['Username'],
          rows: [['grace'], ['ada']],
        }),
      )
      const colors = await report.evaluate(() => {
        const view = globalThis as any
        const doc = view.document
        return {
          page: view.getComputedStyle(doc.documentElement).backgroundColor as string,
          text: view.getComputedStyle(doc.body).color as string,
          scheme: view.getComputedStyle(doc.documentElement).colorScheme as string,
        }
      })
      expect(luminance(colors.page)).toBe(1)
      expect(luminance(colors.text)).toBeLessThan(0.05)
      expect(colors.scheme).toBe('light')
    } finally {
      await context.close()
    }
  })
})

describe('keyboard', () => {
  test('the first Tab reaches "Skip to main content", which moves focus to the content', async () => {
    const { page } = app
    await page.goto(app.at('users'))
    await page.getByText('Grace').waitFor()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(
      skip.evaluate((link) => link === (globalThis as any).document.activeElement),
    ).resolves.toBe(true)
    await expect(skip.isVisible()).resolves.toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Enter')
    await expect(page.evaluate(() => (globalThis as any).document.activeElement.id)).resolves.toBe(
      'content',
    )
    expect(page.url()).toBe(app.at('users'))
  })

  test('"/" focuses the page’s search box, but types a "/" in a field', async () => {
    const { page } = app
    await page.goto(app.at('users'))
    await page.getByText('Grace').waitFor()
    const search = page.getByRole('searchbox').first()
    await page.locator('body').click({ position: { x: 5, y: 760 } })
    await page.keyboard.press('/')
    await expect(
      search.evaluate((box) => box === (globalThis as any).document.activeElement),
    ).resolves.toBe(true)
    await expect(search.inputValue()).resolves.toBe('')
    await page.keyboard.type('a/b')
    await expect(search.inputValue()).resolves.toBe('a/b')

    await page.goto(app.at('dashboard'))
    const modules = page.getByRole('searchbox', { name: 'Search modules' })
    await modules.waitFor()
    await page.keyboard.press('/')
    await expect(
      modules.evaluate((box) => box === (globalThis as any).document.activeElement),
    ).resolves.toBe(true)
  })
})

describe('dialogs and loading', () => {
  test('the Add User dialog closes with its "Close" button, keeping nothing', async () => {
    const { page } = app
    await page.goto(app.at('users'))
    await page.getByRole('button', { name: '+ Add User' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add New User' })
    await dialog.getByLabel('Username').fill('half-typed')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog.count()).resolves.toBe(0)
    await page.getByRole('button', { name: '+ Add User' }).click()
    await expect(dialog.getByLabel('Username').inputValue()).resolves.toBe('')
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  test('a loading table shows a busy skeleton with a hidden "Loading users..."', async () => {
    const { page } = app
    let release = () => {}
    const arrived = new Promise<void>((resolve) => (release = resolve))
    const send = globalThis.fetch
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input)
      if (url.pathname === '/api/admin/users') await arrived
      return send(input, init)
    }
    try {
      await page.goto(app.at('users'))
      const table = page.getByRole('table', { name: 'Users' })
      await page.locator('.table-skeleton').first().waitFor()
      await expect(table.getAttribute('aria-busy')).resolves.toBe('true')
      await expect(page.getByRole('status').getByText('Loading users...').count()).resolves.toBe(1)
      expect(await seriousViolations(page)).toEqual([])
      release()
      await page.getByText('Grace').waitFor()
      await expect(table.getAttribute('aria-busy')).resolves.toBe('false')
      await expect(page.locator('.table-skeleton').count()).resolves.toBe(0)
    } finally {
      globalThis.fetch = send
      release()
    }
  })
})

// Last: it signs out.
test('Login: dark, with its form controls dark too (color-scheme), and no axe violation', async () => {
  const { page } = app
  await chooseTheme('System')
  await menu().click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.getByLabel('Username or Email').waitFor()
  await expectDark(page, '.login-card')
  const field = await page
    .getByLabel('Username or Email')
    .evaluate((input) => (globalThis as any).getComputedStyle(input).backgroundColor as string)
  expect(luminance(field)).toBeLessThan(0.05)
  expect(await seriousViolations(page)).toEqual([])
})
