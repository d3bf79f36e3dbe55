import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { ADMIN } from '../integration/support/server'
import { hostWithServer } from './support/host-with-server'

const fixture = hostWithServer('admin-console-host-imports-')
const { call } = fixture

beforeAll(async () => {
  const login = await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  expect(login).toMatchObject({ ok: true })
}, 60_000)

test('the CSV import opens its file through the native open dialog of the built host', async () => {
  const file = join(fixture.folder, 'people.csv')
  await writeFile(
    file,
    'username,email,first name,last name,phone\r\nhedy,hedy@example.com,Hedy,Lamarr,+1 555 0101\r\n',
  )
  fixture.host.double.openAnswer = file
  const opened = await call('imports.open', { importId: 'host-import' })
  expect(opened).toEqual({
    ok: true,
    data: { status: 'opened', fileName: 'people.csv', rows: 1, unknownColumns: [] },
  })
  expect(fixture.host.double.openDialogs.at(-1)).toMatchObject({
    properties: ['openFile'],
    filters: [
      { name: 'CSV', extensions: ['csv'] },
      { name: 'All files', extensions: ['*'] },
    ],
  })
  const preview = await call('imports.preview', { importId: 'host-import', updateExisting: false })
  expect(preview).toMatchObject({ ok: true, data: { created: 1, present: 0, failed: 0 } })
  const applied = await call('imports.apply', {
    importId: 'host-import',
    updateExisting: false,
    sendSetPasswordLink: true,
  })
  expect(applied).toMatchObject({ ok: true, data: { created: 1, cancelled: false } })
  expect(fixture.host.double.bridged).toContainEqual([
    { type: 'import-progress', importId: 'host-import', phase: 'applying', done: 1, total: 1 },
  ])
})

test('a cancelled open dialog opens nothing and sends nothing', async () => {
  fixture.host.double.openAnswer = null
  const sent = fixture.host.double.serverRequests.length
  const opened = await call('imports.open', { importId: 'host-cancelled' })
  expect(opened).toEqual({ ok: true, data: { status: 'cancelled' } })
  expect(fixture.host.double.serverRequests.length).toBe(sent)
})

test('an import input the bridge does not accept is refused before the server', async () => {
  const sent = fixture.host.double.serverRequests.length
  const refused = await call('imports.apply', { importId: 'host-import', updateExisting: 'yes' })
  expect(refused).toMatchObject({ ok: false })
  expect(refused.error.message).toMatch(/^Invalid input: /)
  expect(fixture.host.double.serverRequests.length).toBe(sent)
})
