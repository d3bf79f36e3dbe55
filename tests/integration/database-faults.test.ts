import { request as httpRequest, type ClientRequest } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../../server/src/db/open'
import { seedBulk } from '../../server/src/seed/bulk'
import { endpoints } from '@shared/contract'
import { createTestDatabase, type TestDatabase } from './support/database'
import { startNpmServer, type NpmServer } from './support/npm-server'

// PGlite runs inside the process: there is no connection to lose.
const onPostgres = process.env.TEST_DATABASE === 'postgres'

const TERMINATIONS = 3
/** How soon after each termination every kind of request must be served again. */
const RECOVERY_MS = 5_000
/** The load runs this long between terminations. */
const LOAD_MS = 1_500
/** Enough users that an export whose client stops reading keeps its cursor open meanwhile. */
const USERS = 30_000

/** The first administrator `startNpmServer` has the server make. */
const ADMIN_SIGN_IN = JSON.stringify({ username: 'admin', password: 'npm-server-password' })

let database: TestDatabase
let server: NpmServer
let token: string

beforeAll(async () => {
  if (!onPostgres) return
  database = await createTestDatabase()
  // A process of its own, as deployed: only that shows whether a lost connection ends it.
  server = await startNpmServer({ DATABASE_URL: database.env.DATABASE_URL! })
  const db = await openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: 'memory://' })
  try {
    await seedBulk(db, USERS, () => undefined)
  } finally {
    await db.close()
  }
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: ADMIN_SIGN_IN,
  })
  expect(login.status).toBe(200)
  token = ((await login.json()) as { accessToken: string }).accessToken
}, 180_000)

afterAll(async () => {
  await server?.cleanUp()
  await database?.drop()
})

const alive = () => server.npm.exitCode === null && server.npm.signalCode === null

/** Ends every backend of the API's database, as a PostgreSQL restart or a failover does. */
async function terminateApiConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  try {
    const name = new URL(database.env.DATABASE_URL!).pathname.slice(1)
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [name],
    )
    return rows.filter((row) => row.ended).length
  } finally {
    await admin.end()
  }
}

/** Every answer the load got, by what was asked; a transport failure is recorded as 0. */
interface Outcome {
  what: 'read' | 'write' | 'health' | 'sign-in'
  status: number
  retryAfter: string | null
}

async function call(what: Outcome['what'], path: string, init: RequestInit = {}) {
  try {
    const response = await fetch(server.url + path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
      signal: AbortSignal.timeout(10_000),
    })
    const body: unknown = await response.json()
    return {
      outcome: { what, status: response.status, retryAfter: response.headers.get('retry-after') },
      body,
    }
  } catch {
    return { outcome: { what, status: 0, retryAfter: null }, body: undefined }
  }
}

let created = 0
const createUser = () => {
  created += 1
  const name = `fault${created}`
  return call('write', '/api/admin/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      password: 'secret-123',
      firstName: 'Fault',
      lastName: `Tolerant${created}`,
      phoneNumber: '+971 50 000 0000',
    }),
  })
}
const readPage = () => call('read', '/api/admin/users?page=0&size=20&search=Tolerant')

/** An export whose client stops reading: its cursor stays open on a connection of the API. */
function stalledExport(): ClientRequest {
  const request = httpRequest(new URL(endpoints.exportUsers.path, server.url), {
    headers: { authorization: `Bearer ${token}` },
  })
  request.on('response', (response) => response.pause())
  // Cut when PostgreSQL ends its connection: that is the export's lot, not a failure here.
  request.on('error', () => undefined)
  request.end()
  return request
}

test.skipIf(!onPostgres)(
  'PostgreSQL ending the API’s connections three times under load: the process lives, loses nothing it acknowledged, and serves again within 5 s of each',
  async () => {
    const outcomes: Outcome[] = []
    const acknowledged = new Map<number, string>()
    let stopped = false
    const deadline = Date.now() + 60_000
    const running = () => !stopped && Date.now() < deadline
    const writer = async () => {
      while (running()) {
        const { outcome, body } = await createUser()
        outcomes.push(outcome)
        if (outcome.status === 201) {
          const user = body as { id: number; username: string }
          acknowledged.set(user.id, user.username)
        }
      }
    }
    const reader = async () => {
      while (running()) {
        outcomes.push((await readPage()).outcome)
        outcomes.push((await call('health', '/health')).outcome)
      }
    }
    const exports: ClientRequest[] = []
    const exporter = async () => {
      while (running()) {
        exports.push(stalledExport())
        await sleep(500)
      }
    }
    const load = Promise.all([writer(), writer(), reader(), exporter()])

    const recoveries: number[] = []
    try {
      for (let round = 0; round < TERMINATIONS; round += 1) {
        await sleep(LOAD_MS)
        expect(alive(), 'the API process runs').toBe(true)
        expect(await terminateApiConnections()).toBeGreaterThan(0)
        const ended = performance.now()
        // Served again: a read, a write, a sign-in and the health check all answered as usual.
        for (;;) {
          const attempts = await Promise.all([
            readPage(),
            createUser(),
            call('health', '/health'),
            call('sign-in', '/auth/login', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: ADMIN_SIGN_IN,
            }),
          ])
          const [, write] = attempts
          if (write.outcome.status === 201) {
            const user = write.body as { id: number; username: string }
            acknowledged.set(user.id, user.username)
          }
          outcomes.push(...attempts.map(({ outcome }) => outcome))
          if (attempts.every(({ outcome }) => outcome.status < 300)) break
          if (performance.now() - ended > RECOVERY_MS) break
          await sleep(100)
        }
        recoveries.push(performance.now() - ended)
      }
    } finally {
      stopped = true
      await load
      for (const request of exports) request.destroy()
    }

    expect(alive(), 'the API process runs').toBe(true)
    expect(recoveries.filter((ms) => ms >= RECOVERY_MS)).toEqual([])
    // Every answer was either what was asked or a 503 saying when to try again: never a 500,
    // never a connection dropped without an answer.
    const unexpected = outcomes.filter(
      (outcome) => outcome.status >= 300 && !(outcome.status === 503 && outcome.retryAfter),
    )
    expect(unexpected).toEqual([])

    // Nothing acknowledged was lost.
    expect(acknowledged.size).toBeGreaterThan(0)
    for (const [id, username] of acknowledged) {
      const { outcome, body } = await call('read', `/api/admin/users/${id}`)
      expect({ id, status: outcome.status }).toEqual({ id, status: 200 })
      expect((body as { username: string }).username).toBe(username)
    }
  },
  120_000,
)
