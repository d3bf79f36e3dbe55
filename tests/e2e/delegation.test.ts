import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { PERMISSIONS, type Permission, type User } from '@shared/contract'
import { EN } from '@shared/i18n/catalogues'
import { offeredColumns } from '../../src/renderer/src/features/users/columns'
import { ADMIN } from '../integration/support/server'
import { seriousViolations, startConsole, type Console } from './support'

/**
 * Issue 29 in the console: a helpdesk (users.read, users.status, users.credentials) signs in,
 * unlocks a user and sends a reset link, and is offered no Add User, no Assign Roles/Groups, no
 * Audit Log, only the status actions in the bulk bar and nothing on an account that holds more;
 * an auditor (users.read, audit.read) exports and reads the audit log and is offered no change.
 * What the console hides, the server refuses when forged through the bridge.
 */

let app: Console
let token: string
let helpdesk: { user: User; password: string }
let auditor: { user: User; password: string }
let administrator: User
let adminRoleId: number
let auditorRoleId: number
let locked: User
let plain: User
let bystander: User

const page = () => app.page
const HELPDESK: Permission[] = ['users.credentials', 'users.read', 'users.status']
const AUDITOR: Permission[] = ['audit.read', 'users.read']

async function holderOf(name: string, permissions: Permission[]) {
  const role = await app.server.request('POST', '/api/admin/roles', {
    token,
    body: { name, permissions },
  })
  const holder = await app.server.member(token)
  await app.server.request('PUT', `/api/admin/users/${holder.user.id}/roles/${role.body.id}`, {
    token,
  })
  return { holder, roleId: role.body.id as number }
}

beforeAll(async () => {
  app = await startConsole()
  token = await app.server.token()
  helpdesk = (await holderOf('HELPDESK', HELPDESK)).holder
  const auditors = await holderOf('AUDITOR', AUDITOR)
  auditor = auditors.holder
  auditorRoleId = auditors.roleId
  administrator = (await app.server.request<User>('GET', '/auth/me', { token })).body
  const roles = (await app.server.request('GET', '/api/admin/roles', { token })).body.content
  adminRoleId = roles.find((role: { name: string }) => role.name === 'ADMIN').id
  locked = await app.server.createUser(token, { firstName: 'Locked', lastName: 'Out' })
  await app.server.request('PUT', `/api/admin/users/${locked.id}/lock`, { token })
  plain = await app.server.createUser(token, { firstName: 'Plain', lastName: 'User' })
  bystander = await app.server.createUser(token, { firstName: 'By', lastName: 'Stander' })
  await app.signIn(helpdesk.user.username, helpdesk.password)
}, 120_000)
afterAll(() => app?.close())

const quickAction = (name: string) =>
  page().getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name, exact: true })
const dialog = () => page().getByRole('dialog')
const button = (name: string) => page().getByRole('button', { name, exact: true })
const bar = () => page().getByRole('region', { name: 'Bulk actions' })
const serverUser = async (id: number) =>
  (await app.server.request<User>('GET', `/api/admin/users/${id}`, { token })).body
const heldRoles = async (id: number) =>
  (await app.server.request('GET', `/api/admin/users/${id}/roles`, { token })).body.map(
    (role: { name: string }) => role.name,
  )

async function openUsers() {
  await page().goto(app.at('users'))
  await page().getByRole('link', { name: plain.username, exact: true }).waitFor()
}

async function openDetails(user: User) {
  await page().goto(app.at(`users/${user.id}`))
  await page().getByRole('heading', { name: user.fullName, level: 2 }).waitFor()
}

/** The bar's buttons once one user is chosen, then the choice cleared. */
async function bulkBarButtons(user: User): Promise<string[]> {
  await page()
    .getByRole('checkbox', { name: `Select ${user.username}` })
    .check()
  const offered = await bar().getByRole('button').allTextContents()
  await bar().getByRole('button', { name: 'Clear' }).click()
  return offered
}

/** The Roles card lists what the user holds, or says there is none. */
async function rolesCardLoaded() {
  const card = page().getByRole('region', { name: 'Roles & Permissions' })
  await card
    .getByRole('list')
    .or(card.getByText('No roles', { exact: true }))
    .waitFor()
}

/** The page offers no change to the user: no Save, no quick action, no sign-out, no checkbox. */
async function expectNoChangeOffered() {
  await rolesCardLoaded()
  for (const name of ['Save Changes', 'Discard Changes', 'Sign Out Everywhere'])
    await expect(button(name).count()).resolves.toBe(0)
  await expect(page().getByRole('region', { name: 'Quick Actions' }).count()).resolves.toBe(0)
  await expect(page().getByRole('checkbox').count()).resolves.toBe(0)
  await expect(
    page().getByLabel('Username', { exact: true }).getAttribute('readonly'),
  ).resolves.toBe('')
}

test('the helpdesk sees no Add User, no Assign Roles or Groups and no Audit Log', async () => {
  await openUsers()
  await page()
    .getByRole('button', { name: `Reset PW for ${locked.username}` })
    .waitFor()
  await expect(button('+ Add User').count()).resolves.toBe(0)
  await expect(button('Import CSV').count()).resolves.toBe(0)
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
})

test('the Audit Log typed by the helpdesk says why it is not shown, and stays on its address', async () => {
  await page().goto(app.at('audit'))
  await page()
    .getByText(
      'The Audit Log needs the audit.read permission, which you do not hold. Ask an administrator for a role that grants it.',
      { exact: true },
    )
    .waitFor()
  expect(page().url()).toMatch(/\/audit$/)
  await expect(page().getByRole('table', { name: 'Audit Log' }).count()).resolves.toBe(0)
})

test('the helpdesk’s list offers on each row only what the server will do, and says why not', async () => {
  await openUsers()
  const table = page().getByRole('table', { name: 'Users' })
  const rowOf = (user: User) =>
    table
      .getByRole('row')
      .filter({ has: page().getByRole('link', { name: user.username, exact: true }) })

  // An administrator: the reason once, no button to press, the states as plain text.
  const adminRow = rowOf(administrator)
  await adminRow
    .getByText(`${administrator.firstName} holds more rights than you.`, { exact: true })
    .waitFor()
  await expect(adminRow.getByRole('button').count()).resolves.toBe(0)

  // A plain user: Reset PW, More with Set Temporary Password, and the state toggles.
  const plainRow = rowOf(plain)
  await plainRow.getByRole('button', { name: `Reset PW for ${plain.username}` }).waitFor()
  await plainRow.getByRole('button', { name: `Unlocked: lock ${plain.username}` }).waitFor()
  await plainRow.getByRole('button', { name: `More actions for ${plain.username}` }).press('Enter')
  const menu = page().getByRole('menu', { name: `More actions for ${plain.username}` })
  await expect(
    menu
      .getByRole('menuitem', { name: 'Set Temporary Password' })
      .evaluate((item: any) => item === (globalThis as any).document.activeElement),
  ).resolves.toBe(true)
  await page().keyboard.press('Escape')
  await expect(menu.count()).resolves.toBe(0)

  // Her own row: she cannot lock herself nor set her own temporary password, and is told so.
  const ownRow = rowOf(helpdesk.user)
  await expect(ownRow.getByRole('button', { name: /^Unlocked:/ }).count()).resolves.toBe(0)
  await expect(ownRow.getByText('Unlocked', { exact: true }).getAttribute('title')).resolves.toBe(
    'You cannot lock your own account.',
  )
  await ownRow.getByRole('button', { name: `More actions for ${helpdesk.user.username}` }).click()
  const own = page().getByRole('menu', { name: `More actions for ${helpdesk.user.username}` })
  const item = own.getByRole('menuitem', { name: /^Set Temporary Password/ })
  await expect(item.getAttribute('aria-disabled')).resolves.toBe('true')
  await expect(item.textContent()).resolves.toBe(
    'Set Temporary PasswordUse Change Password in the account menu to change your own password.',
  )
  await item.click({ force: true })
  await expect(dialog().count()).resolves.toBe(0)
  await page().keyboard.press('Escape')
})

test('the helpdesk’s bulk bar offers the status actions and the exports, no assignment', async () => {
  await openUsers()
  await expect(bulkBarButtons(plain)).resolves.toEqual([
    'Activate',
    'Deactivate',
    'Lock',
    'Unlock',
    'Export Selected CSV',
    'Export Selected PDF',
    'Clear',
  ])
})

test('the helpdesk unlocks a user and sends a reset link; the profile is read only and there is no History', async () => {
  await openDetails(locked)
  await expect(
    page().getByLabel('Username', { exact: true }).getAttribute('readonly'),
  ).resolves.toBe('')
  await expect(button('Save Changes').count()).resolves.toBe(0)
  await rolesCardLoaded()
  await expect(page().getByRole('checkbox').count()).resolves.toBe(0)

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

test('on an administrator the helpdesk is told why, and offered no change', async () => {
  await openDetails(administrator)
  await page()
    .getByText(`${administrator.firstName} holds more rights than you.`, { exact: true })
    .waitFor()
  await expectNoChangeOffered()
  expect(await seriousViolations(page())).toEqual([])
})

test('a 403 from a server that has changed its mind is shown as the spec maps it, and nothing changes', async () => {
  await openDetails(plain)
  await quickAction('Lock').waitFor()
  // Meanwhile the user gains audit.read, which the helpdesk lacks.
  await app.server.request('PUT', `/api/admin/users/${plain.id}/roles/${auditorRoleId}`, { token })
  await quickAction('Lock').click()
  await dialog().getByRole('button', { name: 'Lock', exact: true }).click()
  await dialog()
    .getByRole('alert')
    .getByText('Error: You do not have permission to update this user.', { exact: true })
    .waitFor()
  await dialog().getByRole('button', { name: 'Cancel' }).click()
  await expect(
    page().getByRole('list', { name: 'Status' }).getByRole('listitem').nth(1).textContent(),
  ).resolves.toBe('Unlocked')
  await expect(serverUser(plain.id)).resolves.toMatchObject({ isLocked: false })
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
    error: {
      message: 'The users.create permission is required for this action.',
      status: 403,
      code: 'permissions_required',
      params: { permissions: 'users.create', count: 1 },
    },
  })

  const selfPromotion = await page().evaluate(
    ({ id, roleId }) => (globalThis as any).admin.users.addRole({ id, roleId }),
    { id: helpdesk.user.id, roleId: adminRoleId },
  )
  expect(selfPromotion).toEqual({
    ok: false,
    error: {
      message: 'The users.assign permission is required for this action.',
      status: 403,
      code: 'permissions_required',
      params: { permissions: 'users.assign', count: 1 },
    },
  })
  await expect(heldRoles(helpdesk.user.id)).resolves.toEqual(['HELPDESK'])
})

/** Signs the console out through the bridge, then in as `username`. */
async function switchTo(username: string, password: string) {
  await page().evaluate(() => (globalThis as any).admin.auth.logout())
  await app.signIn(username, password)
}

test('an auditor reads the audit log, and sees Roles & Groups read only and no Add User', async () => {
  await switchTo(auditor.user.username, auditor.password)
  await page()
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Audit Log' })
    .click()
  await page().getByRole('table', { name: 'Audit Log' }).locator('tbody td').first().waitFor()

  await page().goto(app.at('access'))
  const roles = page().getByRole('table', { name: 'Roles' })
  await roles.getByRole('cell', { name: 'AUDITOR', exact: true }).waitFor()
  await expect(button('+ Add Role').count()).resolves.toBe(0)
  await expect(roles.getByRole('button', { name: /^Edit role/ }).count()).resolves.toBe(0)
  await expect(roles.getByRole('button', { name: /deactivate role/ }).count()).resolves.toBe(0)
})

test('an auditor exports the users as CSV and is offered no write action on them', async () => {
  await openUsers()
  // No Actions column: there is nothing the auditor could do in it.
  await expect(
    page()
      .getByRole('table', { name: 'Users' })
      .getByRole('columnheader', { name: 'Actions' })
      .count(),
  ).resolves.toBe(0)
  // Nor does the Columns menu offer one (issue 56): it offers every other column our server has.
  await button('Columns').click()
  const choices = page().getByRole('group', { name: 'Show/Hide Columns' }).getByRole('checkbox')
  await expect(choices.count()).resolves.toBe(offeredColumns(false, true).length)
  await expect(
    page().getByRole('group', { name: 'Show/Hide Columns' }).getByLabel('Actions').count(),
  ).resolves.toBe(0)
  await button('Columns').click()
  for (const name of ['+ Add User', 'Import CSV', 'Reset PW', 'Set Temporary Password'])
    await expect(page().getByRole('button', { name }).count()).resolves.toBe(0)
  await expect(
    page()
      .getByRole('button', { name: /^Assign / })
      .count(),
  ).resolves.toBe(0)
  // The Active and Locked cells say the state and change nothing.
  await expect(
    page()
      .getByRole('table', { name: 'Users' })
      .getByRole('button', { name: /^(Active|Inactive|Locked|Unlocked):/ })
      .count(),
  ).resolves.toBe(0)
  await expect(bulkBarButtons(plain)).resolves.toEqual([
    'Export Selected CSV',
    'Export Selected PDF',
    'Clear',
  ])

  await button('Export CSV').click()
  const notice = page().getByText(/^Exported \d+ users to /)
  await notice.waitFor({ timeout: 60_000 })
  const file = (await notice.textContent())!.replace(/^Exported \d+ users to /, '')
  const lines = (await readFile(file, 'utf8')).split('\r\n')
  expect(lines[0]).toBe('User ID,Username,Full Name,Active,Locked')
  expect(lines).toContain(`${bystander.id},${bystander.username},By Stander,Active,Unlocked`)

  await openDetails(bystander)
  await expectNoChangeOffered()
  await page().getByRole('region', { name: 'History' }).waitFor()
})

test('the auditor’s forged lock is refused by the server and changes nothing', async () => {
  const forged = await page().evaluate(({ id }) => (globalThis as any).admin.users.lock({ id }), {
    id: bystander.id,
  })
  expect(forged).toEqual({
    ok: false,
    error: {
      message: 'The users.status permission is required for this action.',
      status: 403,
      code: 'permissions_required',
      params: { permissions: 'users.status', count: 1 },
    },
  })
  await expect(serverUser(bystander.id)).resolves.toMatchObject({ isLocked: false })
})

test('an administrator sees the ADMIN role’s permissions fixed, in the table and the dialog', async () => {
  await switchTo(ADMIN.username, ADMIN.password)
  await page().goto(app.at('access'))
  const roles = page().getByRole('table', { name: 'Roles' })
  const adminRow = roles
    .getByRole('row')
    .filter({ has: page().getByRole('cell', { name: 'ADMIN', exact: true }) })
  await adminRow.waitFor()
  await expect(adminRow.locator('td[data-column="permissions"]').textContent()).resolves.toBe(
    PERMISSIONS.join(', '),
  )
  await roles.getByRole('button', { name: 'Edit role ADMIN' }).click()
  const edit = page().getByRole('dialog', { name: 'Edit Role' })
  const checklist = edit.getByRole('group', { name: 'Permissions' })
  await checklist.getByText('The ADMIN role always carries every permission.').waitFor()
  for (const permission of PERMISSIONS) {
    const box = checklist.getByRole('checkbox', { name: permission, exact: true })
    await expect(box.isChecked()).resolves.toBe(true)
    await expect(box.isDisabled()).resolves.toBe(true)
  }
  await edit.getByRole('button', { name: 'Cancel' }).click()
})

test('an administrator gives a new role its permissions in the dialog’s checklist', async () => {
  await page().goto(app.at('access'))
  const roles = page().getByRole('table', { name: 'Roles' })
  await roles.getByRole('cell', { name: 'ADMIN', exact: true }).waitFor()
  await button('+ Add Role').click()
  const dialog = page().getByRole('dialog', { name: 'Add Role' })
  await dialog.getByLabel('Name').fill('Readers')
  const checklist = dialog.getByRole('group', { name: 'Permissions' })
  await expect(checklist.getByRole('checkbox').count()).resolves.toBe(8)
  await checklist.getByRole('checkbox', { name: 'users.read', exact: true }).check()
  await dialog.getByRole('button', { name: 'Create' }).click()
  // Linked to no group, the new role reaches no one (issue 57).
  const confirm = page().getByRole('dialog', { name: 'Confirm the change' })
  await confirm.getByText(EN['cells.noOneReached'], { exact: true }).waitFor()
  await confirm.getByRole('button', { name: 'Create' }).click()
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

test('a role refused by a server that has changed its mind: its preview says why, and it is not given', async () => {
  const lead = (await holderOf('LEAD', ['users.assign', 'users.read'])).holder
  const viewers = await app.server.request('POST', '/api/admin/roles', {
    token,
    body: { name: 'Viewers', permissions: ['users.read'] },
  })
  await switchTo(lead.user.username, lead.password)
  await openDetails(bystander)
  await rolesCardLoaded()
  await page().getByRole('checkbox', { name: 'Viewers', exact: true }).check()
  // Meanwhile Viewers comes to grant audit.read, which the lead lacks.
  await app.server.request('PUT', `/api/admin/roles/${viewers.body.id}`, {
    token,
    body: { name: 'Viewers', permissions: ['audit.read', 'users.read'] },
  })
  await button('Save Changes').click()
  // The server's dry run of the save refuses it: the question shows why and cannot be confirmed.
  const confirm = page().getByRole('dialog', { name: 'Confirm the change' })
  await confirm
    .getByRole('alert')
    .filter({ hasText: 'You cannot give the role "Viewers" without holding audit.read.' })
    .waitFor()
  await expect(
    confirm.getByRole('button', { name: 'Save', exact: true }).isDisabled(),
  ).resolves.toBe(true)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(heldRoles(bystander.id)).resolves.toEqual([])
})
