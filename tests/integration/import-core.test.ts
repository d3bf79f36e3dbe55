import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCore, type Core } from '../../src/main/core'
import { memoryVault } from '../../src/main/core/vault/vault'
import type { BridgeEvent, ImportReport } from '@shared/bridge'
import { IMPORT_MESSAGES } from '@shared/user-import-messages'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'

let server: TestServer
let core: Core
let dir: string
/** What the open dialog answers next. */
let chosen: string | null = null
let posts: string[] = []
const events: BridgeEvent[] = []

const call = (channel: string, payload?: unknown) => core.handle(channel, payload) as Promise<any>
let imports = 0
/** Writes a file, "chooses" it in the open dialog, and answers the import's id and outcome. */
async function open(name: string, text: string) {
  chosen = join(dir, name)
  await writeFile(chosen, text)
  const importId = `import-${(imports += 1)}`
  return { importId, opened: await call('imports.open', { importId }) }
}
const progress = (importId: string) =>
  events.flatMap((event) =>
    event.type === 'import-progress' && event.importId === importId
      ? [[event.phase, event.done, event.total]]
      : [],
  )
/** The `user.import` audit entries of a file, oldest first. */
const importEntries = async (file: string) =>
  (
    await server.built.context.db.query<{ changes: object }>(
      `SELECT changes FROM audit_log WHERE action = 'user.import' AND changes->>'file' = $1
       ORDER BY id`,
      [file],
    )
  ).map((entry) => entry.changes)
const countUsers = async () =>
  (await server.built.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n

beforeAll(async () => {
  server = await startServer()
  dir = await mkdtemp(join(tmpdir(), 'import-core-'))
  core = createCore({
    serverUrl: server.url,
    fetch: async (url, init) => {
      if (init.method === 'POST') posts.push(new URL(url).pathname)
      return fetch(url, init)
    },
    vault: memoryVault(),
    exportPorts: folderExportPorts(dir),
    chooseImportFile: async () => chosen,
    version: 'test',
  })
  core.onEvent((event) => events.push(event))
  expect(
    await call('auth.login', { username: ADMIN.username, password: ADMIN.password }),
  ).toMatchObject({ ok: true })
  await call('groups.create', { name: 'Vertrieb', roleIds: [] })
})
afterAll(async () => {
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

const staffRows = (tag: string, count: number, bad: Set<number>) =>
  Array.from({ length: count }, (_, i) =>
    [
      `${tag}${i}`,
      bad.has(i) ? `${tag}${i}-at-example.com` : `${tag}${i}@example.com`,
      'First',
      `Last ${i}`,
      '+1 555 0100',
    ].join(','),
  )

describe('a file from open dialog to report', () => {
  test('a semicolon file from a German spreadsheet: preview, apply, save the report', async () => {
    const text =
      '\uFEFFBenutzer;username;E-Mail;First Name;Last Name;Phone;Active;Groups\r\n' +
      'x;anke;anke@example.de;Anke;Müller;+49 30 1001;yes;Vertrieb\r\n' +
      'x;bernd;bernd@example.de;Bernd;"Schmidt;\r\nSenior";+49 30 1002;no;Einkauf\r\n' +
      'x;carla;carla@example.de;Carla;Wolf;;1;\r\n'
    const { importId, opened } = await open('mitarbeiter.csv', text)
    expect(opened).toEqual({
      ok: true,
      data: {
        status: 'opened',
        fileName: 'mitarbeiter.csv',
        rows: 3,
        unknownColumns: ['Benutzer'],
      },
    })
    // Note: "E-Mail" matches email, spacing and dashes ignored.
    const usersBefore = await countUsers()
    const preview = await call('imports.preview', { importId, updateExisting: false })
    // Each error names its field by the file's own header (issue 56).
    const errors = [
      {
        row: 3,
        field: 'Last Name',
        message: 'Last name must not contain control or invisible formatting characters',
      },
      { row: 3, field: 'Groups', message: 'Unknown group "Einkauf"' },
      { row: 4, field: 'Phone', message: 'Phone number is required' },
    ]
    expect(preview).toMatchObject({
      ok: true,
      data: { created: 1, present: 0, updated: 0, failed: 2, errors },
    })
    expect(preview.data.firstRows.map((row: { outcome: string }) => row.outcome)).toEqual([
      'created',
      'failed',
      'failed',
    ])
    expect(await countUsers()).toBe(usersBefore)

    const applied = await call('imports.apply', {
      importId,
      updateExisting: false,
      sendSetPasswordLink: true,
    })
    expect(applied).toEqual({
      ok: true,
      data: {
        created: 1,
        updated: 0,
        unchanged: 0,
        failed: 2,
        done: 3,
        total: 3,
        cancelled: false,
        // The errors stay in the report, as the preview listed them (issue 56).
        errors,
      },
    })
    expect(await server.resetToken('anke@example.de')).toBeTruthy()
    const saved = await call('imports.saveReport', { importId })
    expect(saved).toEqual({
      ok: true,
      data: { status: 'saved', file: join(dir, 'import-report.csv'), rows: 3 },
    })
    expect(await readFile(join(dir, 'import-report.csv'), 'utf8')).toBe(
      'Row,Username,Outcome,Reason\r\n' +
        '2,anke,created,\r\n' +
        '3,bernd,failed,"Last Name: Last name must not contain control or invisible formatting characters; Groups: Unknown group ""Einkauf"""\r\n' +
        '4,carla,failed,Phone: Phone number is required\r\n',
    )
  })

  test('1 % bad rows: the rest imports, the report lists exactly the bad rows; again changes nothing', async () => {
    const bad = new Set([17, 150, 299])
    const text =
      'username,email,firstName,lastName,phoneNumber\n' +
      staffRows('pct', 300, bad).join('\n') +
      '\n'
    const { importId } = await open('staff.csv', text)
    posts = []
    const first = await call('imports.apply', {
      importId,
      updateExisting: false,
      sendSetPasswordLink: false,
    })
    expect(first.data).toMatchObject({
      created: 297,
      updated: 0,
      unchanged: 0,
      failed: 3,
      done: 300,
      total: 300,
      cancelled: false,
    })
    expect(first.data.errors.map((error: { row: number }) => error.row)).toEqual([19, 152, 301])
    // Two requests of one run, then its finish: one audit entry with the file's totals.
    expect(posts.slice(0, 2)).toEqual(Array(2).fill('/api/admin/users/import'))
    expect(posts[2]).toMatch(/^\/api\/admin\/users\/import\/[0-9a-f-]{36}\/finish$/)
    expect(posts).toHaveLength(3)
    expect(await importEntries('staff.csv')).toEqual([
      {
        file: 'staff.csv',
        rows: 300,
        firstRow: 2,
        lastRow: 301,
        created: 297,
        updated: 0,
        unchanged: 0,
        failed: 3,
      },
    ])
    expect(progress(importId)).toEqual([
      ['applying', 0, 300],
      ['applying', 200, 300],
      ['applying', 300, 300],
    ])
    await call('imports.saveReport', { importId })
    const failedLines = (await readFile(join(dir, 'import-report.csv'), 'utf8'))
      .split('\r\n')
      .filter((line) => line.includes(',failed,'))
    expect(failedLines).toEqual(
      [...bad].map((i) => `${i + 2},pct${i},failed,email: Please enter a valid email address`),
    )

    const again = await open('staff.csv', text)
    const usersBefore = await countUsers()
    const preview = await call('imports.preview', {
      importId: again.importId,
      updateExisting: false,
    })
    expect(preview.data).toMatchObject({ created: 0, present: 297, updated: 0, failed: 3 })
    const second = await call('imports.apply', {
      importId: again.importId,
      updateExisting: true,
      sendSetPasswordLink: false,
    })
    expect(second.data).toMatchObject({ created: 0, updated: 0, unchanged: 297, failed: 3 })
    expect(await countUsers()).toBe(usersBefore)
  })

  test('the console’s own CSV export re-imports as "already present"', async () => {
    const exported = await call('exports.users', {
      exportId: 'export-for-import',
      format: 'csv',
      sort: 'id',
      direction: 'asc',
      columns: [
        'id',
        'username',
        'email',
        'fullName',
        'phoneNumber',
        'isActive',
        'isLocked',
        'lastLogin',
        'createdDate',
        'updatedDate',
      ],
    })
    expect(exported).toMatchObject({ ok: true, data: { status: 'saved' } })
    chosen = exported.data.file
    const opened = await call('imports.open', { importId: 'reimport' })
    const total = await countUsers()
    expect(opened.data).toMatchObject({ status: 'opened', rows: total })
    const preview = await call('imports.preview', { importId: 'reimport', updateExisting: false })
    expect(preview.data).toMatchObject({ created: 0, present: total, failed: 0, errors: [] })
    const updating = await call('imports.preview', { importId: 'reimport', updateExisting: true })
    expect(updating.data).toMatchObject({ created: 0, present: total, failed: 0 })
    expect(
      updating.data.firstRows.every((row: { outcome: string }) => row.outcome === 'unchanged'),
    ).toBe(true)
  })

  test('Cancel stops after the requests in flight: what was created stays, the report says where', async () => {
    const text =
      'username,email,first name,last name,phone\n' +
      staffRows('cut', 850, new Set()).join('\n') +
      '\n'
    const { importId } = await open('cut.csv', text)
    const usersBefore = await countUsers()
    const stop = core.onEvent((event) => {
      if (event.type === 'import-progress' && event.importId === importId && event.done > 0)
        void call('imports.cancel', { importId })
    })
    const applied = await call('imports.apply', {
      importId,
      updateExisting: false,
      sendSetPasswordLink: false,
    })
    stop()
    const report: ImportReport = applied.data
    // Whole requests of 200 rows, those in flight when Cancel came, and not the file's last one.
    expect(report.done % 200).toBe(0)
    expect(report.done).toBeGreaterThanOrEqual(200)
    expect(report.done).toBeLessThan(800)
    expect(report).toEqual<ImportReport>({
      created: report.done,
      updated: 0,
      unchanged: 0,
      failed: 0,
      done: report.done,
      total: 850,
      cancelled: true,
      // The header is row 1.
      stoppedAtRow: report.done + 2,
      errors: [],
    })
    expect(await countUsers()).toBe(usersBefore + report.done)
    expect(await importEntries('cut.csv')).toEqual([
      {
        file: 'cut.csv',
        rows: report.done,
        firstRow: 2,
        lastRow: report.done + 1,
        created: report.done,
        updated: 0,
        unchanged: 0,
        failed: 0,
        ended: 'cancelled',
      },
    ])
    await call('imports.saveReport', { importId })
    const lines = (await readFile(join(dir, 'import-report.csv'), 'utf8')).split('\r\n')
    expect(lines[report.done]).toBe(`${report.done + 1},cut${report.done - 1},created,`)
    expect(lines[report.done + 1]).toBe(
      `${report.done + 2},cut${report.done},not imported,stopped before this row`,
    )
  })
})

describe('files refused with a clear message, changing nothing', () => {
  test.each([
    ['a password column', 'username,password\nann,secret\n', IMPORT_MESSAGES.passwordColumn],
    ['no username column', 'email\nann@example.com\n', IMPORT_MESSAGES.noUsernameColumn],
    ['a header only', 'username\n', IMPORT_MESSAGES.noRows],
  ])('%s', async (_, text, message) => {
    const { opened } = await open('refused.csv', text)
    expect(opened).toMatchObject({ ok: false, error: { message } })
  })

  test('a cancelled open dialog opens nothing', async () => {
    chosen = null
    expect(await call('imports.open', { importId: 'none' })).toEqual({
      ok: true,
      data: { status: 'cancelled' },
    })
    expect(
      await call('imports.preview', { importId: 'none', updateExisting: false }),
    ).toMatchObject({
      ok: false,
      error: { message: 'This file is no longer open. Choose it again.' },
    })
  })
})
