import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN } from '../integration/support/server'
import { startConsole } from './support'
import { dailyRunTwelveHoursAway } from '../integration/support/daily-run-later'

/**
 * Issue 57 item 2 in the console: the Users page says what the dormant-accounts policy's next
 * run will do, shows those users one click away through the last-sign-in filter, and Run now
 * deactivates them after a confirm dialog. Time passes by the server's clock, not by sleeping.
 */

const DAY = 86_400_000
const TAG = 'Qzdormant'

let app: Awaited<ReturnType<typeof startConsole>>

beforeAll(async () => {
  app = await startConsole({
    DORMANT_AFTER_DAYS: '30',
    ...dailyRunTwelveHoursAway(),
  })
  const token = await app.server.token()
  for (let i = 0; i < 3; i += 1) {
    await app.server.createUser(token, { firstName: `Away${i}`, lastName: TAG })
  }
  // A month on: the three, created and never signed in, are dormant. So is the administrator,
  // whose sign-in the database dates by its own clock, but as the last one it is kept.
  app.server.clock.stop()
  app.server.clock.advance(31 * DAY)
  await app.signIn()
})
afterAll(() => app?.close())

const notice = () => app.page.getByRole('region', { name: 'Dormant accounts' })
const table = () => app.page.getByRole('table', { name: 'Users' })
const usernames = () => table().locator('td[data-column="username"]').allInnerTexts()
const filters = () => app.page.getByRole('group', { name: 'Filters' })

test('the next run is shown with its users one click away, and Run now deactivates them', async () => {
  await app.page.goto(app.at('users'))
  await notice()
    .getByText(/^3 users will be deactivated at \d\d:\d\d$/)
    .waitFor()
  await notice().getByText('(1 kept as the last administrators)').waitFor()
  await notice().getByRole('link', { name: 'Show them' }).click()
  await app.page.waitForURL(/lastSignIn=/)
  const params = new URL(app.page.url()).searchParams
  expect(params.get('status')).toBe('active')
  await expect.poll(async () => (await usernames()).length, { timeout: 10_000 }).toBe(4)
  expect(await filters().getByLabel('Last sign-in', { exact: true }).inputValue()).toBe('before')
  expect(await usernames()).toContain(ADMIN.username)

  await notice().getByRole('button', { name: 'Run now' }).click()
  const confirm = app.page.getByRole('dialog', { name: 'Please Confirm' })
  await confirm
    .getByText(
      'Deactivate 3 users who have not signed in for 30 days now? Each is recorded in the audit log as dormant.',
    )
    .waitFor()
  await confirm.getByRole('button', { name: 'Deactivate' }).click()
  await app.page
    .locator('[role="status"].notifications')
    .getByText('3 dormant users deactivated', { exact: true })
    .waitFor()
  await notice()
    .getByText(/^0 users will be deactivated at/)
    .waitFor()
  const rows = await app.server.built.context.db.query<{ is_active: boolean; reason: string }>(
    `SELECT u.is_active, a.changes->>'reason' AS reason FROM users u
     JOIN audit_log a ON a.target_id = u.id::text AND a.action = 'user.deactivate'
     WHERE u.last_name = $1`,
    [TAG],
  )
  expect(rows).toEqual(Array(3).fill({ is_active: false, reason: 'dormant' }))
})

test('the Users list filters by last sign-in: never', async () => {
  await app.page.goto(app.at('users'))
  await filters().getByLabel('Last sign-in', { exact: true }).selectOption('never')
  await app.page.waitForURL(/lastSignIn=never/)
  await expect
    .poll(async () => (await usernames()).sort(), { timeout: 10_000 })
    .toEqual(
      (
        await app.server.built.context.db.query<{ username: string }>(
          'SELECT username FROM users WHERE last_login IS NULL ORDER BY username',
        )
      ).map((row) => row.username),
    )
  expect(await usernames()).not.toContain(ADMIN.username)
})
