import { expect, test } from 'vitest'
import { ADMIN } from '../integration/support/server'
import { hostWithServer } from './support/host-with-server'

const fixture = hostWithServer('admin-console-host-dormant-', () => ({
  DORMANT_AFTER_DAYS: '30',
  DORMANT_TIME_ZONE: 'UTC',
}))
const { call } = fixture

test('policies.dormant and policies.runDormant cross the built host to the server and back', async () => {
  await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  const preview = await call('policies.dormant')
  expect(preview).toMatchObject({
    ok: true,
    data: { enabled: true, afterDays: 30, timeZone: 'UTC', next: { count: 0 }, now: { count: 0 } },
  })
  const run = await call('policies.runDormant')
  expect(run).toMatchObject({ ok: true, data: { count: 0, exempt: 0, kept: 0 } })
  const paths = fixture.host.double.serverRequests.map((request) => new URL(request.url).pathname)
  expect(paths).toContain('/api/admin/policies/dormant')
  expect(paths).toContain('/api/admin/policies/dormant/run')
  expect(await call('policies.runDormant', { unexpected: true })).toMatchObject({ ok: false })
})
