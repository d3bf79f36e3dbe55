import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { chromium, type Browser } from 'playwright-core'
import { buildServer } from '../server/src/app'
import { anchorBuilds } from '../server/src/db/user-list/anchors'
import { loadConfig } from '../server/src/config'
import { seedBulk } from '../server/src/seed/bulk'
import { createCore } from '../src/main/core'
import { adminApi } from '../src/main/core/api/admin'
import { ApiFailure } from '../src/main/core/api/http'
import { exportUsers } from '../src/main/core/export/user-export'
import { languageText } from '../src/main/core/host/language'
import { Session } from '../src/main/core/session/session'
import { memoryVault } from '../src/main/core/vault/vault'
import { CHROMIUM_ARGS, chromiumExecutable } from '../src/main/preview/host'
import { previewExportPorts } from '../src/main/preview/export-ports'
import type { ExportOutcome } from '@shared/bridge'
import type { ExportFormat, UserExportRequest } from '@shared/bridge-inputs'

/**
 * `npm run bench:export`: how long the main process takes to export about 10,000, 100,000 and
 * 1,000,000 matching users as CSV (and the first two as PDF), end to end: reading the real API
 * on PostgreSQL, writing the file, Chromium's PDF engine. With DATABASE_URL (and ADMIN_USERNAME /
 * ADMIN_PASSWORD of an administrator there) it uses that database as it is, after
 * `npm run seed -- --users 1000000`; otherwise it creates a database of its own on the server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), seeds a million
 * users (a few minutes) and drops it after.
 */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const USERS = 1_000_000
/** Bulk users' phones: "+971 5" then k % 10, a space, then seven digits. */
const SCENARIOS: [label: string, search: string, formats: ExportFormat[]][] = [
  ['~10,000 users', '+971 53 1', ['csv', 'pdf']],
  ['100,000 users', '+971 53', ['csv', 'pdf']],
  ['1,000,000 users', '@bulk', ['csv']],
]
/** `npm run bench:export -- --formats csv` skips the PDFs, which take most of the time. */
const FORMATS = (
  parseArgs({ options: { formats: { type: 'string', default: 'csv,pdf' } } }).values.formats ??
  'csv,pdf'
).split(',') as ExportFormat[]
const COLUMNS: UserExportRequest['columns'] = ['id', 'username', 'fullName', 'isActive', 'isLocked']

async function withOwnDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `admin_console_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: SERVER_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  try {
    const url = new URL(SERVER_URL)
    url.pathname = `/${name}`
    return await run(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

const line = (label: string, rows: string, seconds: string, cpu: string, size: string) =>
  process.stdout.write(
    `${label.padEnd(46)} ${rows.padStart(9)} ${seconds.padStart(8)} ${cpu.padStart(8)} ${size.padStart(7)}\n`,
  )

async function bench(databaseUrl: string, seed: boolean, browser: Browser) {
  const admin = {
    username: process.env.ADMIN_USERNAME ?? 'bench-admin',
    password: process.env.ADMIN_PASSWORD ?? 'bench-password',
  }
  const config = loadConfig({
    // Benchmarks and screenshots sign in by password: no second factor asked.
    MFA_REQUIRED: 'none',
    DATABASE_URL: databaseUrl,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
  })
  const server = await buildServer(config)
  const dir = await mkdtemp(join(tmpdir(), 'admin-console-bench-export-'))
  try {
    if (seed) {
      process.stdout.write(`Seeding ${USERS.toLocaleString('en-US')} users...\n`)
      await seedBulk(server.context.db, USERS, () => undefined)
    }
    // The anchors the server builds at start would run beside the first exports.
    await anchorBuilds(server.context.db)
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
    const ports = previewExportPorts(browser, dir)
    const core = createCore({
      serverUrl,
      fetch,
      vault: memoryVault(),
      exportPorts: ports,
      version: 'bench',
    })
    const login = await core.handle('auth.login', admin)
    if (!login.ok) throw new Error(login.error.message)
    // The same exports as a server of the contract without the streaming export would serve
    // them: the list, page by page, four in flight.
    const http = { baseUrl: serverUrl, fetch, timeoutMs: 30_000 }
    const session = new Session({ http, vault: memoryVault(), clock: Date.now, emit: () => {} })
    await session.login(admin)
    const api = adminApi(http, session)
    const english = await languageText('en')
    const paged = (request: UserExportRequest) =>
      exportUsers({
        request,
        source: {
          streamUsers: async () => {
            throw new ApiFailure('no streaming export', 404)
          },
          listUsers: api.users.list,
        },
        accessName: async () => undefined,
        text: english,
        getUser: async (id) => (await api.users.get({ id })).user,
        ports,
        signal: new AbortController().signal,
        progress: () => undefined,
      })
    const total = (await api.users.list({ page: 0, size: 1 })).page.totalElements
    process.stdout.write(
      `PostgreSQL, ${total.toLocaleString('en-US')} users, columns of the default view, sorted by username\n`,
    )
    // CPU: this process's (console core and API server together), not PostgreSQL's or Chromium's.
    line('export', 'rows', 'seconds', 'CPU s', 'MB')
    const run = async (label: string, go: () => Promise<ExportOutcome>) => {
      const started = performance.now()
      const cpuBefore = process.cpuUsage()
      const outcome = await go()
      const seconds = (performance.now() - started) / 1000
      const cpu = process.cpuUsage(cpuBefore)
      if (outcome.status !== 'saved') throw new Error(`${label}: ${JSON.stringify(outcome)}`)
      const size = (await stat(outcome.file)).size / 1024 / 1024
      line(
        label,
        outcome.rows.toLocaleString('en-US'),
        seconds.toFixed(1),
        ((cpu.user + cpu.system) / 1e6).toFixed(1),
        size.toFixed(1),
      )
      await rm(outcome.file)
    }
    for (const [label, search, formats] of SCENARIOS) {
      for (const format of formats.filter((chosen) => FORMATS.includes(chosen))) {
        const request: UserExportRequest = {
          exportId: `bench-${format}-${randomBytes(4).toString('hex')}`,
          format,
          search,
          sort: 'username',
          direction: 'asc',
          columns: COLUMNS,
        }
        await run(`${label}, ${format.toUpperCase()}`, async () => {
          const result = await core.handle('exports.users', request)
          if (!result.ok) throw new Error(`${label} ${format}: ${result.error.message}`)
          return result.data as ExportOutcome
        })
      }
    }
    const [label, search] = SCENARIOS[1]!
    await run(`${label}, CSV, paged by number (no stream)`, () =>
      paged({
        exportId: 'bench-paged',
        format: 'csv',
        search,
        sort: 'username',
        direction: 'asc',
        columns: COLUMNS,
      }),
    )
  } finally {
    await server.app.close()
    await rm(dir, { recursive: true, force: true })
  }
}

async function main() {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  })
  try {
    const given = process.env.DATABASE_URL
    if (given) await bench(given, false, browser)
    else await withOwnDatabase((url) => bench(url, true, browser))
  } finally {
    await browser.close()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
