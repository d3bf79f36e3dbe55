import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN, startServer, type TestServer } from '../integration/support/server'
import { launchHost, type HostRun } from './support/host'

let server: TestServer
let host: HostRun
let files: string

const mainFrame = () => host.double.consoleWindow()!.webContents.mainFrame
const call = (channel: string, payload?: unknown) =>
  host.double.invoke(mainFrame(), channel, payload)

beforeAll(async () => {
  server = await startServer()
  files = await mkdtemp(join(tmpdir(), 'admin-console-host-imports-'))
  host = await launchHost({ env: { ADMIN_CONSOLE_API_URL: server.url } })
  const login = await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  expect(login).toMatchObject({ ok: true })
}, 60_000)
afterAll(async () => {
  await call('auth.logout')
  await host?.close()
  await server?.close()
  await rm(files, { recursive: true, force: true })
})

test('the CSV import opens its file through the native open dialog of the built host', async () => {
  const file = join(files, 'people.csv')
  await writeFile(
    file,
    'username,email,first name,last name,phone\r\nhedy,hedy@example.com,Hedy,Lamarr,+1 555 0101\r\n',
  )
  host.double.openAnswer = file
  const opened = await call('imports.open', { importId: 'host-import' })
  expect(opened).toEqual({
    ok: true,
    data: { status: 'opened', fileName: 'people.csv', rows: 1, unknownColumns: [] },
  })
  expect(host.double.openDialogs.at(-1)).toMatchObject({
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
  expect(host.double.bridged).toContainEqual([
    { type: 'import-progress', importId: 'host-import', phase: 'applying', done: 1, total: 1 },
  ])
})

test('a cancelled open dialog opens nothing and sends nothing', async () => {
  host.double.openAnswer = null
  const sent = host.double.serverRequests.length
  const opened = await call('imports.open', { importId: 'host-cancelled' })
  expect(opened).toEqual({ ok: true, data: { status: 'cancelled' } })
  expect(host.double.serverRequests.length).toBe(sent)
})

test('an import input the bridge does not accept is refused before the server', async () => {
  const sent = host.double.serverRequests.length
  const refused = await call('imports.apply', { importId: 'host-import', updateExisting: 'yes' })
  expect(refused).toMatchObject({ ok: false })
  expect(refused.error.message).toMatch(/^Invalid input: /)
  expect(host.double.serverRequests.length).toBe(sent)
})
