import { execFileSync } from 'node:child_process'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { isoDateTime, localTimeZone } from '@shared/dates'
import type { User } from '@shared/contract'
import { seriousViolations, startConsole, type Console } from './support'

/**
 * Issue 56, point 5: every date says which zone it is in, Settings chooses the zone, a CSV's
 * times carry their offset, and the Users PDF says what it holds and in which zone.
 */
let app: Console
let heron: User

beforeAll(async () => {
  app = await startConsole()
  const token = await app.server.token()
  heron = await app.server.createUser(token, { username: 'heron.zone', lastName: 'Heron' })
  await app.signIn()
}, 120_000)
afterAll(() => app?.close())

beforeEach(async () => {
  for (const file of await readdir(app.saveDir)) await rm(join(app.saveDir, file))
})

/** The Users list searched for the heron, with Created At shown. */
async function heronRow() {
  const { page } = app
  await page.goto(app.at('users?search=heron.zone'))
  const columns = page.getByRole('button', { name: 'Columns' })
  const createdAt = page.getByRole('group', { name: 'Show/Hide Columns' }).getByLabel('Created At')
  await columns.click()
  await createdAt.check()
  await columns.click()
  const row = page.getByRole('row', { name: /heron\.zone/ })
  await row.waitFor()
  return row
}

async function chooseZone(label: RegExp) {
  const { page } = app
  await page.goto(app.at('settings'))
  const select = page.getByLabel('Show times in')
  const option = select.locator('option', { hasText: label })
  await select.selectOption({ label: (await option.first().textContent())! })
}

test('the list names the zone of its dates: this computer’s until Settings chooses another', async () => {
  const { page } = app
  const shown = (zone: string) =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: zone,
      timeZoneName: 'short',
    }).format(new Date(heron.createdDate!))
  await page.evaluate(() => (globalThis as any).localStorage.removeItem('app:timeZone'))
  await page.reload()
  const row = await heronRow()
  await row.getByRole('cell', { name: shown(localTimeZone()), exact: true }).waitFor()

  await chooseZone(/^Asia\/Tokyo /)
  await expect(
    page.getByLabel('Show times in').locator('option:checked').textContent(),
  ).resolves.toBe('Asia/Tokyo (UTC+09:00)')
  expect(await seriousViolations(page)).toEqual([])
  const inTokyo = await heronRow()
  await inTokyo.getByRole('cell', { name: shown('Asia/Tokyo'), exact: true }).waitFor()
  expect(shown('Asia/Tokyo')).toMatch(/ GMT\+9$/)

  // Remembered across a restart of the window, and undone by choosing this computer's zone.
  await page.reload()
  await (await heronRow()).getByRole('cell', { name: shown('Asia/Tokyo') }).waitFor()
  await chooseZone(/^This computer's zone/)
  await (await heronRow()).getByRole('cell', { name: shown(localTimeZone()) }).waitFor()
})

test('the CSV writes times in ISO 8601 with the chosen zone’s offset', async () => {
  await chooseZone(/^America\/New_York /)
  await heronRow()
  await app.page.getByRole('button', { name: 'Export CSV' }).click()
  const notice = app.page.getByText(/^Exported 1 users to /)
  await notice.waitFor({ timeout: 30_000 })
  const file = (await notice.textContent())!.replace(/^Exported 1 users to /, '')
  const [header, row] = (await readFile(file, 'utf8')).split('\r\n')
  expect(header).toBe('User ID,Username,Full Name,Active,Locked,Created At')
  const created = isoDateTime(heron.createdDate, '-', 'America/New_York')
  expect(created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/)
  expect(row!.split(',').at(-1)).toBe(created)
  expect(new Date(created).getTime()).toBe(Math.floor(Date.parse(heron.createdDate!) / 1000) * 1000)
})

test('the Users PDF says its search, filters, sort and zone; its row numbers stand apart', async () => {
  const { page } = app
  await chooseZone(/^Asia\/Dubai /)
  await heronRow()
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Status').selectOption('Active')
  await page.waitForURL((url) => url.searchParams.get('status') === 'active')
  await page.getByRole('columnheader', { name: 'Username' }).click()
  await page.waitForURL((url) => url.searchParams.get('sort') === 'username')
  await page.getByRole('button', { name: 'Export PDF' }).click()
  const notice = page.getByText(/^Exported 1 users to /)
  await notice.waitFor({ timeout: 60_000 })
  const file = (await notice.textContent())!.replace(/^Exported 1 users to /, '')
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toMatch(
    /Users Report\n\s*Generated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M GMT\+4\n\s*Users matching Search "heron\.zone", Status: Active\n\s*Sorted by Username, ascending\n\s*Times in Asia\/Dubai \(UTC\+04:00\)\n/,
  )
  expect(text).toMatch(/GMT\+4\s*$/m)
  // "1" and the User ID no longer read as one run: the gap between them is wider than a space's.
  expect(text).toMatch(new RegExp(`^\\s*1\\s{3,}${heron.id}\\s+heron\\.zone`, 'm'))
})
