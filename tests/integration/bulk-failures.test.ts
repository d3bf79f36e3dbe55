import { afterAll, beforeAll, expect, test } from 'vitest'
import { bulkResultSchema, type User } from '../../src/shared/contract'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
})
afterAll(() => server?.close())

/**
 * Makes PostgreSQL itself fail every change of one user's row with `failure` (a PL/pgSQL
 * statement), as a real conflict or a lost connection would fail it: the API sees the database's
 * own error, on every run of the transaction.
 */
async function failChangesOf(user: User, failure: string) {
  const name = `fail_user_${user.id}`
  await server.built.context.db.exec(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.id = ${user.id} THEN ${failure}; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ${name} BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION ${name}();`)
}

async function deactivateEach(users: User[]) {
  const reply = await server.request('POST', '/api/admin/users/bulk/deactivate', {
    token,
    body: { ids: users.map((user) => user.id) },
  })
  expect(reply.status).toBe(200)
  return bulkResultSchema.parse(reply.body)
}

test('a user whose change deadlocks on every run is a 503 of the bulk result, as alone', async () => {
  const [before, stuck, after] = [
    await server.createUser(token),
    await server.createUser(token),
    await server.createUser(token),
  ]
  await failChangesOf(stuck!, `RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'`)

  const alone = await server.request('PUT', `/api/admin/users/${stuck!.id}/deactivate`, { token })
  expect(alone.status).toBe(503)

  const result = await deactivateEach([before!, stuck!, after!])
  expect(result).toEqual({
    results: [
      { id: before!.id, username: before!.username, ok: true },
      {
        id: stuck!.id,
        username: stuck!.username,
        ok: false,
        status: 503,
        message: alone.body.message,
      },
      { id: after!.id, username: after!.username, ok: true },
    ],
    ok: 2,
    failed: 1,
  })
})

// PGlite runs inside the process: there is no connection to lose.
test.skipIf(process.env.TEST_DATABASE !== 'postgres')(
  'a user whose connection PostgreSQL ends mid-change is a 503 of the bulk result; the others go on',
  async () => {
    const [before, cut, after] = [
      await server.createUser(token),
      await server.createUser(token),
      await server.createUser(token),
    ]
    // The backend changing this user ends itself, as a restart or pg_terminate_backend would.
    await failChangesOf(cut!, 'PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5)')
    const result = await deactivateEach([before!, cut!, after!])
    expect(result.results).toEqual([
      { id: before!.id, username: before!.username, ok: true },
      {
        id: cut!.id,
        username: cut!.username,
        ok: false,
        status: 503,
        message: 'The database is not reachable right now. Try again in a moment.',
      },
      { id: after!.id, username: after!.username, ok: true },
    ])
  },
)
