import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ForwardedRecord } from '../../server/src/audit/forwarded-record'
import { startRsyslog, type Rsyslog } from '../integration/support/rsyslog'
import { startConsole, type Console } from './support'

let rsyslog: Rsyslog
let app: Console

beforeAll(async () => {
  rsyslog = await startRsyslog('tcp')
  app = await startConsole({ AUDIT_SYSLOG_URL: `tcp://127.0.0.1:${rsyslog.port}` })
  await app.signIn()
}, 120_000)
afterAll(async () => {
  await app?.close()
  await rsyslog?.close()
})

const card = () => app.page.getByRole('region', { name: 'Audit forwarding' })
const syslogRow = () => card().getByRole('row').filter({ hasText: 'Syslog' })

test('Settings shows the sink, its lag while down, and the test event arriving', async () => {
  await app.page.goto(app.at('settings'))
  await expect
    .poll(() => syslogRow().innerText())
    .toMatch(new RegExp(`^Syslog\\s+tcp://127\\.0\\.0\\.1:${rsyslog.port}\\s+0\\s+None$`))

  // With the receiver down the test event waits, and the card says why.
  await rsyslog.stop()
  await card().getByRole('button', { name: 'Send test event' }).click()
  await app.page.getByText(/^Test event \d+ written to the audit log$/).waitFor()
  await expect.poll(() => syslogRow().innerText(), { timeout: 20_000 }).toMatch(/ECONNREFUSED/)
  expect(Number((await syslogRow().locator('td').nth(2).innerText()).trim())).toBeGreaterThan(0)

  // Back up, it arrives: the lag returns to 0 and rsyslog wrote the record.
  await rsyslog.start()
  await expect
    .poll(() => syslogRow().locator('td').nth(2).innerText(), { timeout: 20_000 })
    .toBe('0')
  const received = await rsyslog.receivedAtLeast(1)
  const actions = received.map((line) => (JSON.parse(line.msg) as ForwardedRecord).action)
  expect(actions).toContain('audit.test_event')
}, 90_000)

test('a holder of users.read alone is not shown the sinks', async () => {
  const token = await app.server.token()
  const role = await app.server.request('POST', '/api/admin/roles', {
    token,
    body: { name: 'READERS', permissions: ['users.read'] },
  })
  const reader = await app.server.member(token)
  await app.server.request('PUT', `/api/admin/users/${reader.user.id}/roles/${role.body.id}`, {
    token,
  })
  await app.page.getByRole('button', { name: /Account menu/ }).click()
  await app.page.getByRole('menuitem', { name: 'Sign out' }).click()
  await app.signIn(reader.user.username, reader.password)
  await app.page.goto(app.at('settings'))
  await app.page.getByRole('heading', { name: 'Theme' }).waitFor()
  expect(await card().count()).toBe(0)
}, 60_000)
