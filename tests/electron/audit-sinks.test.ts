import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { ADMIN } from '../integration/support/server'
import { hostWithServer } from './support/host-with-server'

const fixture = hostWithServer('admin-console-host-sinks-', (folder) => ({
  AUDIT_FILE: join(folder, 'audit.jsonl'),
}))
const { call } = fixture

test('audit.sinks and audit.sendTestEvent cross the built host to the server and back', async () => {
  await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  const before = await call('audit.sinks')
  expect(before).toMatchObject({
    ok: true,
    data: { sinks: [{ name: 'file', target: join(fixture.folder, 'audit.jsonl') }] },
  })

  const sent = await call('audit.sendTestEvent')
  expect(sent).toEqual({ ok: true, data: { id: expect.any(Number), seq: expect.any(Number) } })
  const paths = fixture.host.double.serverRequests.map((request) => new URL(request.url).pathname)
  expect(paths).toContain('/api/admin/audit/test-event')

  await fixture.server.built.context.forwarder.idle()
  expect(await call('audit.sinks')).toMatchObject({
    ok: true,
    data: { sinks: [{ name: 'file', lag: 0, failing: false }] },
  })
  const lines = (await readFile(join(fixture.folder, 'audit.jsonl'), 'utf8')).trimEnd().split('\n')
  const last = JSON.parse(lines.at(-1)!) as { action: string; seq: number }
  expect(last).toMatchObject({ action: 'audit.test_event', seq: sent.data.seq })

  expect(await call('audit.sinks', { unexpected: true })).toMatchObject({ ok: false })
})
