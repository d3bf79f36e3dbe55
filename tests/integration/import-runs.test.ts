import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  IMPORT_RUN_QUIET_MINUTES,
  endpoints,
  type ImportRunFinish,
  type UserImportRequest,
  type UserImportRow,
} from '@shared/contract'
import { startServer, type TestServer } from './support/server'

/**
 * Import runs (issue 56): the requests a console sends for one file, with one importId, make
 * one `user.import` entry with the file's totals, written when the console finishes the run, or
 * by the job once the run has been quiet for IMPORT_RUN_QUIET_MINUTES, exactly once either way.
 * Requests without an importId keep one entry each (import-api.test.ts). Time passes by moving
 * the server's clock, never by waiting.
 */

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
})
afterAll(() => server?.close())

let counter = 0
/** `count` rows that pass every rule; a row whose phone is blank fails. */
const rows = (count: number, failing = new Set<number>()): UserImportRow[] =>
  Array.from({ length: count }, (_, i) => {
    counter += 1
    return {
      row: i + 2,
      username: `run${counter}`,
      email: `run${counter}@example.com`,
      firstName: 'Imported',
      lastName: `Run ${counter}`,
      phoneNumber: failing.has(i) ? ' ' : '+49 30 0000',
    }
  })

const send = async (body: UserImportRequest, on = server) => {
  const reply = await on.request('POST', endpoints.importUsers.path, {
    token: on === server ? token : await on.token(),
    body: { sendSetPasswordLink: false, ...body },
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body
}
const finishPath = (importId: string) => endpoints.finishImport.path.replace('{importId}', importId)
const finish = (importId: string, ending: ImportRunFinish['ending'] = 'completed') =>
  server.request('POST', finishPath(importId), { token, body: { ending } })

/** The `user.import` entries of a file, oldest first. */
const entriesOf = async (file: string) =>
  (
    await server.built.context.db.query<{ actor_username: string; changes: object }>(
      `SELECT actor_username, changes FROM audit_log
       WHERE action = 'user.import' AND changes->>'file' = $1 ORDER BY id`,
      [file],
    )
  ).map((entry) => entry.changes)

/** Moves the server's clock past the quiet time; the access tokens of before expire then. */
async function quietTimePasses(on = server) {
  on.clock.advance(IMPORT_RUN_QUIET_MINUTES * 60_000 + 1000)
  token = await server.token()
}

describe('a run finished by the console', () => {
  test('a file in five requests, two in flight at once: one entry with the totals, on finish', async () => {
    const file = rows(50, new Set([7, 33]))
    const importId = randomUUID()
    const parts = [file.slice(0, 10), file.slice(10, 20), file.slice(20, 30), file.slice(30, 40)]
    await Promise.all(
      parts.slice(0, 2).map((part) => send({ rows: part, importId, fileName: 'five.csv' })),
    )
    await Promise.all(
      parts.slice(2).map((part) => send({ rows: part, importId, fileName: 'five.csv' })),
    )
    // A dry run of the same id only reads: it adds nothing to the run.
    await send({ rows: file.slice(40), importId, fileName: 'five.csv', dryRun: true })
    await send({ rows: file.slice(40), importId, fileName: 'five.csv' })
    expect(await entriesOf('five.csv')).toEqual([])

    const totals = {
      file: 'five.csv',
      rows: 50,
      firstRow: 2,
      lastRow: 51,
      created: 48,
      updated: 0,
      unchanged: 0,
      failed: 2,
    }
    const finished = await finish(importId)
    expect(finished.status).toBe(200)
    expect(finished.body).toEqual(totals)
    expect(await entriesOf('five.csv')).toEqual([totals])

    // Finished already: nothing is written again, and the answer says so.
    const again = await finish(importId)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('No import run of yours with this id is open')
    await quietTimePasses()
    expect(await server.built.context.importRunCloser.run()).toBe(0)
    expect(await entriesOf('five.csv')).toEqual([totals])
  })

  test('Cancel: one entry with what was applied, saying it was cancelled', async () => {
    const importId = randomUUID()
    const file = rows(30)
    await send({ rows: file.slice(0, 10), importId, fileName: 'cancelled.csv' })
    await send({ rows: file.slice(10, 20), importId, fileName: 'cancelled.csv' })
    expect((await finish(importId, 'cancelled')).status).toBe(200)
    expect(await entriesOf('cancelled.csv')).toEqual([
      {
        file: 'cancelled.csv',
        rows: 20,
        firstRow: 2,
        lastRow: 21,
        created: 20,
        updated: 0,
        unchanged: 0,
        failed: 0,
        ended: 'cancelled',
      },
    ])
  })

  test("an unknown id, or another administrator's run, is not found and changes nothing", async () => {
    expect((await finish(randomUUID())).status).toBe(404)
    const importId = randomUUID()
    await send({ rows: rows(1), importId, fileName: 'theirs.csv' })
    // Another administrator who may import: the run is not theirs to finish.
    const importer = await server.request('POST', '/api/admin/roles', {
      token,
      body: { name: 'Run importer', permissions: ['users.create'] },
    })
    const other = await server.member(token)
    const given = await server.request(
      'PUT',
      `/api/admin/users/${other.user.id}/roles/${importer.body.id}`,
      { token },
    )
    expect(given.status).toBe(200)
    const foreign = await server.request('POST', finishPath(importId), {
      token: await server.token(other.user.username, other.password),
      body: { ending: 'completed' },
    })
    expect(foreign.status).toBe(404)
    expect(await entriesOf('theirs.csv')).toEqual([])
    expect((await finish(importId)).status).toBe(200)
    expect(await entriesOf('theirs.csv')).toHaveLength(1)
  })

  test('a malformed id or ending is refused', async () => {
    const badId = await server.request('POST', finishPath('not-a-uuid'), {
      token,
      body: { ending: 'completed' },
    })
    expect(badId.status).toBe(400)
    const badEnding = await finish(randomUUID(), 'sideways' as ImportRunFinish['ending'])
    expect(badEnding.status).toBe(400)
    const badRequest = await server.request('POST', endpoints.importUsers.path, {
      token,
      body: { rows: rows(1), importId: 'run-1' },
    })
    expect(badRequest.status).toBe(400)
    expect(JSON.stringify(badRequest.body)).toContain('importId must be a UUID')
  })
})

describe('a run no console finished', () => {
  test('is summed up once by the job after the quiet time, not before', async () => {
    const importId = randomUUID()
    const file = rows(20)
    await send({ rows: file.slice(0, 10), importId, fileName: 'left.csv' })
    await send({ rows: file.slice(10), importId, fileName: 'left.csv' })
    expect(await server.built.context.importRunCloser.run()).toBe(0)
    expect(await entriesOf('left.csv')).toEqual([])

    await quietTimePasses()
    const closed = await Promise.all([
      server.built.context.importRunCloser.run(),
      server.built.context.importRunCloser.run(),
    ])
    expect(closed.reduce((sum, n) => sum + n, 0)).toBe(1)
    expect(await entriesOf('left.csv')).toEqual([
      {
        file: 'left.csv',
        rows: 20,
        firstRow: 2,
        lastRow: 21,
        created: 20,
        updated: 0,
        unchanged: 0,
        failed: 0,
        ended: 'unfinished',
      },
    ])
    // Summed up already: the console's late finish finds nothing to write.
    expect((await finish(importId)).status).toBe(404)
    expect(await entriesOf('left.csv')).toHaveLength(1)
  })
})

describe('the feature', () => {
  test('named by /auth/me, and not with USER_IMPORT=off, which leaves the endpoints out', async () => {
    const me = await server.request('GET', '/auth/me', { token })
    expect(me.body.features).toContain('import-runs')
    const without = await startServer({ USER_IMPORT: 'off' })
    try {
      const theirs = await without.token()
      const them = await without.request('GET', '/auth/me', { token: theirs })
      expect(them.body.features).not.toContain('import-runs')
      const finishing = await without.request('POST', finishPath(randomUUID()), {
        token: theirs,
        body: { ending: 'completed' },
      })
      expect(finishing.status).toBe(404)
    } finally {
      await without.close()
    }
  })
})

describe.runIf(process.env.TEST_DATABASE === 'postgres')('two API processes, one database', () => {
  test('each unfinished run is summed up once, whichever process gets there', async () => {
    const second = await startServer({ DATABASE_URL: server.built.context.config.databaseUrl! })
    try {
      const files = Array.from({ length: 6 }, (_, i) => `both-${i}.csv`)
      for (const [i, fileName] of files.entries()) {
        const importId = randomUUID()
        await send({ rows: rows(3), importId, fileName }, i % 2 ? second : server)
      }
      server.clock.advance(IMPORT_RUN_QUIET_MINUTES * 60_000 + 1000)
      second.clock.advance(IMPORT_RUN_QUIET_MINUTES * 60_000 + 1000)
      const closed = await Promise.all([
        server.built.context.importRunCloser.run(),
        second.built.context.importRunCloser.run(),
        server.built.context.importRunCloser.run(),
        second.built.context.importRunCloser.run(),
      ])
      expect(closed.reduce((sum, n) => sum + n, 0)).toBe(files.length)
      for (const fileName of files) expect(await entriesOf(fileName)).toHaveLength(1)
      token = await server.token()
    } finally {
      await second.close()
    }
  })
})
