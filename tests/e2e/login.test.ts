import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN } from '../integration/support/server'
import { seriousViolations, startConsole } from './support'

let app: Awaited<ReturnType<typeof startConsole>>

beforeAll(async () => {
  app = await startConsole()
})
afterAll(() => app?.close())

test('an unknown path without a session lands on the Login screen, which names the server', async () => {
  const { page } = app.preview
  await page.goto(`${app.preview.url}somewhere/else`)
  await page.waitForURL(/\/login$/)
  await expect(
    page.getByRole('heading', { name: 'Admin Console Login' }).isVisible(),
  ).resolves.toBe(true)
  await expect(page.getByText('Dubai Time').isVisible()).resolves.toBe(true)
  await expect(page.getByText(app.server.url).isVisible()).resolves.toBe(true)
})

test('the form checks its fields before calling the server, and clears an error on edit', async () => {
  const { page } = app.preview
  await page.goto(`${app.preview.url}login`)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByText('Username or email is required.').waitFor()
  await expect(page.getByText('Password is required.').isVisible()).resolves.toBe(true)
  await page.getByLabel('Username or Email').fill('ab')
  await expect(page.getByText('Username or email is required.').count()).resolves.toBe(0)
  await page.getByLabel('Password', { exact: true }).fill('12345')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByText('Must be at least 3 characters.').waitFor()
  await expect(page.getByText('Must be at least 6 characters.').isVisible()).resolves.toBe(true)
})

test('a wrong password shows the server message inline', async () => {
  const { page } = app.preview
  await page.goto(`${app.preview.url}login`)
  await page.getByLabel('Username or Email').fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert').textContent()).resolves.toBe('Invalid username or password')
  await expect(page.url()).toMatch(/\/login$/)
})

test('the show toggle reveals the password', async () => {
  const { page } = app.preview
  await page.goto(`${app.preview.url}login`)
  const password = page.getByLabel('Password', { exact: true })
  await expect(password.getAttribute('type')).resolves.toBe('password')
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(password.getAttribute('type')).resolves.toBe('text')
})

test('signing in through the real Login screen reaches the dashboard, and no token reaches the page', async () => {
  const { page } = app.preview
  await page.goto(`${app.preview.url}login`)
  await page.getByLabel('Username or Email').fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  expect(['/', '/dashboard']).toContain(new URL(page.url()).pathname)
  await expect(page.getByText('Welcome, ADMINISTRATOR').isVisible()).resolves.toBe(true)
  const session = await page.evaluate(() => (globalThis as any).admin.auth.session())
  expect(JSON.stringify(session)).not.toMatch(/accessToken|refreshToken|eyJ/)
  const storage = await page.evaluate(() => {
    const page = globalThis as any
    return JSON.stringify({ ...page.localStorage, ...page.sessionStorage }) + page.document.cookie
  })
  expect(storage).not.toMatch(/eyJ/)

  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await page.waitForURL(/\/login$/)
})

const ADMIN_REQUIRED = 'Administrator rights are required to use this console.'

test('only administrators get in: anyone else stays on Login with the reason', async () => {
  const { page, server } = app
  const member = await server.createUser(await server.token())
  await page.goto(`${app.preview.url}login`)
  await page.getByLabel('Username or Email').fill(member.username)
  await page.getByLabel('Password', { exact: true }).fill('secret-123')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert').textContent()).resolves.toBe(ADMIN_REQUIRED)
  expect(new URL(page.url()).pathname).toBe('/login')
  expect(await page.evaluate(() => (globalThis as any).admin.auth.session())).toEqual({
    ok: true,
    data: null,
  })
  expect(await seriousViolations(page)).toEqual([])
})

test('administrator rights lost mid-session: the next call lands on Login with the reason', async () => {
  const { page, server } = app
  const root = await server.token()
  const roles = await server.request('GET', '/api/admin/roles?size=200', { token: root })
  const adminRole = roles.body.content.find((role: { name: string }) => role.name === 'ADMIN')
  const user = await server.createUser(root)
  const grant = `/api/admin/users/${user.id}/roles/${adminRole.id}`
  await server.request('PUT', grant, { token: root })
  await app.signIn(user.username, 'secret-123')
  await page.goto(app.at('users'))
  await page.getByRole('link', { name: user.username, exact: true }).waitFor()

  await server.request('DELETE', grant, { token: root })
  await page.getByLabel('Search users').fill(user.username.slice(0, 6))
  await page.waitForURL(/\/login$/)
  await page.getByText(ADMIN_REQUIRED).waitFor()
})

test('the Login screen has no serious accessibility violation', async () => {
  const { page } = app.preview
  await page.goto(`${app.preview.url}login`)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByText('Password is required.').waitFor()
  expect(await seriousViolations(page)).toEqual([])
})
