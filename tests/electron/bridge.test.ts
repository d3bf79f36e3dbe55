import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, test } from 'vitest'
import type { UserExportRequest } from '@shared/bridge-inputs'
import { PERMISSIONS } from '@shared/contract'
import { ADMIN } from '../integration/support/server'
import { FakeFrame } from './support/electron-double'
import { hostWithServer } from './support/host-with-server'

const fixture = hostWithServer('admin-console-host-saves-')
const { call, mainFrame } = fixture

const REFUSED = { ok: false, error: { message: 'Refused: not the console window' } }
const exportUsers = (request: Partial<UserExportRequest> & Pick<UserExportRequest, 'format'>) =>
  call('exports.users', {
    exportId: `export-${Math.random().toString(36).slice(2)}`,
    sort: 'id',
    direction: 'asc',
    columns: ['id', 'username'],
    ...request,
  })

describe('the console window’s main frame, through the built host', () => {
  test('app.info, auth.login and users.list answer ok', async () => {
    expect(mainFrame().url).toBe('app://console/')
    const info = await call('app.info')
    expect(info).toMatchObject({ ok: true, data: { serverUrl: fixture.server.url } })
    const login = await call('auth.login', { username: ADMIN.username, password: ADMIN.password })
    expect(login).toMatchObject({ ok: true, data: { user: { username: ADMIN.username } } })
    const list = await call('users.list', { page: 0, size: 20 })
    expect(list).toMatchObject({ ok: true, data: { page: { totalElements: 1 } } })
  })

  test('the session that reaches the renderer names its permissions, and nothing else is new', async () => {
    const session = await call('auth.session')
    expect(session.ok).toBe(true)
    expect(session.data.permissions).toEqual(PERMISSIONS)
    expect(Object.keys(session.data).sort()).toEqual([
      'features',
      'permissions',
      'remembered',
      'roles',
      'serverUrl',
      'user',
    ])
  })

  test('effects.preview answers who a change would reach, and the change is not made', async () => {
    expect((await call('auth.session')).data.features).toEqual([
      'effect-preview',
      'grant-ends',
      'import-runs',
    ])
    const roles = await call('roles.list')
    const [administrator] = roles.data.content
    const preview = await call('effects.preview', {
      changes: [{ operation: 'deactivateRole', input: { id: administrator.id } }],
    })
    // The administrator role cannot be deactivated: the preview says so, as the change would.
    expect(preview).toMatchObject({ ok: false, error: { status: 409 } })
    // Giving the administrators their own role again reaches no one.
    const self = (await call('auth.session')).data.user.id
    const again = await call('effects.preview', {
      changes: [{ operation: 'addUserRole', input: { id: self, roleId: administrator.id } }],
    })
    expect(again).toEqual({ ok: true, data: { users: 0, gains: [], losses: [] } })
    // Checked in the main process before anything is sent.
    const refused = await call('effects.preview', { changes: [{ operation: 'deleteUser' }] })
    expect(refused.ok).toBe(false)
  })

  test('roles reach the renderer with their permissions and the administrator role its mark, nothing else', async () => {
    const roles = await call('roles.list')
    expect(roles.ok).toBe(true)
    const [administrator] = roles.data.content
    expect(administrator).toMatchObject({ permissions: PERMISSIONS, administrator: true })
    expect(Object.keys(administrator).sort()).toEqual([
      'active',
      'administrator',
      'groups',
      'id',
      'name',
      'permissions',
    ])
  })

  test('auth.reauth takes the password to the server only, and answers nothing secret', async () => {
    const crossedBefore = fixture.host.double.bridged.length
    expect(await call('auth.reauth', { password: 'not-the-password' })).toEqual({
      ok: false,
      error: { message: 'The password is not correct.', status: 400, code: 'wrong_password' },
    })
    expect(await call('auth.reauth', { password: ADMIN.password })).toEqual({
      ok: true,
      data: null,
    })
    const sent = fixture.host.double.serverRequests.filter(
      (request) => new URL(request.url).pathname === '/auth/reauth',
    )
    expect(sent).toHaveLength(2)
    for (const request of sent) expect(request.authorization).toMatch(/^Bearer \S+$/)
    const crossed = JSON.stringify(fixture.host.double.bridged.slice(crossedBefore))
    expect(crossed).not.toContain(ADMIN.password)
    expect(crossed).not.toContain('not-the-password')
  })

  test('opens a user and saves with the ETag it read (If-Match)', async () => {
    const token = await fixture.server.token()
    // A surname in Greek, which the PDF tests below need Chromium to print.
    const user = await fixture.server.createUser(token, {
      firstName: 'Before',
      lastName: 'Ζαχαρίου',
    })
    const opened = await call('users.get', { id: user.id })
    expect(opened).toMatchObject({ ok: true, data: { user: { id: user.id } } })
    const etag = opened.data.etag as string
    expect(etag).toBeTruthy()

    const profile = {
      username: user.username,
      email: user.email,
      firstName: 'After',
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
    }
    const saved = await call('users.update', { id: user.id, changes: profile, etag })
    expect(saved).toMatchObject({ ok: true, data: { user: { firstName: 'After' } } })
    const put = fixture.host.double.serverRequests.findLast((request) => request.method === 'PUT')
    expect(put).toMatchObject({
      url: `${fixture.server.url}/api/admin/users/${user.id}`,
      ifMatch: etag,
    })

    // The same stale ETag again: someone else's change wins, nothing is overwritten.
    const stale = await call('users.update', {
      id: user.id,
      changes: { ...profile, firstName: 'Stale' },
      etag,
    })
    expect(stale).toMatchObject({ ok: false, error: { status: 412 } })
    const reread = await fixture.server.request('GET', `/api/admin/users/${user.id}`, { token })
    expect(reread.body.firstName).toBe('After')
  })

  test('a CSV export goes through the native save dialog and writes the file', async () => {
    const file = join(fixture.folder, 'users.csv')
    fixture.host.double.saveAnswer = file
    const outcome = await exportUsers({
      exportId: 'csv-1',
      format: 'csv',
    })
    expect(outcome).toEqual({ ok: true, data: { status: 'saved', file, rows: 2 } })
    const dialog = fixture.host.double.saveDialogs.at(-1)!
    expect(dialog.defaultPath).toMatch(/Users_Report_\d{4}-\d{2}-\d{2}\.csv$/)
    expect(dialog.filters).toEqual([{ name: 'CSV', extensions: ['csv'] }])
    const csv = await readFile(file, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('User ID,Username')
    expect(csv).toContain(`\r\n1,${ADMIN.username}\r\n`)
    expect(fixture.host.double.bridged).toContainEqual([
      { type: 'export-progress', exportId: 'csv-1', done: 2, total: 2 },
    ])
  })

  test('a PDF export in Helvetica is drawn by the core: no window, a real file', async () => {
    const file = join(fixture.folder, 'latin.pdf')
    fixture.host.double.saveAnswer = file
    const windowsBefore = fixture.host.double.windows.length
    const printedBefore = fixture.host.double.printed.length
    const outcome = await exportUsers({ format: 'pdf', columns: ['username', 'email'] })
    expect(outcome).toEqual({ ok: true, data: { status: 'saved', file, rows: 2 } })
    expect(fixture.host.double.windows.length).toBe(windowsBefore)
    expect(fixture.host.double.printed.length).toBe(printedBefore)
    const pdf = await PDFDocument.load(await readFile(file))
    expect(pdf.getTitle()).toBe('Users Report')
    expect(pdf.getPageCount()).toBe(1)
  })

  test('a PDF export with text Helvetica lacks is printed by printToPDF in a sandboxed hidden window', async () => {
    const file = join(fixture.folder, 'users.pdf')
    fixture.host.double.saveAnswer = file
    const windowsBefore = fixture.host.double.windows.length
    const outcome = await exportUsers({
      format: 'pdf',
      sort: 'username',
      columns: ['username', 'email', 'fullName'],
    })
    expect(outcome).toEqual({ ok: true, data: { status: 'saved', file, rows: 2 } })
    const printed = fixture.host.double.printed.at(-1)!
    expect(printed.options).toMatchObject({
      landscape: true,
      pageSize: 'A4',
      printBackground: true,
    })
    expect(printed.html).toContain('Users Report')
    expect(printed.html).toContain(ADMIN.email)
    expect(printed.html).toContain('After Ζαχαρίου')
    const report = fixture.host.double.windows[windowsBefore]!
    expect(report.options.show).toBe(false)
    expect(report.options.webPreferences).toMatchObject({ sandbox: true, javascript: false })
    expect(report.isDestroyed()).toBe(true)
    const pdf = await PDFDocument.load(await readFile(file))
    expect(pdf.getPageCount()).toBe(1)
  })

  test('when printToPDF fails, the report opens in a sandboxed print window instead', async () => {
    fixture.host.double.saveAnswer = join(fixture.folder, 'unprintable.pdf')
    fixture.host.double.failPdf = true
    const windowsBefore = fixture.host.double.windows.length
    try {
      const outcome = await exportUsers({ format: 'pdf', columns: ['fullName'] })
      expect(outcome).toEqual({ ok: true, data: { status: 'printed', rows: 2 } })
    } finally {
      fixture.host.double.failPdf = false
    }
    const print = fixture.host.double.windows
      .slice(windowsBefore)
      .find((window) => window.options.show)!
    expect(print.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
    })
    expect(fixture.host.double.printWindows.at(-1)).toContain('Users Report')
    expect(existsSync(join(fixture.folder, 'unprintable.pdf'))).toBe(false)
    const log = await readFile(join(fixture.host.userData, 'logs', 'main.log'), 'utf8')
    expect(log).toMatch(/ERROR The PDF could not be rendered; .*Printing failed/)
  })

  test('a closed save dialog cancels the export and writes nothing', async () => {
    fixture.host.double.saveAnswer = null
    const outcome = await exportUsers({
      format: 'csv',
      columns: ['id', 'username', 'email'],
    })
    expect(outcome).toEqual({ ok: true, data: { status: 'cancelled' } })
  })

  test('no token ever crosses the bridge; every API call carries one', async () => {
    expect(fixture.host.double.tokens.size).toBeGreaterThan(0)
    const crossed = JSON.stringify(fixture.host.double.bridged)
    for (const token of fixture.host.double.tokens) expect(crossed).not.toContain(token)
    const apiCalls = fixture.host.double.serverRequests.filter((request) =>
      new URL(request.url).pathname.startsWith('/api/'),
    )
    expect(apiCalls.length).toBeGreaterThan(3)
    for (const request of apiCalls) expect(request.authorization).toMatch(/^Bearer \S+$/)
  })

  test('users.grantRole and users.grantGroup give for a while, with the reason (issue 57)', async () => {
    const token = await fixture.server.token()
    const user = await fixture.server.createUser(token)
    const role = await fixture.server.request('POST', '/api/admin/roles', {
      token,
      body: { name: 'On call', permissions: ['users.read'] },
    })
    const group = await fixture.server.request('POST', '/api/admin/groups', {
      token,
      body: { name: 'Night shift', roleIds: [] },
    })
    const until = new Date(fixture.server.clock.now() + 3_600_000).toISOString()
    const reason = 'Covering the night shift'
    expect(
      await call('users.grantRole', { id: user.id, roleId: role.body.id, until, reason }),
    ).toEqual({
      ok: true,
      data: [{ id: role.body.id, name: 'On call', active: true, until, reason }],
    })
    expect(
      await call('users.grantGroup', { id: user.id, groupId: group.body.id, until: null }),
    ).toEqual({
      ok: true,
      data: [{ id: group.body.id, name: 'Night shift', active: true, until: null, reason: null }],
    })
    const sent = fixture.host.double.serverRequests.slice(-2).map((request) => request.url)
    expect(sent).toEqual([
      `${fixture.server.url}/api/admin/users/${user.id}/role-grants/${role.body.id}`,
      `${fixture.server.url}/api/admin/users/${user.id}/group-grants/${group.body.id}`,
    ])
    // Checked in the main process: a reason of the wrong kind never reaches the server.
    const before = fixture.host.double.serverRequests.length
    expect(
      await call('users.grantRole', { id: user.id, roleId: role.body.id, until, reason: 7 }),
    ).toMatchObject({ ok: false })
    expect(fixture.host.double.serverRequests).toHaveLength(before)
  })
})

describe('refused before anything reaches the server', () => {
  const refusedWithoutRequest = async (frame: FakeFrame | null) => {
    const sent = fixture.host.double.serverRequests.length
    expect(await fixture.host.double.invoke(frame, 'users.list', { page: 0, size: 20 })).toEqual(
      REFUSED,
    )
    expect(await fixture.host.double.invoke(frame, 'app.info')).toEqual(REFUSED)
    expect(fixture.host.double.serverRequests.length).toBe(sent)
  }

  test('a subframe of the console', async () => {
    await refusedWithoutRequest(new FakeFrame('app://console/', mainFrame()))
  })

  test('another window, even one showing the console', async () => {
    await refusedWithoutRequest(new FakeFrame('app://console/users'))
  })

  test('the main frame once it shows another page', async () => {
    const frame = mainFrame()
    const url = frame.url
    try {
      for (const foreign of ['https://evil.example/', 'file:///etc/passwd', 'app://other/']) {
        frame.url = foreign
        await refusedWithoutRequest(frame)
      }
    } finally {
      frame.url = url
    }
  })

  test('a frame that is gone', async () => {
    await refusedWithoutRequest(null)
  })

  test.each([
    ['users.get', { id: 'one' }, /^Invalid input: id/],
    ['users.get', { id: -4 }, /^Invalid input: id/],
    ['users.list', { page: 0, size: 5000 }, /^Invalid input: size/],
    ['auth.login', { username: 42 }, /^Invalid input/],
    ['users.update', { id: 1, changes: { email: 'not-an-email' } }, /^Invalid input/],
    ['exports.users', { exportId: 'x', format: 'docx' }, /^Invalid input/],
    ['users.lock', 'DROP TABLE users', /^Invalid input/],
    ['auth.reauth', { password: '' }, /^Invalid input: password/],
    ['auth.reauth', { password: 'x', code: 123456 }, /^Invalid input: code/],
  ])('a malformed %s payload: %j', async (channel, payload, message) => {
    const sent = fixture.host.double.serverRequests.length
    const answer = await call(channel, payload)
    expect(answer.ok).toBe(false)
    expect(answer.error.message).toMatch(message)
    expect(fixture.host.double.serverRequests.length).toBe(sent)
  })
})

test('the log holds export failures and never a token or a password', async () => {
  fixture.host.double.saveAnswer = join(fixture.folder, 'no-such-folder', 'users.csv')
  const outcome = await exportUsers({
    format: 'csv',
    columns: ['id', 'username', 'email'],
  })
  expect(outcome.ok).toBe(false)
  const logFile = join(fixture.host.userData, 'logs', 'main.log')
  expect(existsSync(logFile)).toBe(true)
  const log = await readFile(logFile, 'utf8')
  expect(log).toMatch(/ERROR Export of users as CSV failed: .*ENOENT/)
  expect(log).not.toContain(ADMIN.password)
  for (const token of fixture.host.double.tokens) expect(log).not.toContain(token)
})
