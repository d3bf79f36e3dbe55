import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Permission, User } from '@shared/contract'
import { ADMIN } from '../integration/support/server'
import { startConsole, type Console } from './support'

/**
 * Issue 29 in the console: a helpdesk (users.read, users.status, users.credentials) signs in,
 * unlocks a user and sends a reset link, and is offered no Add User, no Assign Roles/Groups and
 * no Audit Log; what the console hides, the server refuses when forged through the bridge.
 */

let app: Console
let token: string
let helpdesk: { user: User; password: string }
let locked: User

const page = () => app.page
const HELPDESK: Permission[] = ['users.credentials', 'users.read', 'users.status']

beforeAll(async () => {
  app = await startConsole()
  token = await app.server.token()
  const role = await app.server.request('POST', '/api/admin/roles', {
    token,
    body: { name: 'HELPDESK', permissions: HELPDESK },
  })
  helpdesk = await app.server.member(token)
  await app.server.request('PUT', `/api/admin/users/${helpdesk.user.id}/roles/${role.body.id}`, {
    token,
  })
  locked = await app.server.createUser(token, { firstName: 'Locked', lastName: 'Out' })
  await app.server.request('PUT', `/api/admin/users/${locked.id}/lock`, { token })
  await app.signIn(helpdesk.user.username, helpdesk.password)
}, 120_000)
afterAll(() => app?.close())

const quickAction = (name: string) =>
  page().getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name, exact: true })
const dialog = () => page().getByRole('dialog')
const serverUser = async (id: number) =>
  (await app.server.request<User>('GET', `/api/admin/users/${id}`, { token })).body

test('the helpdesk sees no Add User, no Assign Roles or Groups and no Audit Log', async () => {
  await page().goto(app.at('users'))
  await page()
    .getByRole('button', { name: `Reset PW for ${locked.username}` })
    .waitFor()
  await expect(page().getByRole('button', { name: '+ Add User' }).count()).resolves.toBe(0)
  await expect(page().getByRole('button', { name: 'Import CSV' }).count()).resolves.toBe(0)
  await expect(
    page()
      .getByRole('button', { name: `Assign Roles to ${locked.username}` })
      .count(),
  ).resolves.toBe(0)
  await expect(
    page()
      .getByRole('button', { name: `Assign Groups to ${locked.username}` })
      .count(),
  ).resolves.toBe(0)
  const nav = page().getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Users' }).waitFor()
  await expect(nav.getByRole('link', { name: 'Audit Log' }).count()).resolves.toBe(0)

  await page().goto(app.at('audit'))
  await page().waitForURL(/\/dashboard$/)
})

test('the helpdesk unlocks a user and sends a reset link; the details page has no History', async () => {
  await page().goto(app.at(`users/${locked.id}`))
  await page().getByRole('heading', { name: locked.fullName, level: 2 }).waitFor()
  await quickAction('Unlock').click()
  await dialog().getByRole('button', { name: 'Unlock', exact: true }).click()
  await page()
    .getByRole('list', { name: 'Status' })
    .getByText('Unlocked', { exact: true })
    .waitFor()
  await expect(serverUser(locked.id)).resolves.toMatchObject({ isLocked: false })

  await quickAction('Reset Password').click()
  await dialog().getByRole('button', { name: 'Reset Password', exact: true }).click()
  await dialog().getByRole('heading', { name: 'Password Reset' }).waitFor()
  await expect(app.server.resetToken(locked.email)).resolves.toMatch(/\S{16,}/)
  await dialog().getByRole('button', { name: 'OK' }).click()
  await expect(page().getByRole('region', { name: 'History' }).count()).resolves.toBe(0)
})

test('what the console hides, the server refuses when forged through the bridge', async () => {
  const forged = await page().evaluate(
    async ({ id }) => {
      const admin = (globalThis as any).admin
      return admin.users.create({
        username: `forged${id}`,
        email: `forged${id}@example.com`,
        password: 'secret-123',
        firstName: 'Forged',
        lastName: 'User',
        phoneNumber: '+971 50 000 0000',
      })
    },
    { id: locked.id },
  )
  expect(forged).toEqual({
    ok: false,
    error: { message: 'The users.create permission is required for this action.', status: 403 },
  })
})

/** Signs the console out through the bridge, then in as `username`. */
async function switchTo(username: string, password: string) {
  await page().evaluate(() => (globalThis as any).admin.auth.logout())
  await app.signIn(username, password)
}

test('an auditor reads the audit log, and sees Roles & Groups read only and no Add User', async () => {
  const role = await app.server.request('POST', '/api/admin/roles', {
    token,
    body: { name: 'AUDITOR', permissions: ['audit.read', 'users.read'] },
  })
  const auditor = await app.server.member(token)
  await app.server.request('PUT', `/api/admin/users/${auditor.user.id}/roles/${role.body.id}`, {
    token,
  })
  await switchTo(auditor.user.username, auditor.password)
  await page()
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Audit Log' })
    .click()
  await page().getByRole('table', { name: 'Audit Log' }).locator('tbody td').first().waitFor()

  await page().goto(app.at('access'))
  const roles = page().getByRole('table', { name: 'Roles' })
  await roles.getByRole('cell', { name: 'AUDITOR', exact: true }).waitFor()
  await expect(page().getByRole('button', { name: '+ Add Role' }).count()).resolves.toBe(0)
  await expect(roles.getByRole('button', { name: /^Edit role/ }).count()).resolves.toBe(0)
  await expect(roles.getByRole('button', { name: /deactivate role/ }).count()).resolves.toBe(0)

  await page().goto(app.at('users'))
  await page()
    .getByRole('button', { name: `Reset PW for ${locked.username}` })
    .waitFor()
  await expect(page().getByRole('button', { name: '+ Add User' }).count()).resolves.toBe(0)
  await expect(page().getByRole('button', { name: 'Import CSV' }).count()).resolves.toBe(0)
})

test('an administrator gives a new role its permissions in the dialog’s checklist', async () => {
  await switchTo(ADMIN.username, ADMIN.password)
  await page().goto(app.at('access'))
  const roles = page().getByRole('table', { name: 'Roles' })
  await roles.getByRole('cell', { name: 'ADMIN', exact: true }).waitFor()
  await page().getByRole('button', { name: '+ Add Role' }).click()
  const dialog = page().getByRole('dialog', { name: 'Add Role' })
  await dialog.getByLabel('Name').fill('Readers')
  const checklist = dialog.getByRole('group', { name: 'Permissions' })
  await expect(checklist.getByRole('checkbox').count()).resolves.toBe(8)
  await checklist.getByRole('checkbox', { name: 'users.read', exact: true }).check()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await dialog.waitFor({ state: 'detached' })
  const readers = roles
    .getByRole('row')
    .filter({ has: page().getByRole('cell', { name: 'Readers', exact: true }) })
  await expect(readers.locator('td[data-column="permissions"]').textContent()).resolves.toBe(
    'users.read',
  )
  const saved = (await app.server.request('GET', '/api/admin/roles', { token })).body.content
  expect(saved.find((found: { name: string }) => found.name === 'Readers').permissions).toEqual([
    'users.read',
  ])
})
