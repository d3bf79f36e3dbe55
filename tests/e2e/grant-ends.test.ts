import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { seriousViolations, startConsole } from './support'

/**
 * A temporary administrator (issue 57): the ADMIN role given on the details page for 1 hour,
 * with a reason, is shown with its end, and is gone once the server's clock has passed it.
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
