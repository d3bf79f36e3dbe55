import { afterAll, beforeAll, expect, test } from 'vitest'
import { seriousViolations, startConsole, type Console } from './support'

let app: Console

beforeAll(async () => {
  app = await startConsole()
  await app.signIn()
})
afterAll(() => app?.close())

const SIDEBAR = [
  'Dashboard',
  'Event Management',
  'Users',
  'Roles & Groups',
  'Audit Log',
  'Budget & Cost',
  'Employees',
  'CRM',
  'Storage',
  'Suppliers',
  'Hotels',
  'Competitors',
  'FileHub',
  'Marketing Campaigns',
]

test('the frame: welcome with the first name in upper case, the sidebar in order, a footer', async () => {
  const { page } = app
  await page.goto(app.at('dashboard'))
  await page.getByText('Welcome, SYSTEM').waitFor()
  const main = page.getByRole('navigation', { name: 'Main' })
  expect(await main.getByRole('link').allInnerTexts()).toEqual(
    SIDEBAR.map((label) => expect.stringContaining(label)),
  )
  await expect(page.getByRole('contentinfo').textContent()).resolves.toMatch(
    /© \d{4} Admin Console/,
  )
})

test('the sidebar collapses to icons, and stays collapsed after a restart', async () => {
  const { page } = app
  await page.goto(app.at('events'))
  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  const users = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })
  await expect(users.getAttribute('title')).resolves.toBe('Users')
  expect(await page.evaluate(() => (globalThis as any).localStorage.getItem('app:layout'))).toMatch(
    /"sidebarCollapsed":true/,
  )
  await page.reload()
  await page.getByRole('button', { name: 'Expand sidebar' }).click()
  await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor()
  await expect(users.getAttribute('title')).resolves.toBeNull()
})

test('Roles & Groups and Audit Log are in the sidebar, the current screen highlighted there', async () => {
  const { page } = app
  const main = page.getByRole('navigation', { name: 'Main' })
  for (const [route, label] of [
    ['access', 'Roles & Groups'],
    ['audit', 'Audit Log'],
    ['users', 'Users'],
  ]) {
    await page.goto(app.at('dashboard'))
    await main.getByRole('link', { name: label }).click()
    await page.waitForURL(new RegExp(`/${route}$`))
    await page
      .getByRole('heading', { level: 1, name: label === 'Users' ? 'Users Management' : label })
      .waitFor()
    await expect(
      main.locator('[aria-current="page"]').allInnerTexts(),
      `only ${label} is highlighted`,
    ).resolves.toEqual([label])
  }
})

test('Settings holds the theme and says where the server address comes from', async () => {
  const { page } = app
  await page.goto(app.at('dashboard'))
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await page.waitForURL(/\/settings$/)
  await page.getByRole('radio', { name: 'Dark' }).check()
  await expect(
    page.evaluate(() => (globalThis as any).document.documentElement.dataset.theme),
  ).resolves.toBe('dark')
  await page.getByText(app.server.url).waitFor()
  await page.getByText(/config\.json/).waitFor()
  await page.getByRole('radio', { name: 'System' }).check()
  await expect(
    page.evaluate(() => (globalThis as any).document.documentElement.dataset.theme),
  ).resolves.toBeUndefined()
  await expect(page.getByText('is not available in this console yet').count()).resolves.toBe(0)
})

test('a module the console does not have says so instead of a dead link', async () => {
  const { page } = app
  await page.goto(app.at('dashboard'))
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CRM' }).click()
  await page.getByText('is not available in this console yet').waitFor()
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('CRM')
  expect(await seriousViolations(page)).toEqual([])
})

test('an unknown path of a signed-in administrator lands on the dashboard', async () => {
  await app.page.goto(app.at('no/such/page'))
  await app.page.waitForURL(/\/dashboard$/)
})

test('the avatar menu works from the keyboard: Profile, Settings, Escape', async () => {
  const { page } = app
  await page.goto(app.at('dashboard'))
  const avatar = page.getByRole('button', { name: /Account menu/ })
  await expect(avatar.textContent()).resolves.toBe('SA')
  await avatar.focus()
  await page.keyboard.press('Enter')
  await expect(
    page
      .getByRole('menuitem', { name: 'Profile' })
      .evaluate((item) => item === (globalThis as any).document.activeElement),
  ).resolves.toBe(true)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/settings$/)
  await avatar.click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu').count()).resolves.toBe(0)
  // ArrowDown opens it too; tabbing past its last item closes it.
  await avatar.focus()
  await page.keyboard.press('ArrowDown')
  await page.getByRole('menu').waitFor()
  const items = await page.getByRole('menuitem').count()
  for (let press = 0; press < items; press += 1) await page.keyboard.press('Tab')
  await expect(page.getByRole('menu').count()).resolves.toBe(0)
  await avatar.click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await page.waitForURL(/\/users\/1$/)
  // The details route loads on demand: the layout changes once its page is drawn.
  await page.getByText('Profile Information').waitFor()
  // Detail pages use the secondary layout: the sidebar is icons only, with no toggle.
  await expect(page.getByRole('button', { name: /sidebar/ }).count()).resolves.toBe(0)
})

test('a session that ends mid-work lands on Login with "Session expired"; signing in again returns there', async () => {
  const { page, server } = app
  const root = await server.token()
  const roles = await server.request('GET', '/api/admin/roles?size=200', { token: root })
  const adminRole = roles.body.content.find((role: { name: string }) => role.name === 'ADMIN')
  const other = await server.createUser(root, { firstName: 'Nadia' })
  await server.request('PUT', `/api/admin/users/${other.id}/roles/${adminRole.id}`, { token: root })

  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await app.signIn(other.username, 'secret-123')
  await page.goto(app.at('users/1'))
  await page.getByText('Profile Information').waitFor()

  // A password change ends every session of that user at once, on the server.
  await server.request('PUT', `/api/admin/users/${other.id}/reset-password`, { token: root })
  const token = await server.resetToken(other.email)
  await server.request('PUT', '/auth/change-password', {
    body: { token, newPassword: 'changed-pass-9' },
  })

  await page.goto(app.at('users/1'))
  await page.waitForURL(/\/login$/)
  await page.getByText('Session expired').waitFor()
  await page.getByLabel('Username or Email').fill(other.username)
  await page.getByLabel('Password', { exact: true }).fill('changed-pass-9')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/users\/1$/)
  await page.getByText('Welcome, NADIA').waitFor()
})

test('a dialog keeps Tab inside itself, and Escape closes it and gives focus back', async () => {
  const { page } = app
  await app.signIn()
  await page.goto(app.at('users'))
  const opener = page.getByRole('button', { name: '+ Add User' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Add New User' })
  await dialog.waitFor()
  const focusInside = () =>
    dialog.evaluate((element: any) => element.contains((globalThis as any).document.activeElement))
  // More presses than the dialog has fields: both ways round, focus wraps and never leaves.
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 20; press += 1) {
      await page.keyboard.press(key)
      expect(await focusInside()).toBe(true)
    }
  }
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  expect(
    await opener.evaluate((element) => element === (globalThis as any).document.activeElement),
  ).toBe(true)
})

test('a page opened without the app (another browser) says in words where to open it, not a blank page', async () => {
  const browser = app.page.context().browser()!
  const elsewhere = await browser.newContext()
  try {
    const page = await elsewhere.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(app.at('users'))
    await page
      .getByRole('heading', { name: 'Open this page from the Admin Console app' })
      .waitFor({ timeout: 5_000 })
    await page.getByText(/cannot reach the server on its own/).waitFor()
    expect(errors).toEqual([])
  } finally {
    await elsewhere.close()
  }
})

test('a full load of any screen logs no warning of the router (no "No HydrateFallback element provided")', async () => {
  const { page } = app
  const logged: string[] = []
  const listen = (message: { type(): string; text(): string }) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text())
  }
  page.on('console', listen)
  try {
    for (const route of ['dashboard', 'users', 'users/1', 'access', 'audit', 'settings']) {
      await page.goto(app.at(route))
      await page.getByRole('heading', { level: 1 }).waitFor()
    }
  } finally {
    page.off('console', listen)
  }
  expect(logged.filter((text) => /HydrateFallback/i.test(text))).toEqual([])
})
