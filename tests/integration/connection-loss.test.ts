import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isConnectionLoss } from '../../server/src/db/connection-loss'
import type { Database } from '../../server/src/db/database'
import { openPostgres } from '../../server/src/db/postgres'
import { createTestDatabase } from './support/database'
import { freePort } from './support/ports'
import { ADMIN, startServer, type TestServer } from './support/server'

// PGlite runs inside the process: there is no connection to lose.
const onPostgres = process.env.TEST_DATABASE === 'postgres'

let server: TestServer
let db: Database
let token: string

beforeAll(async () => {
  if (!onPostgres) return
  server = await startServer()
  db = server.built.context.db
  token = await server.token()
})
afterAll(() => server?.close())

/** Ends a backend as a PostgreSQL restart, a failover or a DBA's pg_terminate_backend does. */
async function terminate(pid: number) {
  await db.query('SELECT pg_terminate_backend($1)', [pid])
  // Its end reaches the API while the connection sits idle, between two statements.
  await sleep(300)
}

/** What `promise` rejected with; a failure of the test if it resolved. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('it went on as if its connection were still there'),
    (error: unknown) => error,
  )
}

test.skipIf(!onPostgres)(
  'an export whose connection PostgreSQL ends fails its reader, and the next statement is served',
  async () => {
    const batches = db.streamRows!<{ pid: number; n: number }>(
      'SELECT pg_backend_pid() AS pid, n FROM generate_series(1, 10) AS n',
      [],
      1,
    )
    const first = await batches.next()
    await terminate((first.value as { pid: number }[])[0]!.pid)
    // A reader that takes its time over each batch, as a download does.
    const drained = (async () => {
      for await (const rows of batches) {
        expect(rows).toHaveLength(1)
        await sleep(100)
      }
    })()
    expect(isConnectionLoss(await failureOf(drained))).toBe(true)
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
  },
)

test.skipIf(!onPostgres)(
  'a transaction whose connection PostgreSQL ends fails, and the next one is served',
  async () => {
    const outcome = db.transaction(async (tx) => {
      const [row] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      await terminate(row!.pid)
      await tx.query('SELECT 1')
    })
    expect(isConnectionLoss(await failureOf(outcome))).toBe(true)
    expect(await db.transaction((tx) => tx.query('SELECT 1 AS one'))).toEqual([{ one: 1 }])
  },
)

test.skipIf(!onPostgres)(
  'a request whose connection PostgreSQL ends mid-statement answers 503 with Retry-After',
  async () => {
    const user = await server.createUser(token)
    // The backend changing this user ends itself, as a restart or pg_terminate_backend would.
    await db.exec(`
      CREATE FUNCTION end_own_backend() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.id = ${user.id} THEN
          PERFORM pg_terminate_backend(pg_backend_pid());
          PERFORM pg_sleep(5);
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER end_own_backend BEFORE UPDATE ON users
        FOR EACH ROW EXECUTE FUNCTION end_own_backend();`)
    const reply = await server.request('PUT', `/api/admin/users/${user.id}/lock`, { token })
    expect(reply.status).toBe(503)
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(reply.body.message).toBe(
      'The database is not reachable right now. Try again in a moment.',
    )
    await db.exec('DROP TRIGGER end_own_backend ON users')
    const again = await server.request('PUT', `/api/admin/users/${user.id}/lock`, { token })
    expect(again.status).toBe(200)
    expect(again.body.isLocked).toBe(true)
  },
)

test.skipIf(!onPostgres)(
  'a database nobody answers for fails statements, transactions and exports as unreachable, at once',
  async () => {
    const away = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/postgres`)
    try {
      const started = performance.now()
      const stream = away.streamRows!('SELECT 1', [], 1)
      for (const attempt of [
        away.query('SELECT 1'),
        away.query('SELECT 1', [], { prepare: true }),
        away.transaction((tx) => tx.query('SELECT 1')),
        stream.next(),
      ]) {
        expect(isConnectionLoss(await failureOf(attempt))).toBe(true)
      }
      expect(performance.now() - started).toBeLessThan(2_000)
    } finally {
      await away.close()
    }
  },
)

/**
 * PostgreSQL's port through a proxy on loopback that can be taken away, as a restart takes it:
 * every connection cut, new ones refused, until it is back on the same port.
 */
async function interruptiblePostgres(target: { host: string; port: number }) {
  const sockets = new Set<Socket>()
  const proxy = createServer((socket) => {
    const upstream = connect(target.port, target.host)
    for (const [one, other] of [
      [socket, upstream],
      [upstream, socket],
    ] as const) {
      sockets.add(one)
      one.on('error', () => other.destroy())
      one.on('close', () => {
        sockets.delete(one)
        other.destroy()
      })
      one.pipe(other)
    }
  })
  const listen = (port: number) =>
    new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve))
  await listen(0)
  const { port } = proxy.address() as AddressInfo
  return {
    port,
    async goAway() {
      const closed = new Promise((resolve) => proxy.close(resolve))
      for (const socket of sockets) socket.destroy()
      await closed
    },
    comeBack: () => listen(port),
    close: () => new Promise((resolve) => proxy.close(resolve)),
  }
}

test.skipIf(!onPostgres)(
  'PostgreSQL away for a while: requests answer 503 with Retry-After, and are served once it is back',
  async () => {
    const database = await createTestDatabase()
    const url = new URL(database.env.DATABASE_URL!)
    const postgres = await interruptiblePostgres({
      host: url.hostname,
      port: Number(url.port || 5432),
    })
    url.host = `127.0.0.1:${postgres.port}`
    const api = await startServer({ DATABASE_URL: url.toString() })
    try {
      const adminToken = await api.token()
      const user = await api.createUser(adminToken)
      const attempts = () =>
        Promise.all([
          fetch(`${api.url}/health`),
          fetch(`${api.url}/api/admin/users?page=0&size=5`, {
            headers: { authorization: `Bearer ${adminToken}` },
          }),
          fetch(`${api.url}/api/admin/users/${user.id}/lock`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${adminToken}` },
          }),
          api.login(ADMIN.username, ADMIN.password).then(({ status, headers }) => ({
            status,
            headers,
          })),
        ])

      await postgres.goAway()
      for (let round = 0; round < 3; round += 1) {
        const answers = (await attempts()).map(({ status, headers }) => ({
          status,
          retryAfter: headers.get('retry-after'),
        }))
        expect(answers).toEqual(Array(4).fill({ status: 503, retryAfter: '1' }))
        await sleep(200)
      }

      await postgres.comeBack()
      const back = performance.now()
      let statuses: number[] = []
      while (performance.now() - back < 5_000) {
        statuses = (await attempts()).map((answer) => answer.status)
        if (statuses.every((status) => status === 200)) break
        await sleep(100)
      }
      expect(statuses).toEqual([200, 200, 200, 200])
    } finally {
      await api.close()
      await postgres.close()
      await database.drop()
    }
  },
)
