import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { codeOf, STEP_MS } from '../integration/support/second-factor'
import { ADMIN } from '../integration/support/server'
import { hostWithServer } from './support/host-with-server'

/** Issue 30 through the built host: what of two-step sign-in crosses the bridge, and what not. */

const fixture = hostWithServer('admin-console-host-saves-')
const { call } = fixture
/** The administrator's secret, once the first test has turned two-step sign-in on. */
let enrolledSecret = ''

test('the mfaToken and the secret never cross the bridge after enrolment; the codes file goes through the save dialog', async () => {
  await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  const begun = await call('secondFactor.begin')
  expect(begun.ok).toBe(true)
  const { secret, qrCode } = begun.data as { secret: string; qrCode: string }
  enrolledSecret = secret
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
  const confirmed = await call('secondFactor.confirm', {
    code: codeOf(secret, Date.now() - STEP_MS),
  })
  expect(confirmed.ok).toBe(true)
  const { recoveryCodes } = confirmed.data as { recoveryCodes: string[] }

  const file = join(fixture.folder, 'codes.txt')
  fixture.host.double.saveAnswer = file
  const saved = await call('secondFactor.saveRecoveryCodes', { recoveryCodes })
  expect(saved).toEqual({ ok: true, data: { status: 'saved', file, rows: 10 } })
  const dialog = fixture.host.double.saveDialogs.at(-1)!
  expect(dialog.defaultPath).toMatch(/admin-console-recovery-codes\.txt$/)
  expect(dialog.filters).toEqual([{ name: 'Text', extensions: ['txt'] }])
  const text = await readFile(file, 'utf8')
  for (const code of recoveryCodes) expect(text).toContain(code)

  const enrolledAt = fixture.host.double.bridged.length
  await call('auth.logout')
  const tokensBefore = fixture.host.double.tokens.size
  const first = await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  expect(first).toMatchObject({ ok: false, error: { code: 'mfa_required' } })
  // The server answered an mfaToken: the main process kept it.
  expect(fixture.host.double.tokens.size).toBe(tokensBefore + 1)
  const second = await call('auth.secondStep', { code: codeOf(secret) })
  expect(second).toMatchObject({ ok: true, data: { user: { username: ADMIN.username } } })
  expect((await call('secondFactor.status')).data).toMatchObject({ enrolled: true })

  const crossedAfter = JSON.stringify(fixture.host.double.bridged.slice(enrolledAt))
  expect(crossedAfter).not.toContain(secret)
  const crossed = JSON.stringify(fixture.host.double.bridged)
  for (const token of fixture.host.double.tokens) expect(crossed).not.toContain(token)

  // Bad input is refused in the main process, before the server.
  const sent = fixture.host.double.serverRequests.length
  expect((await call('auth.secondStep', { code: 'abc' })).ok).toBe(false)
  expect((await call('secondFactor.saveRecoveryCodes', { recoveryCodes: 'x' })).ok).toBe(false)
  expect(fixture.host.double.serverRequests.length).toBe(sent)
})

test('wrong codes tried since the last sign-in reach the renderer with the next sign-in only', async () => {
  await call('auth.logout')
  const signIn = () => call('auth.login', { username: ADMIN.username, password: ADMIN.password })
  expect(await signIn()).toMatchObject({ ok: false, error: { code: 'mfa_required' } })
  expect((await call('auth.secondStep', { code: '000000' })).ok).toBe(false)
  expect(await signIn()).toMatchObject({ ok: false, error: { code: 'mfa_required' } })
  const told = await call('auth.secondStep', { code: codeOf(enrolledSecret, Date.now() + STEP_MS) })
  expect(told).toMatchObject({ ok: true, data: { failedSecondSteps: 1 } })
  // Told once: the remembered session says nothing of it.
  expect((await call('auth.session')).data).not.toHaveProperty('failedSecondSteps')
})
