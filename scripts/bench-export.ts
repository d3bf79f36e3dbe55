import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { buildServer } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import { seedBulk } from '../server/src/seed/bulk'
import { createCore } from '../src/main/core'
import { memoryVault } from '../src/main/core/vault/vault'
import { CHROMIUM_ARGS } from '../src/main/preview/host'
import { previewExportPorts } from '../src/main/preview/export-ports'
import type { ExportFormat, UserExportRequest } from '../src/shared/bridge'

/**
 * `npm run bench:export`: how long the main process takes to export 10,000 and 100,000
 * matching users as CSV and as PDF, end to end (paging the real API on PostgreSQL, writing
 * the file, Chromium's PDF engine). It creates a database of its own on the server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and drops it after.
 */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const USERS = 100_000
/** Bulk users' phones end their prefix with k % 10: "+971 53" is exactly a tenth of them. */
const SCENARIOS: [label: string, search: string, matches: number][] = [
  ['10,000 users', '+971 53', USERS / 10],
  ['100,000 users', '@bulk', USERS],
]
const ADMIN = { username: 'bench-admin', password: 'bench-password' }

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
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

async function main() {
  await withDatabase(async (databaseUrl) => {
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    })
    const server = await buildServer(config)
    const dir = await mkdtemp(join(tmpdir(), 'admin-console-bench-export-'))
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    })
    try {
      process.stdout.write(`Seeding ${USERS.toLocaleString('en-US')} users...\n`)
      await seedBulk(server.context.db, USERS, () => undefined)
      await server.app.listen({ port: 0, host: '127.0.0.1' })
      const core = createCore({
        serverUrl: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
        fetch,
        vault: memoryVault(),
        exportPorts: previewExportPorts(browser, dir),
        version: 'bench',
      })
      const login = await core.handle('auth.login', ADMIN)
      if (!login.ok) throw new Error(login.error.message)
      process.stdout.write(
        `PostgreSQL, ${USERS.toLocaleString('en-US')} users, columns of the default view\n`,
      )
      process.stdout.write(
        `${'export'.padEnd(22)} ${'rows'.padStart(8)} ${'seconds'.padStart(8)} ${'MB'.padStart(7)}\n`,
      )
      for (const [label, search, matches] of SCENARIOS) {
        for (const format of ['csv', 'pdf'] as ExportFormat[]) {
          const request: UserExportRequest = {
            exportId: `bench-${format}-${matches}`,
            format,
            search,
            sort: 'username',
            direction: 'asc',
            columns: ['id', 'username', 'fullName', 'isActive', 'isLocked'],
          }
          const started = performance.now()
          const result = await core.handle('exports.users', request)
          const seconds = (performance.now() - started) / 1000
          if (!result.ok) throw new Error(`${label} ${format}: ${result.error.message}`)
          const outcome = result.data as { status: string; file?: string; rows?: number }
          if (outcome.status !== 'saved' || outcome.rows !== matches)
            throw new Error(`${label} ${format}: ${JSON.stringify(outcome)}`)
          const size = (await stat(outcome.file!)).size / 1024 / 1024
          process.stdout.write(
            `${`${label}, ${format.toUpperCase()}`.padEnd(22)} ${String(outcome.rows).padStart(8)} ${seconds.toFixed(1).padStart(8)} ${size.toFixed(1).padStart(7)}\n`,
          )
          await rm(outcome.file!)
        }
      }
    } finally {
      await browser.close()
      await server.app.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
