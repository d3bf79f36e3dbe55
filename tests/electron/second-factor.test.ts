import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { codeOf, STEP_MS } from '../integration/support/second-factor'
import { ADMIN, startServer, type TestServer } from '../integration/support/server'
import { launchHost, type HostRun } from './support/host'

/** Issue 30 through the built host: what of two-step sign-in crosses the bridge, and what not. */

let server: TestServer
let host: HostRun
let saves: string

const call = (channel: string, payload?: unknown) =>
  host.double.invoke(host.double.consoleWindow()!.webContents.mainFrame, channel, payload)

beforeAll(async () => {
  server = await startServer()
  saves = await mkdtemp(join(tmpdir(), 'admin-console-host-saves-'))
  host = await launchHost({ env: { ADMIN_CONSOLE_API_URL: server.url } })
}, 60_000)
afterAll(async () => {
  await call('auth.logout')
  await host?.close()
  await server?.close()
  await rm(saves, { recursive: true, force: true })
})

test('the mfaToken and the secret never cross the bridge after enrolment; the codes file goes through the save dialog', async () => {
  await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  const begun = await call('secondFactor.begin')
  expect(begun.ok).toBe(true)
  const { secret, qrCode } = begun.data as { secret: string; qrCode: string }
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
  const confirmed = await call('secondFactor.confirm', {
    code: codeOf(secret, Date.now() - STEP_MS),
  })
  expect(confirmed.ok).toBe(true)
  const { recoveryCodes } = confirmed.data as { recoveryCodes: string[] }

  const file = join(saves, 'codes.txt')
  host.double.saveAnswer = file
  const saved = await call('secondFactor.saveRecoveryCodes', { recoveryCodes })
  expect(saved).toEqual({ ok: true, data: { status: 'saved', file, rows: 10 } })
  const dialog = host.double.saveDialogs.at(-1)!
  expect(dialog.defaultPath).toMatch(/admin-console-recovery-codes\.txt$/)
  expect(dialog.filters).toEqual([{ name: 'Text', extensions: ['txt'] }])
  const text = await readFile(file, 'utf8')
  for (const code of recoveryCodes) expect(text).toContain(code)

  const enrolledAt = host.double.bridged.length
  await call('auth.logout')
  const tokensBefore = host.double.tokens.size
  const first = await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  expect(first).toMatchObject({ ok: false, error: { code: 'mfa_required' } })
  // The server answered an mfaToken: the main process kept it.
  expect(host.double.tokens.size).toBe(tokensBefore + 1)
  const second = await call('auth.secondStep', { code: codeOf(secret) })
  expect(second).toMatchObject({ ok: true, data: { user: { username: ADMIN.username } } })
  expect((await call('secondFactor.status')).data).toMatchObject({ enrolled: true })

  const crossedAfter = JSON.stringify(host.double.bridged.slice(enrolledAt))
  expect(crossedAfter).not.toContain(secret)
  const crossed = JSON.stringify(host.double.bridged)
  for (const token of host.double.tokens) expect(crossed).not.toContain(token)

  // Bad input is refused in the main process, before the server.
  const sent = host.double.serverRequests.length
  expect((await call('auth.secondStep', { code: 'abc' })).ok).toBe(false)
  expect((await call('secondFactor.saveRecoveryCodes', { recoveryCodes: 'x' })).ok).toBe(false)
  expect(host.double.serverRequests.length).toBe(sent)
})
