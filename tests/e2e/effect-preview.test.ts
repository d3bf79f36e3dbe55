import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Assignment, Role } from '@shared/contract'
import { confirmEffect, seriousViolations, startConsole } from './support'

/**
 * Issue 57: before a role edit is saved, the console shows who gains and who loses which
 * permission, as the server's dry run of that edit says; Cancel changes nothing, Confirm (by
 * mouse or keyboard) makes it.
 */

let app: Awaited<ReturnType<typeof startConsole>>
let token: string
let role: Role

beforeAll(async () => {
  app = await startConsole()
  token = await app.server.token()
  const post = (path: string, body: object) => app.server.request('POST', path, { token, body })
  role = (await post('/api/admin/roles', { name: 'Reviewers', permissions: ['audit.read'] })).body
  const group = (await post('/api/admin/groups', { name: 'Review team', roleIds: [role.id] })).body
  for (const username of ['carla.reviewer', 'amir.reviewer', 'bea.reviewer']) {
    const user = await app.server.createUser(token, { username })
    await app.server.request('PUT', `/api/admin/users/${user.id}/groups/${group.id}`, { token })
  }
  await app.signIn()
})
afterAll(() => app?.close())

const permissionsOfRole = async (): Promise<string[]> => {
  const reply = await app.server.request('GET', '/api/admin/roles?size=200', { token })
  return reply.body.content.find((found: Role) => found.id === role.id).permissions
}

const roleUpdates = async (): Promise<number> => {
  const [row] = await app.server.built.context.db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM audit_log WHERE action = 'role.update'",
  )
  return row!.count
}

/** Opens Edit Role for Reviewers, moves users.status in and audit.read out, and saves. */
async function editAndSave() {
  const { page } = app
  await page.goto(app.at('access'))
  await page.getByRole('button', { name: 'Edit role Reviewers' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Role' })
  const permissions = edit.getByRole('group', { name: 'Permissions' })
  await permissions.getByRole('checkbox', { name: 'users.status', exact: true }).check()
  await permissions.getByRole('checkbox', { name: 'audit.read', exact: true }).uncheck()
  await edit.getByRole('button', { name: 'Save' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm the change' })
  await confirm.getByText('3 users gain users.status; 3 users lose audit.read').waitFor()
  return { edit, confirm }
}

test('the effect of a role edit is shown first, its names one click away; Cancel changes nothing', async () => {
  const { page } = app
  const updates = await roleUpdates()
  const { edit, confirm } = await editAndSave()
  // Nothing is made while the question is open.
  expect(await permissionsOfRole()).toEqual(['audit.read'])

  const gained = confirm.getByText('3 users gain users.status', { exact: true })
  await gained.click()
  const names = confirm.locator('.effect-gain .effect-names li')
  await expect(names.allTextContents()).resolves.toEqual([
    'amir.reviewer',
    'bea.reviewer',
    'carla.reviewer',
  ])
  expect(await seriousViolations(page)).toEqual([])

  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await confirm.waitFor({ state: 'detached' })
  // Back in the edit, with what was chosen kept; still nothing changed.
  await expect(
    edit.getByRole('checkbox', { name: 'users.status', exact: true }).isChecked(),
  ).resolves.toBe(true)
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await edit.waitFor({ state: 'detached' })
  expect(await permissionsOfRole()).toEqual(['audit.read'])
  expect(await roleUpdates()).toBe(updates)
})

test('Confirm, from the keyboard, makes the change the preview described', async () => {
  const { page } = app
  const { edit, confirm } = await editAndSave()
  // Cancel is focused first, so that Enter is never a surprise; Tab reaches Save.
  const cancel = confirm.getByRole('button', { name: 'Cancel' })
  await expect(
    cancel.evaluate((button: any) => button === button.ownerDocument.activeElement),
  ).resolves.toBe(true)
  const save = confirm.getByRole('button', { name: 'Save' })
  for (let tabs = 0; tabs < 10; tabs += 1) {
    if (await save.evaluate((button: any) => button === button.ownerDocument.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(
    save.evaluate((button: any) => button === button.ownerDocument.activeElement),
  ).resolves.toBe(true)
  await page.keyboard.press('Enter')
  await confirm.waitFor({ state: 'detached' })
  await edit.waitFor({ state: 'detached' })
  await page.getByText('Role Reviewers saved').waitFor()
  expect(await permissionsOfRole()).toEqual(['users.status'])
  expect(await roleUpdates()).toBe(1)
})

test('deactivating a role shows whom it reaches in its question', async () => {
  const { page } = app
  await page.goto(app.at('access'))
  await page.getByRole('button', { name: 'Active: deactivate role Reviewers' }).click()
  const dialog = page.getByRole('dialog', { name: 'Please Confirm' })
  await dialog.getByText('3 users lose users.status').first().waitFor()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await dialog.waitFor({ state: 'detached' })
  expect(await permissionsOfRole()).toEqual(['users.status'])
})

test("the details page's Save shows the effect of new roles first; Cancel keeps the edit, unsaved", async () => {
  const { page } = app
  const post = (path: string, body: object) => app.server.request('POST', path, { token, body })
  const auditors = (
    await post('/api/admin/roles', { name: 'Log readers', permissions: ['audit.read'] })
  ).body
  const dana = await app.server.createUser(token, { username: 'dana.newcomer' })
  const heldRoles = async () =>
    (await app.server.request('GET', `/api/admin/users/${dana.id}/roles`, { token })).body.map(
      (held: Assignment) => held.id,
    )
  await page.goto(app.at(`users/${dana.id}`))
  const roles = page.getByRole('region', { name: 'Roles & Permissions' })
  await roles.getByLabel('Log readers', { exact: true }).check()
  const save = page.getByRole('button', { name: 'Save Changes', exact: true })
  await save.click()
  const confirm = page.getByRole('dialog', { name: 'Confirm the change' })
  await confirm.getByText('1 user gains audit.read', { exact: true }).first().waitFor()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await confirm.waitFor({ state: 'detached' })
  // Nothing was saved, and the edit is still there to save.
  await expect(heldRoles()).resolves.toEqual([])
  await expect(roles.getByLabel('Log readers', { exact: true }).isChecked()).resolves.toBe(true)
  await save.click()
  await confirm.getByText('1 user gains audit.read', { exact: true }).first().waitFor()
  await confirmEffect(page)
  await page.getByText('Changes saved').waitFor()
  await expect(heldRoles()).resolves.toEqual([auditors.id])
})
