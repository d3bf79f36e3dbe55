import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { createCore, type Core } from '../../src/main/core'
import { adminApi } from '../../src/main/core/api/admin'
import { ApiFailure } from '../../src/main/core/api/http'
import { exportUsers } from '../../src/main/core/export/user-export'
import type { UserSourceApi } from '../../src/main/core/export/user-source'
import { Session } from '../../src/main/core/session/session'
import { memoryVault } from '../../src/main/core/vault/vault'
import type { BridgeEvent } from '@shared/bridge'
import type { UserExportRequest } from '@shared/bridge-inputs'
import type { User } from '@shared/contract'
import { seedBulk } from '../../server/src/seed/bulk'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'
import { reportFileName } from '@shared/report-file-name'
import { EN } from '@shared/i18n/catalogues'
import { ENGLISH, englishText } from '../support/english'

/** The name the save dialog offers a CSV of this table today (issue 56). */
const USERS_CSV = reportFileName(EN['exports.usersReportTitle'], new Date(), 'csv', englishText)

let server: TestServer
let dir: string
let core: Core
let ports: ReturnType<typeof folderExportPorts>
const events: BridgeEvent[] = []
const created: User[] = []

const request = (overrides: Partial<UserExportRequest> = {}): UserExportRequest => ({
  exportId: `export-${Math.random().toString(36).slice(2)}`,
  format: 'csv',
  search: 'zebrafinch',
  sort: 'username',
  direction: 'asc',
  columns: ['id', 'username', 'fullName', 'isActive', 'lastLogin'],
  ...overrides,
})

beforeAll(async () => {
  server = await startServer()
  const token = await server.token()
  // 25 users share a surname the search finds; a few carry what CSV must quote or neutralise.
  const names = [
    { firstName: 'Comma, Inc' },
    { firstName: 'Say "hi"' },
    { firstName: '=HYPERLINK("x")' },
    { firstName: '-5' },
  ]
  for (let index = 0; index < 25; index += 1) {
    created.push(
      await server.createUser(token, {
        username: `zf${String(index).padStart(2, '0')}`,
        lastName: 'Zebrafinch',
        ...names[index],
      }),
    )
  }
  await server.request('PUT', `/api/admin/users/${created[1]!.id}/deactivate`, { token })
  // Two whose report needs more than Helvetica: Chromium prints it.
  for (const firstName of ['Łukasz', 'Ana'])
    await server.createUser(token, { firstName, lastName: 'Kingfisher' })
  await seedBulk(server.built.context.db, 10_000, () => undefined)
}, 120_000)

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'admin-console-export-'))
  ports = folderExportPorts(dir)
  events.length = 0
  core = createCore({
    serverUrl: server.url,
    fetch,
    vault: memoryVault(),
    exportPorts: ports,
    version: 'test',
  })
  core.onEvent((event) => events.push(event))
  const login = await core.handle('auth.login', ADMIN)
  expect(login.ok).toBe(true)
})
afterAll(async () => {
  await server?.close()
})

const cell = (text: string) => (/[",\r\n]|^[=+\-@\t\r]/.test(text) ? quoted(text) : text)
const quoted = (text: string) =>
  `"${/^[=+\-@\t\r]/.test(text) ? `'${text}` : text}"`.replace(/(?<!^)"(?!$)/g, '""')

test('CSV of every matching user: header, CRLF rows, quoting and formula neutralising, byte for byte', async () => {
  const result = await core.handle('exports.users', request())
  expect(result).toEqual({
    ok: true,
    data: { status: 'saved', file: join(dir, USERS_CSV), rows: 25 },
  })
  const sorted = [...created].sort((a, b) => a.username.localeCompare(b.username))
  const expected =
    ['User ID,Username,Full Name,Active,Last Login']
      .concat(
        sorted.map((user) =>
          [
            String(user.id),
            user.username,
            cell(`${user.id === created[1]!.id ? 'Say "hi"' : user.firstName} Zebrafinch`),
            user.id === created[1]!.id ? 'Inactive' : 'Active',
            'Never',
          ].join(','),
        ),
      )
      .join('\r\n') + '\r\n'
  const written = await readFile(join(dir, USERS_CSV), 'utf8')
  expect(written).toBe(expected)
  expect(written).toContain('"Comma, Inc Zebrafinch"')
  expect(written).toContain('"Say ""hi"" Zebrafinch"')
  expect(written).toContain(`"'=HYPERLINK(""x"") Zebrafinch"`)
  expect(written).toContain(`"'-5 Zebrafinch"`)
  expect(events.filter((event) => event.type === 'export-progress').at(-1)).toMatchObject({
    done: 25,
    total: 25,
  })
})

test('the sort and direction of the list are the order of the file', async () => {
  await core.handle('exports.users', request({ sort: 'id', direction: 'desc', columns: ['id'] }))
  const ids = (await readFile(join(dir, USERS_CSV), 'utf8')).trim().split('\r\n').slice(1)
  expect(ids.map(Number)).toEqual(created.map((user) => user.id).sort((a, b) => b - a))
})

// Needs the server side of issue 12 point 4: the list's filter parameters.
test("the list's filters, with its search, select the users of the file", async () => {
  const result = await core.handle(
    'exports.users',
    request({ filter: { status: 'inactive' }, columns: ['id'] }),
  )
  expect(result).toMatchObject({ ok: true, data: { rows: 1 } })
  const ids = (await readFile(join(dir, USERS_CSV), 'utf8')).trim().split('\r\n').slice(1)
  expect(ids).toEqual([String(created[1]!.id)])
})

test('a large export pages through every match, reporting progress as it goes', async () => {
  const result = await core.handle(
    'exports.users',
    request({ search: '@bulk', sort: 'id', columns: ['id', 'email'] }),
  )
  expect(result).toMatchObject({ ok: true, data: { status: 'saved', rows: 10_000 } })
  const lines = (await readFile(join(dir, USERS_CSV), 'utf8')).trim().split('\r\n')
  expect(lines).toHaveLength(10_001)
  expect(new Set(lines).size).toBe(10_001)
  const progress = events.filter((event) => event.type === 'export-progress')
  expect(progress).toHaveLength(50)
  expect(progress.map((event) => event.done)).toEqual(
    Array.from({ length: 50 }, (_, index) => (index + 1) * 200),
  )
})

test('cancel in the middle leaves no file, and other calls are answered meanwhile', async () => {
  const job = request({ search: '@bulk', sort: 'email', columns: ['id', 'email'] })
  let listed: ReturnType<Core['handle']> | undefined
  // Asked for while the export runs, and the cancel sent at a known point however fast it goes.
  core.onEvent((event) => {
    if (event.type !== 'export-progress') return
    if (event.done === 200) listed = core.handle('users.list', { page: 0, size: 5 })
    if (event.done === 400) void core.handle('exports.cancel', { exportId: job.exportId })
  })
  expect(await core.handle('exports.users', job)).toEqual({
    ok: true,
    data: { status: 'cancelled' },
  })
  expect(await listed).toMatchObject({ ok: true })
  expect(await readdir(dir)).toEqual([])
  const progress = events.filter((event) => event.type === 'export-progress')
  expect(progress.at(-1)!.done).toBe(400)
})

test('a save dialog closed without a choice exports nothing', async () => {
  ports.chooseFile = async () => null
  expect(await core.handle('exports.users', request())).toEqual({
    ok: true,
    data: { status: 'cancelled' },
  })
  expect(events.filter((event) => event.type === 'export-progress')).toEqual([])
})

test('a PDF in Helvetica is drawn by the core, no PDF engine asked, under the report name with the date', async () => {
  const result = await core.handle('exports.users', request({ format: 'pdf' }))
  const file = join(dir, `Users_Report_${new Date().toISOString().slice(0, 10)}.pdf`)
  expect(result).toEqual({ ok: true, data: { status: 'saved', file, rows: 25 } })
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toMatch(/#\s+User ID\s+Username\s+Full Name\s+Active\s+Last Login/)
  expect(text).toMatch(/\b2\s+\d+\s+zf01\s+Say "hi" Zebrafinch\s+Inactive\s+Never/)
  expect(text).toMatch(/\b25\s+\d+\s+zf24\s+/)
})

test('a PDF with text Helvetica lacks goes to the PDF engine, every row in it', async () => {
  const pages: string[] = []
  ports.renderPdf = async (html) => {
    pages.push(html)
    const printed = await PDFDocument.create()
    printed.addPage()
    return printed.save()
  }
  const result = await core.handle(
    'exports.users',
    request({ format: 'pdf', search: 'kingfisher' }),
  )
  const file = join(dir, `Users_Report_${new Date().toISOString().slice(0, 10)}.pdf`)
  expect(result).toEqual({ ok: true, data: { status: 'saved', file, rows: 2 } })
  // The engine's pages, with the report's page numbers at their foot.
  expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).trim()).toBe('Page 1 of 1')
  expect(pages).toHaveLength(1)
  expect(pages[0]).toContain('Łukasz Kingfisher')
  expect(pages[0]).toContain('Ana Kingfisher')
})

test('when the PDF engine fails, the report goes to the print window instead', async () => {
  const result = await core.handle(
    'exports.users',
    request({ format: 'pdf', search: 'kingfisher' }),
  )
  expect(result).toEqual({ ok: true, data: { status: 'printed', rows: 2 } })
  expect(await readdir(dir)).toEqual([])
  expect(ports.printed).toHaveLength(1)
  expect(ports.printed[0]).toContain('<h1>Users Report</h1>')
  expect(ports.printed[0]).toContain('Łukasz Kingfisher')
})

test('when the print window fails too, the outcome says so and nothing is written', async () => {
  ports.printHtml = async () => {
    throw new Error('No printer window could be opened')
  }
  const result = await core.handle(
    'exports.users',
    request({ format: 'pdf', search: 'kingfisher' }),
  )
  expect(result).toEqual({
    ok: true,
    data: { status: 'unprinted', rows: 2, reason: 'No printer window could be opened' },
  })
  expect(await readdir(dir)).toEqual([])
})

test('a bad request is refused before anything is asked or sent', async () => {
  for (const bad of [
    request({ columns: ['actions' as never] }),
    request({ columns: [] }),
    request({ format: 'xlsx' as never }),
    request({ sort: 'fullName' as never }),
    { ...request(), exportId: '../../etc' },
  ]) {
    const result = await core.handle('exports.users', bad)
    expect(result.ok).toBe(false)
  }
  expect(await readdir(dir)).toEqual([])
})

/** The real API of our server, as the core reaches it, with every call counted. */
async function countedSource() {
  const http = { baseUrl: server.url, fetch, timeoutMs: 30_000 }
  const session = new Session({ http, vault: memoryVault(), clock: Date.now, emit: () => {} })
  await session.login(ADMIN)
  const api = adminApi(http, session)
  const calls = { stream: 0, list: 0, inFlight: 0, mostInFlight: 0 }
  const source: UserSourceApi = {
    streamUsers: (query, signal) => {
      calls.stream += 1
      return api.users.stream(query, signal)
    },
    listUsers: async (query) => {
      calls.list += 1
      calls.inFlight += 1
      calls.mostInFlight = Math.max(calls.mostInFlight, calls.inFlight)
      try {
        return await api.users.list(query)
      } finally {
        calls.inFlight -= 1
      }
    },
  }
  return { source, calls }
}

const runExport = (source: UserSourceApi, overrides: Partial<UserExportRequest>) =>
  exportUsers({
    request: request(overrides),
    source,
    getUser: () => Promise.reject(new Error('only Export Selected reads one user')),
    accessName: async () => undefined,
    text: ENGLISH,
    ports,
    signal: new AbortController().signal,
    progress: (done, total) =>
      events.push({ type: 'export-progress', exportId: 'direct', done, total }),
  })

test('our server streams the export: one request, no paging, the same bytes as paging by number', async () => {
  const streamed = await countedSource()
  const job = { search: '@bulk', sort: 'lastLogin' as const, direction: 'desc' as const }
  expect(await runExport(streamed.source, job)).toMatchObject({ status: 'saved', rows: 10_000 })
  expect(streamed.calls).toMatchObject({ stream: 1, list: 0 })
  const viaStream = await readFile(join(dir, USERS_CSV), 'utf8')

  // A server of the contract with neither the streaming export nor cursors: our server's list,
  // asked for by page number, its cursors (once it has them) left unread.
  const paged = await countedSource()
  const withoutExtras: UserSourceApi = {
    streamUsers: async () => {
      throw new ApiFailure('Route GET /api/admin/users/export not found', 404)
    },
    listUsers: async (query) => {
      const { next: _next, prev: _prev, ...page } = await paged.source.listUsers(query)
      return page
    },
  }
  expect(await runExport(withoutExtras, job)).toMatchObject({ status: 'saved', rows: 10_000 })
  expect(paged.calls.list).toBe(50)
  expect(paged.calls.mostInFlight).toBe(4)
  expect(await readFile(join(dir, USERS_CSV), 'utf8')).toBe(viaStream)
  const progress = events.filter((event) => event.type === 'export-progress')
  expect(progress.map((event) => event.done)).toEqual(
    [1, 2].flatMap(() => Array.from({ length: 50 }, (_, index) => (index + 1) * 200)),
  )
}, 60_000)

test("the list's filters reach the server with the search", async () => {
  const result = await core.handle(
    'exports.users',
    request({ columns: ['username'], filter: { status: 'inactive' } }),
  )
  expect(result).toMatchObject({ ok: true, data: { status: 'saved', rows: 1 } })
  expect(await readFile(join(dir, USERS_CSV), 'utf8')).toBe(
    `Username\r\n${created[1]!.username}\r\n`,
  )
})
