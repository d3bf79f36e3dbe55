import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { formatDateTime, isoDateTime } from '@shared/dates'
import { confirmEffect, seriousViolations, startConsole } from './support'

/**
 * A temporary administrator (issue 57): the ADMIN role given on the details page for 1 hour,
 * with a reason, is shown with its end, and is gone once the server's clock has passed it. A
 * bulk Assign Role gives a role until a time likewise, with its reason. The Users list shows
 * the nearest end in its optional Access ends column, and exports it.
 */

let app: Awaited<ReturnType<typeof startConsole>>
let token: string

beforeAll(async () => {
  app = await startConsole()
  token = await app.server.token()
  await app.signIn()
})
afterAll(() => app?.close())

const page = () => app.page
const roles = () => page().getByRole('region', { name: 'Roles & Permissions' })
const adminBox = () => roles().getByLabel('ADMIN', { exact: true })
const adminUntil = () => roles().getByLabel('Until, ADMIN', { exact: true })
const saveButton = () => page().getByRole('button', { name: 'Save Changes', exact: true })

const HOUR = 3_600_000

async function created<T>(path: string, body: unknown): Promise<T> {
  const reply = await app.server.request<T>('POST', path, { token, body })
  expect(reply.status).toBe(201)
  return reply.body
}

async function grant(user: User, path: string, until: string | null) {
  const reply = await app.server.request('PUT', `/api/admin/users/${user.id}/${path}`, {
    token,
    body: { until, reason: 'Quarter-end audit' },
  })
  expect(reply.status).toBe(200)
}

test('the optional Access ends column shows the nearest end of a direct role or group, and exports it', async () => {
  const { user: ending } = await app.server.member(token)
  const { user: lasting } = await app.server.member(token)
  const reader = await created<{ id: number }>('/api/admin/roles', {
    name: `Reader ${ending.id}`,
    permissions: ['users.read'],
  })
  const team = await created<{ id: number }>('/api/admin/groups', {
    name: `Team ${ending.id}`,
    roleIds: [],
  })
  // Whole minutes, as the list shows them.
  const hence = (hours: number) =>
    new Date(Math.ceil(app.server.clock.now() / 60_000) * 60_000 + hours * HOUR).toISOString()
  const groupEnd = hence(24)
  await grant(ending, `role-grants/${reader.id}`, hence(48))
  await grant(ending, `group-grants/${team.id}`, groupEnd)
  await grant(lasting, `role-grants/${reader.id}`, null)

  await page().goto(app.at(`users?roleId=${reader.id}`))
  const table = page().getByRole('table', { name: 'Users' })
  const headers = () => table.getByRole('columnheader').allInnerTexts()
  const cellOf = (user: User) =>
    table
      .getByRole('row')
      .filter({ has: page().getByRole('link', { name: user.username, exact: true }) })
      .locator('td[data-column="accessEndsAt"]')
  await table.getByRole('link', { name: lasting.username, exact: true }).waitFor()
  expect((await headers()).some((text) => text.includes('Access ends'))).toBe(false)
  await expect(cellOf(ending).count()).resolves.toBe(0)

  const columns = page().getByRole('button', { name: 'Columns' })
  await columns.click()
  await page().getByRole('group', { name: 'Show/Hide Columns' }).getByLabel('Access ends').check()
  await columns.click()
  const shown = (await headers()).map((text) => text.replace(/[▲▼↕]/g, '').trim())
  // After Two-step's place, and not sortable: the server orders by no end.
  expect(shown.slice(shown.indexOf('Locked'), shown.indexOf('Locked') + 2)).toEqual([
    'Locked',
    'Access ends',
  ])
  await expect(
    table.getByRole('columnheader', { name: 'Access ends' }).getByRole('button').count(),
  ).resolves.toBe(0)
  const zone = await page().evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  await expect(cellOf(ending).innerText()).resolves.toBe(formatDateTime(groupEnd, '-', zone))
  await expect(cellOf(lasting).innerText()).resolves.toBe('')
  expect(await seriousViolations(page())).toEqual([])

  await page().getByRole('button', { name: 'Export CSV' }).click()
  const notice = page().getByText(/^Exported 2 users to /)
  await notice.waitFor({ timeout: 60_000 })
  const csv = await readFile(
    (await notice.textContent())!.replace(/^Exported 2 users to /, ''),
    'utf8',
  )
  const [header, ...rows] = csv.trim().split(/\r?\n/)
  expect(header).toBe('User ID,Username,Full Name,Active,Locked,Access ends')
  expect(rows).toEqual(
    expect.arrayContaining([
      `${ending.id},${ending.username},${ending.fullName},Active,Unlocked,${isoDateTime(groupEnd, '', zone)}`,
      `${lasting.id},${lasting.username},${lasting.fullName},Active,Unlocked,`,
    ]),
  )

  await columns.click()
  await page().getByRole('group', { name: 'Show/Hide Columns' }).getByLabel('Access ends').uncheck()
  await columns.click()
  expect((await headers()).some((text) => text.includes('Access ends'))).toBe(false)
})

test('bulk Assign Role for 8 hours: a reason is asked before anything is sent, then each user holds it until then', async () => {
  const firstName = `Interim${process.pid}`
  const users = [
    await app.server.createUser(token, { firstName }),
    await app.server.createUser(token, { firstName }),
  ]
  const reader = await created<{ id: number; name: string }>('/api/admin/roles', {
    name: `Bulk reader ${users[0]!.id}`,
    permissions: ['users.read'],
  })
  const rolesOf = async (user: User) =>
    (await app.server.request('GET', `/api/admin/users/${user.id}/roles`, { token })).body

  await page().goto(app.at(`users?search=${firstName}`))
  for (const user of users)
    await page()
      .getByRole('checkbox', { name: `Select ${user.username}` })
      .press('Space')
  const bar = page().getByRole('region', { name: 'Bulk actions' })
  await bar.getByRole('button', { name: 'Assign Role', exact: true }).click()
  const confirm = page().getByRole('dialog', { name: 'Please Confirm' })
  const assign = confirm.getByRole('button', { name: 'Assign Role', exact: true })
  await confirm.getByLabel('Role', { exact: true }).selectOption({ label: reader.name })
  // No end unless one is chosen, and then a reason goes with it.
  const until = confirm.getByLabel('Until', { exact: true })
  await expect(until.inputValue()).resolves.toBe('none')
  await expect(confirm.getByLabel('Reason', { exact: true }).count()).resolves.toBe(0)
  await until.selectOption({ label: '8 hours' })
  await assign.click()
  await confirm.getByText('Give a reason for access that ends.').waitFor()
  const reason = confirm.getByLabel('Reason', { exact: true })
  await expect(
    reason.evaluate((input) => input === (globalThis as any).document.activeElement),
  ).resolves.toBe(true)
  await expect(reason.getAttribute('aria-invalid')).resolves.toBe('true')
  expect(await seriousViolations(page())).toEqual([])
  for (const user of users) await expect(rolesOf(user)).resolves.toEqual([])

  await page().keyboard.type('Quarter-end close')
  const sentAt = Date.now()
  await assign.press('Enter')
  const summary = page().getByRole('dialog', { name: 'Assign Role: finished' })
  await expect(summary.getByRole('paragraph').first().innerText()).resolves.toBe('2 done, 0 failed')
  await summary.getByRole('button', { name: 'OK' }).click()

  for (const user of users) {
    const [held] = await rolesOf(user)
    expect(held).toEqual(
      expect.objectContaining({ name: reader.name, reason: 'Quarter-end close' }),
    )
    expect(Math.abs(Date.parse(held.until) - (sentAt + 8 * HOUR))).toBeLessThan(60_000)
    const [added] = await app.server.built.context.db.query<{ changes: { reason: string } }>(
      `SELECT changes FROM audit_log WHERE action = 'user.role_add' AND target_id = $1`,
      [String(user.id)],
    )
    expect(added?.changes.reason).toBe('Quarter-end close')
  }
  // The details page names the end.
  await page().goto(app.at(`users/${users[0]!.id}`))
  const shown = await roles()
    .getByLabel(`Until, ${reader.name}`, { exact: true })
    .evaluate((select: any) => select.options[select.selectedIndex].textContent as string)
  expect(shown).toMatch(/^until [A-Z][a-z]{2} \d{1,2}, \d{4}, /)
})

test('Assign Roles gives a role for 1 day once its reason is given, asked before anything is sent', async () => {
  const user = await app.server.createUser(token, { firstName: `Dialog${process.pid}` })
  const reader = await created<{ id: number; name: string }>('/api/admin/roles', {
    name: `Dialog reader ${user.id}`,
    permissions: ['users.read'],
  })
  await page().goto(app.at(`users?search=${user.username}`))
  await page()
    .getByRole('button', { name: `Assign Roles to ${user.username}` })
    .click()
  const assign = page().getByRole('dialog', { name: `Assign Roles: ${user.username}` })
  await assign.getByRole('checkbox', { name: reader.name }).check()
  await assign.getByLabel(`Until, ${reader.name}`, { exact: true }).selectOption({ label: '1 day' })
  await assign.getByRole('button', { name: 'Save', exact: true }).click()
  await assign.getByText('Give a reason for access that ends.').waitFor()
  const reason = assign.getByLabel('Reason', { exact: true })
  await expect(
    reason.evaluate((input) => input === (globalThis as any).document.activeElement),
  ).resolves.toBe(true)
  const held = async () =>
    (await app.server.request('GET', `/api/admin/users/${user.id}/roles`, { token })).body
  await expect(held()).resolves.toEqual([])

  await page().keyboard.type('On call this week')
  await assign.getByRole('button', { name: 'Save', exact: true }).click()
  await page()
    .getByRole('dialog', { name: 'Confirm the change' })
    .getByRole('button', { name: 'Save', exact: true })
    .click()
  await assign.waitFor({ state: 'detached' })
  await expect(held()).resolves.toEqual([
    expect.objectContaining({ name: reader.name, reason: 'On call this week' }),
  ])
})

async function open(user: User) {
  await page().goto(app.at(`users/${user.id}`))
  await page().getByRole('heading', { name: user.fullName, level: 2 }).waitFor()
  await adminBox().waitFor()
}

test('a temporary administrator for 1 hour: given with a reason, seen with its end, gone after it', async () => {
  const { user, password } = await app.server.member(token)
  await open(user)

  await adminBox().check()
  await adminUntil().selectOption({ label: '1 hour' })
  await saveButton().click()
  // An end asks for a reason before anything is sent.
  await roles().getByText('Give a reason for access that ends.').waitFor()
  await roles().getByLabel('Reason', { exact: true }).fill('Database migration tonight')
  await saveButton().click()
  await confirmEffect(page())
  await saveButton().and(page().locator(':disabled')).waitFor()

  // Seen with its end: the held role's Until names it.
  const shown = await adminUntil().evaluate(
    (select: any) => select.options[select.selectedIndex].textContent as string,
  )
  expect(shown).toMatch(
    /^until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
  )
  const held = await app.server.request('GET', `/api/admin/users/${user.id}/roles`, { token })
  expect(held.body).toEqual([
    expect.objectContaining({ name: 'ADMIN', reason: 'Database migration tonight' }),
  ])
  const member = await app.server.token(user.username, password)
  expect((await app.server.request('GET', '/api/admin/users', { token: member })).status).toBe(200)
  expect(await seriousViolations(page())).toEqual([])

  // An hour later by the server's clock: gone, before and after the job takes it away.
  app.server.clock.advance(3_600_000 + 1000)
  await open(user)
  await expect(adminBox().isChecked()).resolves.toBe(false)
  await expect(adminUntil().count()).resolves.toBe(0)
  const after = await app.server.token(user.username, password)
  expect((await app.server.request('GET', '/api/admin/users', { token: after })).status).toBe(403)
  await app.server.built.context.grantEnder.run()
  const [expiry] = await app.server.built.context.db.query<{ changes: { reason: string } }>(
    `SELECT changes FROM audit_log WHERE action = 'user.role_expire' AND target_id = $1`,
    [String(user.id)],
  )
  expect(expiry?.changes.reason).toBe('Database migration tonight')
})
