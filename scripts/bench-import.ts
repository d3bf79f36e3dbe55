import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createCore } from '../src/main/core'
import { memoryVault } from '../src/main/core/vault/vault'
import type { ImportPreview, ImportReport } from '@shared/bridge'

/**
 * `npm run bench:import`: a CSV file of 100,000 new users previewed (checked against the server)
 * and imported by the console's core, against the real API on PostgreSQL holding 1,000,000
 * users; prints the seconds of each and the console process's peak RSS. The API server runs in
 * a process of its own, so the RSS is the console's alone. With DATABASE_URL (and ADMIN_USERNAME /
 * ADMIN_PASSWORD of an administrator there) it imports into that database as it is, after
 * `npm run seed -- --users 1000000`: the import adds its users, so use a copy each run (`CREATE
 * DATABASE copy TEMPLATE seeded`). Otherwise it creates a database of its own on the server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), seeds it (a few
 * minutes) and drops it after. `-- --users 2000 --rows 1000` tries it small.
 */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const GIVEN_DATABASE_URL = process.env.DATABASE_URL
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    rows: { type: 'string', default: '100000' },
  },
})
const USERS = Number(values.users)
const ROWS = Number(values.rows)
const ADMIN = {
  username: process.env.ADMIN_USERNAME ?? 'bench-admin',
  password: process.env.ADMIN_PASSWORD ?? 'bench-password',
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as { port: number }
  probe.close()
  return port
}

/** The API server in a process of its own, answering once it listens. */
async function startApi(
  databaseUrl: string,
  outbox: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      MAIL_OUTBOX_DIR: outbox,
      LOG_LEVEL: 'warn',
      // The console signs in with the password alone.
      MFA_REQUIRED: 'none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (
      await fetch(`${url}/openapi.json`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill()
  throw new Error('the API server did not start within 60 s')
}

/** The file, written a row at a time: every row a new user, a tenth of them in two groups. */
async function writeFile(path: string) {
  const out = createWriteStream(path)
  out.write('username,email,first name,last name,phone,active\r\n')
  for (let i = 0; i < ROWS; i += 1) {
    const line = `imp${i},imp${i}@import.example.com,Imported,User ${i},+1 555 ${String(i).padStart(7, '0')},yes\r\n`
    if (!out.write(line)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'close')
}

async function countUsers(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users')
    return rows[0]!.n
  } finally {
    await client.end()
  }
}

/** The database to import into: the one given as it is, or a new one seeded, dropped after. */
async function withDatabase(run: (url: string) => Promise<void>) {
  if (GIVEN_DATABASE_URL) return run(GIVEN_DATABASE_URL)
  const name = `admin_console_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: SERVER_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  try {
    const url = new URL(SERVER_URL)
    url.pathname = `/${name}`
    await run(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

async function main() {
  await withDatabase(bench)
}

async function bench(databaseUrl: string) {
  const dir = await mkdtemp(join(tmpdir(), 'admin-console-bench-import-'))
  let api: ChildProcess | undefined
  try {
    // The server migrates the database and makes its first administrator before the seed.
    const started = await startApi(databaseUrl, join(dir, 'outbox'))
    api = started.child
    if (!GIVEN_DATABASE_URL) {
      // Loaded only to seed: the console's process never holds the server's database code, whose
      // memory would count in the console's RSS.
      const [{ loadConfig }, { openDatabase }, { seedBulk }] = await Promise.all([
        import('../server/src/config'),
        import('../server/src/db/open'),
        import('../server/src/seed/bulk'),
      ])
      const db = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }))
      process.stdout.write(`Seeding ${USERS.toLocaleString('en-US')} users...\n`)
      await seedBulk(db, USERS, () => undefined)
      await db.close()
    }
    const users = await countUsers(databaseUrl)
    const file = join(dir, 'import.csv')
    await writeFile(file)

    let peakRss = process.memoryUsage.rss()
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50)
    const core = createCore({
      serverUrl: started.url,
      fetch,
      vault: memoryVault(),
      exportPorts: {
        chooseFile: async () => null,
        renderPdf: async () => new Uint8Array(),
        printHtml: async () => undefined,
      },
      chooseImportFile: async () => file,
      version: 'bench',
    })
    const login = await core.handle('auth.login', ADMIN)
    if (!login.ok) throw new Error(login.error.message)
    const timed = async <T>(channel: string, input: unknown): Promise<[T, number]> => {
      const begun = performance.now()
      const result = await core.handle(channel, input)
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
      return [result.data as T, (performance.now() - begun) / 1000]
    }
    const importId = 'bench'
    const [, readSeconds] = await timed('imports.open', { importId })
    const [preview, previewSeconds] = await timed<ImportPreview>('imports.preview', {
      importId,
      updateExisting: false,
    })
    const [report, applySeconds] = await timed<ImportReport>('imports.apply', {
      importId,
      updateExisting: false,
      sendSetPasswordLink: true,
    })
    clearInterval(sampler)
    process.stdout.write(
      [
        `PostgreSQL, ${users.toLocaleString('en-US')} users; a file of ${ROWS.toLocaleString('en-US')} new users`,
        `read and parsed      ${readSeconds.toFixed(1).padStart(7)} s`,
        `previewed            ${previewSeconds.toFixed(1).padStart(7)} s   (${preview.created} new, ${preview.present} present, ${preview.failed} with errors)`,
        `imported             ${applySeconds.toFixed(1).padStart(7)} s   (${report.created} created, ${report.failed} failed)`,
        `console peak RSS     ${(peakRss / 1024 / 1024).toFixed(0).padStart(7)} MB`,
        '',
      ].join('\n'),
    )
  } finally {
    api?.kill()
    if (api) await once(api, 'exit')
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
