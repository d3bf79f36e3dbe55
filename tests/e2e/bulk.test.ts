import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedBulk } from '../../server/src/seed/bulk'
import type { User } from '@shared/contract'
import { ADMIN } from '../integration/support/server'
import { seriousViolations, startConsole } from './support'
import { reportFileName } from '@shared/report-file-name'
import { EN } from '@shared/i18n/catalogues'
import { englishText } from '../support/english'

/** The name the save dialog offers a CSV of this table today (issue 56). */
const USERS_CSV = reportFileName(EN['exports.usersReportTitle'], new Date(), 'csv', englishText)

let app: Awaited<ReturnType<typeof startConsole>>
let token: string
const trio: User[] = []
/** Users whose usernames hold "root", so that a search for it also finds the administrator. */
const ROOTLIKE = 21
/** Seeded users share this email domain: enough of them that a bulk action takes a while. */
const SEEDED = 300

beforeAll(async () => {
  app = await startConsole()
  token = await app.server.token()
  for (let i = 0; i < 3; i += 1)
    trio.push(await app.server.createUser(token, { firstName: `Trio${i}` }))
  for (let i = 0; i < ROOTLIKE; i += 1)
    await app.server.createUser(token, { username: `rootlike${process.pid}x${i}` })
  await seedBulk(app.server.built.context.db, SEEDED, () => undefined)
  await app.signIn()
})
afterAll(() => app?.close())

const table = () => app.page.getByRole('table', { name: 'Users' })
const bar = () => app.page.getByRole('region', { name: 'Bulk actions' })
const dialog = (name: string | RegExp) => app.page.getByRole('dialog', { name })
const rowOf = (username: string) =>
  table()
    .getByRole('row')
    .filter({ has: app.page.getByRole('link', { name: username, exact: true }) })

/** Opens Users searched for `search`, and waits until exactly `rows` users show. */
async function search(text: string, rows: number) {
  const { page } = app
  if (new URL(page.url()).pathname !== '/users') await page.goto(app.at('users'))
  await page.getByLabel('Search users').fill(text)
  // The search has settled once it is in the address and its page has loaded.
  await page.waitForURL((url) => url.searchParams.get('search') === text)
  await table().and(page.locator('[aria-busy="false"]')).waitFor()
  await table().getByRole('row').nth(rows).waitFor()
  await table()
    .getByRole('row')
    .nth(rows + 1)
    .waitFor({ state: 'detached' })
}

test('select 3 users, Lock them after a confirm with the count, see the summary and the rows Locked', async () => {
  const { page } = app
  await search('Trio', 3)
  expect(await bar().count()).toBe(0)

  await page.getByRole('checkbox', { name: `Select ${trio[0]!.username}` }).check()
  expect(await bar().locator('strong').innerText()).toBe('1 selected')
  await bar().getByRole('button', { name: 'Lock', exact: true }).click()
  expect(await dialog('Please Confirm').innerText()).toContain('Lock 1 user?')
  await dialog('Please Confirm').getByRole('button', { name: 'Cancel' }).click()

  for (const user of trio.slice(1))
    await page.getByRole('checkbox', { name: `Select ${user.username}` }).press('Space')
  expect(await bar().innerText()).toContain('3 selected')
  expect(await page.getByRole('checkbox', { name: 'Select page' }).isChecked()).toBe(true)
  expect(await seriousViolations(page)).toEqual([])

  await bar().getByRole('button', { name: 'Lock', exact: true }).click()
  const confirm = dialog('Please Confirm')
  expect(await confirm.getByRole('paragraph').innerText()).toBe('Lock 3 users?')
  expect(await seriousViolations(page)).toEqual([])
  await confirm.getByRole('button', { name: 'Lock' }).click()

  const summary = dialog('Lock: finished')
  await summary.waitFor()
  expect(await summary.getByRole('paragraph').first().innerText()).toBe('3 done, 0 failed')
  expect(await summary.getByRole('list', { name: 'Failures' }).count()).toBe(0)
  await page.getByText('Lock: 3 done, 0 failed').waitFor()
  await summary.getByRole('button', { name: 'OK' }).click()
  for (const user of trio) {
    await rowOf(user.username)
      .getByRole('button', { name: /^Locked:/ })
      .waitFor()
  }

  // Export Selected writes exactly these three.
  await bar().getByRole('button', { name: 'Export Selected CSV' }).click()
  await page.getByText(/Exported 3 selected users to/).waitFor()
  const csv = await readFile(join(app.saveDir, USERS_CSV), 'utf8')
  expect(csv.trim().split('\r\n').slice(1)).toEqual(
    trio.map((user) => `${user.id},${user.username},${user.fullName},Active,Locked`),
  )

  // Another search selects other users: the selection starts again.
  await search('Trio0', 1)
  expect(await bar().count()).toBe(0)
})

test('select all matching a search, Deactivate: my own account is the one failure, listed with its reason', async () => {
  const { page } = app
  const matching = ROOTLIKE + 1
  await search('root', 20)
  await page.getByRole('checkbox', { name: 'Select page' }).check()
  expect(await bar().locator('strong').innerText()).toBe('20 selected')
  await bar()
    .getByRole('button', { name: `Select all ${matching} matching` })
    .click()
  expect(await bar().locator('strong').innerText()).toBe(`${matching} selected`)

  await bar().getByRole('button', { name: 'Deactivate' }).click()
  const confirm = dialog('Please Confirm')
  expect(await confirm.getByRole('paragraph').innerText()).toBe(`Deactivate ${matching} users?`)
  await confirm.getByRole('button', { name: 'Deactivate' }).click()

  const summary = dialog('Deactivate: finished')
  await summary.waitFor()
  expect(await summary.getByRole('paragraph').first().innerText()).toBe(
    `${matching - 1} done, 1 failed`,
  )
  expect(await summary.getByRole('list', { name: 'Failures' }).innerText()).toBe(
    `${ADMIN.username}: You cannot deactivate your own account.`,
  )
  expect(await seriousViolations(page)).toEqual([])
  await summary.getByRole('button', { name: 'OK' }).click()
  // Still active, and offered no Deactivate: it is the caller's own account.
  await rowOf(ADMIN.username).getByText('Active', { exact: true }).waitFor()
  const rows = table().getByRole('row').filter({ hasText: 'rootlike' })
  // The first page: the administrator, then 19 of them.
  await rows.filter({ hasText: 'Inactive' }).nth(18).waitFor()
  expect(await rows.filter({ hasText: 'Inactive' }).count()).toBe(19)
})

test('Assign Role and Add to Group ask which one, name it in the confirm, and give it to each user', async () => {
  const { page } = app
  const role = (
    await app.server.request('POST', '/api/admin/roles', { token, body: { name: 'Bulk Auditors' } })
  ).body
  const group = (
    await app.server.request('POST', '/api/admin/groups', { token, body: { name: 'Bulk Crew' } })
  ).body
  await search('Trio', 3)
  await page.getByRole('checkbox', { name: 'Select page' }).check()

  for (const [button, label, name, text] of [
    ['Assign Role', 'Role', role.name, 'Assign role "Bulk Auditors" to 3 users?'],
    ['Add to Group', 'Group', group.name, 'Add 3 users to group "Bulk Crew"?'],
  ] as const) {
    await bar().getByRole('button', { name: button }).click()
    const confirm = dialog('Please Confirm')
    expect(await confirm.getByRole('button', { name: button }).isDisabled()).toBe(true)
    await confirm.getByLabel(label).selectOption({ label: name })
    expect(await confirm.getByRole('paragraph').first().innerText()).toBe(text)
    expect(await seriousViolations(page)).toEqual([])
    await confirm.getByRole('button', { name: button }).click()
    const summary = dialog(`${button}: finished`)
    expect(await summary.getByRole('paragraph').first().innerText()).toBe('3 done, 0 failed')
    await summary.getByRole('button', { name: 'OK' }).click()
  }
  for (const user of trio) {
    const roles = await app.server.request('GET', `/api/admin/users/${user.id}/roles`, { token })
    expect(roles.body.map((held: { name: string }) => held.name)).toEqual(['Bulk Auditors'])
    const groups = await app.server.request('GET', `/api/admin/users/${user.id}/groups`, { token })
    expect(groups.body.map((held: { name: string }) => held.name)).toEqual(['Bulk Crew'])
  }
})

test('a run shows its progress and stops on Cancel, saying how far it got', async () => {
  const { page } = app
  const { db } = app.server.built.context
  const lockedSeeded = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE email LIKE '%@bulk.example.com' AND is_locked`,
      )
    )[0]!.n
  const lockedBefore = await lockedSeeded()
  await search('bulk.example.com', 20)
  await table()
    .getByRole('row')
    .filter({ hasText: 'rootlike' })
    .first()
    .waitFor({ state: 'detached' })
  await page.getByRole('checkbox', { name: 'Select page' }).check()
  await bar()
    .getByRole('button', { name: `Select all ${SEEDED} matching` })
    .click()
  await bar().getByRole('button', { name: 'Lock', exact: true }).click()

  // A transaction holding the lock every lock takes keeps the run waiting while we look at it.
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const held = db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7310002)')
    await gate
  })
  try {
    await dialog('Please Confirm').getByRole('button', { name: 'Lock' }).click()
    const progress = dialog('Lock: in progress')
    await progress.getByRole('progressbar').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await progress.getByRole('button', { name: 'Cancel' }).click()
    await progress.getByRole('button', { name: 'Cancelling...' }).waitFor()
  } finally {
    release()
    await held
  }

  const summary = dialog('Lock: finished')
  await summary.waitFor()
  const counts = await summary.getByRole('paragraph').first().innerText()
  const done = Number(/^(\d+) done, 0 failed$/.exec(counts)?.[1])
  expect(done).toBeLessThan(SEEDED)
  expect(await summary.innerText()).toContain(
    'Cancelled: the users not yet reached were left as they were.',
  )
  expect(await lockedSeeded()).toBeLessThanOrEqual(lockedBefore + done)
  expect(await lockedSeeded()).toBeLessThan(SEEDED)
})
