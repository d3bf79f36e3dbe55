import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isConnectionLoss } from '../../server/src/db/connection-loss'
import { POSTGRES_LIMITS, openPostgres } from '../../server/src/db/postgres'
import { seedBulk } from '../../server/src/seed/bulk'
import { endpoints } from '@shared/contract'
import { createTestDatabase } from './support/database'
import { ADMIN, startServer, type TestServer } from './support/server'

// PGlite has one connection and streams no export through a cursor of its own.
const onPostgres = process.env.TEST_DATABASE === 'postgres'

/** Exports read by clients that have stopped reading, as on a link that crawls. */
const STALLED_EXPORTS = 10
/**
 * Enough users that an export whose client stops reading fills the socket's buffers and the
 * stream's, and so keeps its cursor open until the client reads on.
 */
const USERS = 30_000

let server: TestServer
let token: string

beforeAll(async () => {
  if (!onPostgres) return
  server = await startServer()
  token = await server.token()
  await seedBulk(server.built.context.db, USERS, () => undefined)
}, 180_000)
afterAll(() => server?.close())

interface StalledExport {
  request: ClientRequest
  /** The answer's head, once it came; the body is never read. */
  answered: Promise<IncomingMessage>
}

function stalledExport(): StalledExport {
  const url = new URL(endpoints.exportUsers.path, server.url)
  const request = httpRequest(url, { headers: { authorization: `Bearer ${token}` } })
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    request.on('response', (response) => {
      // Never read: the server's writes back up to the cursor.
      response.pause()
      resolve(response)
    })
    request.on('error', reject)
  })
  answered.catch(() => undefined)
  request.end()
  return { request, answered }
}

/** The API's connections PostgreSQL sees inside a transaction between statements. */
async function idleInTransaction(): Promise<number> {
  const [row] = await server.built.context.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_stat_activity
     WHERE datname = current_database() AND state = 'idle in transaction'`,
  )
  return row!.count
}

test.skipIf(!onPostgres)(
  'exports whose clients stop reading never keep sign-in, /health or the list waiting',
  async () => {
    const exports = Array.from({ length: STALLED_EXPORTS }, stalledExport)
    try {
      // Each export reads what its buffers hold, then waits on its reader with a cursor open.
      await sleep(3_000)
      const timed = async (what: () => Promise<number>) => {
        const started = performance.now()
        const status = await what()
        return { status, ms: performance.now() - started }
      }
      const limit = { signal: AbortSignal.timeout(5_000) }
      const health = await timed(async () => (await fetch(`${server.url}/health`, limit)).status)
      const signIn = await timed(async () => {
        const response = await fetch(`${server.url}/auth/login`, {
          ...limit,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
        })
        return response.status
      })
      const page = await timed(
        async () =>
          (
            await fetch(`${server.url}/api/admin/users?page=0&size=20`, {
              ...limit,
              headers: { authorization: `Bearer ${token}` },
            })
          ).status,
      )
      expect({ health: health.status, signIn: signIn.status, page: page.status }).toEqual({
        health: 200,
        signIn: 200,
        page: 200,
      })
      // Well within the wait for a connection (5 s): none of them waited on the exports.
      expect(Math.max(health.ms, signIn.ms, page.ms)).toBeLessThan(3_000)

      // The exports past their limit were refused, not left waiting, and said when to come back.
      const heads = await Promise.all(exports.map((each) => each.answered))
      const statuses = heads.map((head) => head.statusCode)
      const streaming = statuses.filter((status) => status === 200).length
      expect(streaming).toBeGreaterThan(0)
      expect(streaming).toBeLessThanOrEqual(3)
      expect(statuses.filter((status) => status !== 200).every((status) => status === 503)).toBe(
        true,
      )
      for (const head of heads.filter((each) => each.statusCode === 503)) {
        expect(Number(head.headers['retry-after'])).toBeGreaterThan(0)
      }
      expect(await idleInTransaction()).toBeLessThanOrEqual(3)
    } finally {
      for (const each of exports) each.request.destroy()
    }
    // Their readers gone, the exports' connections serve the next export.
    await sleep(500)
    const again = await fetch(`${server.url}${endpoints.exportUsers.path}?search=user1234`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    })
    expect(again.status).toBe(200)
    expect((await again.text()).split('\n').filter(Boolean).length).toBeGreaterThan(0)
  },
  60_000,
)

test.skipIf(!onPostgres)(
  'an export whose reader stalls past the bound loses its connection, which then serves the next',
  async () => {
    const database = await createTestDatabase()
    const db = openPostgres(database.env.DATABASE_URL!, {
      ...POSTGRES_LIMITS,
      exportConnections: 1,
      exportIdleMillis: 500,
    })
    const select = 'SELECT n FROM generate_series(1, 10) AS n'
    try {
      const stalled = db.streamRows!<{ n: number }>(select, [], 1)
      await stalled.next()
      await sleep(1_500)
      // The reader comes back to an export PostgreSQL has ended meanwhile.
      const failure = await (async () => {
        for await (const rows of stalled) expect(rows).toHaveLength(1)
      })().then(
        () => expect.unreachable('the stalled export kept its connection'),
        (error: unknown) => error,
      )
      expect(isConnectionLoss(failure)).toBe(true)
      const next: number[] = []
      for await (const rows of db.streamRows!<{ n: number }>(select, [], 4)) {
        next.push(...rows.map((row) => row.n))
      }
      expect(next).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    } finally {
      await db.close()
      await database.drop()
    }
  },
)
