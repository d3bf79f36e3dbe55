import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCore, type Core } from '../../src/main/core'
import { memoryVault } from '../../src/main/core/vault/vault'
import type { BridgeEvent } from '@shared/bridge'
import type { AuditExportRequest } from '@shared/bridge-inputs'
import type { AuditEntry, Page, User } from '@shared/contract'
import { isoDateTime } from '@shared/dates'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'
import { reportFileName } from '@shared/report-file-name'
import { EN } from '@shared/i18n/catalogues'
import { englishText } from '../support/english'

/** The name the save dialog offers a CSV of this table today (issue 56). */
const AUDIT_CSV = reportFileName(EN['exports.auditReportTitle'], new Date(), 'csv', englishText)

let server: TestServer
let dir: string
let core: Core
let ports: ReturnType<typeof folderExportPorts>
let subject: User
const events: BridgeEvent[] = []

const call = async <T>(channel: string, payload: unknown): Promise<T> => {
  const result = await core.handle(channel, payload)
  if (!result.ok) throw new Error(result.error.message)
  return result.data as T
}

beforeAll(async () => {
  server = await startServer()
  dir = await mkdtemp(join(tmpdir(), 'admin-console-audit-export-'))
  ports = folderExportPorts(dir)
  core = createCore({
    serverUrl: server.url,
    fetch,
    vault: memoryVault(),
    exportPorts: ports,
    version: 'test',
  })
  core.onEvent((event) => events.push(event))
  await call('auth.login', ADMIN)
  subject = await call<User>('users.create', {
    username: 'csvsubject',
    email: 'csv@example.com',
    password: 'secret-123',
    firstName: 'Comma, Inc',
    lastName: 'Doe',
    phoneNumber: '+971 50 000 0000',
  })
  await call('users.update', {
    id: subject.id,
    changes: {
      username: 'csvsubject',
      email: 'csv@example.com',
      firstName: 'Say "hi"',
      lastName: 'Doe',
      phoneNumber: '+971 50 000 0000',
    },
  })
  await call('users.lock', { id: subject.id })
})
afterAll(() => server?.close())

const exportRequest = (overrides: Partial<AuditExportRequest> = {}): AuditExportRequest => ({
  exportId: `audit-${Math.random().toString(36).slice(2)}`,
  format: 'csv',
  filter: { target: 'csvsubject' },
  ...overrides,
})

test('audit.list passes every filter to the server and answers its page', async () => {
  const page = await call<Page<AuditEntry>>('audit.list', {
    page: 0,
    size: 20,
    actor: ADMIN.username,
    target: String(subject.id),
    action: 'user.update',
    from: '2020-01-01',
    to: '2999-12-31',
  })
  expect(page.page.totalElements).toBe(1)
  expect(page.content[0]).toMatchObject({
    action: 'user.update',
    targetName: 'csvsubject',
    changes: { firstName: { from: 'Comma, Inc', to: 'Say "hi"' } },
  })
})

test('audit.list refuses bad filters before anything is sent', async () => {
  expect(await core.handle('audit.list', { page: 0, from: '2020-02-30' })).toEqual({
    ok: false,
    error: { message: 'Invalid input: from: from must be a date as YYYY-MM-DD' },
  })
  expect(await core.handle('audit.list', { from: '2020-01-02', to: '2020-01-01' })).toMatchObject({
    ok: false,
    error: { message: 'Invalid input: from: from must not be after to' },
  })
  expect(
    await core.handle('exports.audit', exportRequest({ filter: { action: 'x' } })),
  ).toMatchObject({
    ok: false,
    error: { message: expect.stringContaining('action must be an action name') },
  })
  expect(await readdir(dir)).toEqual([])
})

// jsonb keeps an object's keys shortest first, so the details of a creation come in that order.
// Times are ISO 8601 with the offset of the zone chosen (issue 56), so they read the same anywhere.
test('the CSV export of a filtered log, newest first, byte for byte', async () => {
  const { content } = await call<Page<AuditEntry>>('audit.list', { target: 'csvsubject' })
  const time = (action: string) => {
    const text = isoDateTime(
      content.find((entry) => entry.action === action)!.createdAt,
      '-',
      'Asia/Dubai',
    )
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+04:00$/)
    return text
  }
  const outcome = await call('exports.audit', exportRequest({ timeZone: 'Asia/Dubai' }))
  expect(outcome).toEqual({ status: 'saved', file: join(dir, AUDIT_CSV), rows: 3 })
  expect(await readFile(join(dir, AUDIT_CSV), 'utf8')).toBe(
    [
      'Time,Actor,Action,Target,Details',
      `${time('user.lock')},root,User locked,User: csvsubject,Locked: No → Yes`,
      `${time('user.update')},root,Profile changed,User: csvsubject,"First name: Comma, Inc → Say ""hi"""`,
      `${time('user.create')},root,User created,User: csvsubject,"Username: csvsubject; First name: Comma, Inc; Last name: Doe; Email: csv@example.com; Phone number: +971 50 000 0000"`,
      '',
    ].join('\r\n'),
  )
  expect(events.filter((event) => event.type === 'export-progress').at(-1)).toMatchObject({
    done: 3,
    total: 3,
  })
})

test('the PDF export goes through the same report writer, titled "Audit Log Report"', async () => {
  const outcome = await call('exports.audit', exportRequest({ format: 'pdf' }))
  const file = join(dir, `Audit_Log_Report_${new Date().toISOString().slice(0, 10)}.pdf`)
  // Drawn by the core, the arrows of the changes too: this test's ports have no PDF engine.
  expect(outcome).toEqual({ status: 'saved', file, rows: 3 })
  expect(ports.printed).toEqual([])
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toContain('Audit Log Report')
  expect(text).toMatch(/#\s+Time\s+Actor\s+Action\s+Target\s+Details/)
  expect(text).toContain('Locked: No → Yes')
  expect(text).not.toContain('secret-123')
})
