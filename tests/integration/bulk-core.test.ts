import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { seedBulk } from '../../server/src/seed/bulk'
import { createCore, type Core } from '../../src/main/core'
import { memoryVault } from '../../src/main/core/vault/vault'
import type { BridgeEvent } from '@shared/bridge'
import type { BulkRequest } from '@shared/bridge-inputs'
import type { User } from '@shared/contract'
import type { Result } from '@shared/result'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'
import { reportFileName } from '@shared/report-file-name'
import { EN } from '@shared/i18n/catalogues'
import { englishText } from '../support/english'

/** The name the save dialog offers a CSV of this table today (issue 56). */
const USERS_CSV = reportFileName(EN['exports.usersReportTitle'], new Date(), 'csv', englishText)

/** Seeded users share this email domain, so one search selects all of them. */
const SEEDED = '@bulk.example.com'
const SEEDED_COUNT = 1_100

let server: TestServer
let core: Core
let dir: string
let me: User
let requests: string[] = []
const events: BridgeEvent[] = []

const call = (channel: string, payload?: unknown) =>
  core.handle(channel, payload) as Promise<Result<any>>
const bulkRequest = (overrides: Partial<BulkRequest>): BulkRequest => ({
  bulkId: `bulk-${Math.random().toString(36).slice(2)}`,
  action: 'lock',
  selection: { search: SEEDED },
  ...overrides,
})
const lockedSeeded = async () =>
  (
    await server.built.context.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email LIKE '%${SEEDED}' AND is_locked`,
    )
  )[0]!.n
const seededIds = async () =>
  (
    await server.built.context.db.query<{ id: number }>(
      `SELECT id FROM users WHERE email LIKE '%${SEEDED}' ORDER BY id`,
    )
  ).map((row) => row.id)
const progress = (bulkId: string) =>
  events.flatMap((event) =>
    event.type === 'bulk-progress' && event.bulkId === bulkId
      ? [[event.phase, event.done, event.total]]
      : [],
  )

beforeAll(async () => {
  server = await startServer()
  await seedBulk(server.built.context.db, SEEDED_COUNT, () => undefined)
  dir = await mkdtemp(join(tmpdir(), 'bulk-core-'))
  core = createCore({
    serverUrl: server.url,
    fetch: async (url, init) => {
      requests.push(`${init.method} ${new URL(url).pathname}`)
      return fetch(url, init)
    },
    vault: memoryVault(),
    exportPorts: folderExportPorts(dir),
    version: 'test',
  })
  core.onEvent((event) => events.push(event))
  const login = await call('auth.login', {
    username: ADMIN.username,
    password: ADMIN.password,
  })
  expect(login).toMatchObject({ ok: true })
  me = login.ok && login.data.user
})
afterAll(() => server?.close())
beforeEach(() => {
  requests = []
})

test('"all matching" is listed first, then sent 500 at a time, with progress of both', async () => {
  const request = bulkRequest({ action: 'lock' })
  const result = await call('users.bulk', request)
  expect(result).toEqual({
    ok: true,
    data: { ok: SEEDED_COUNT, failed: 0, failures: [], cancelled: false },
  })
  expect(progress(request.bulkId)).toEqual([
    ['selecting', 200, 1100],
    ['selecting', 400, 1100],
    ['selecting', 600, 1100],
    ['selecting', 800, 1100],
    ['selecting', 1000, 1100],
    ['selecting', 1100, 1100],
    ['applying', 0, 1100],
    ['applying', 500, 1100],
    ['applying', 1000, 1100],
    ['applying', 1100, 1100],
  ])
  expect(requests.filter((line) => line.startsWith('POST'))).toEqual(
    Array(3).fill('POST /api/admin/users/bulk/lock'),
  )
  expect(await lockedSeeded()).toBe(SEEDED_COUNT)
})

test('Cancel stops before the next request: what was sent is applied and counted, the rest untouched', async () => {
  const ids = await seededIds()
  const request = bulkRequest({ action: 'unlock', selection: { ids } })
  const stop = core.onEvent((event) => {
    if (event.type === 'bulk-progress' && event.phase === 'applying' && event.done > 0)
      void call('users.bulkCancel', { bulkId: request.bulkId })
  })
  const result = await call('users.bulk', request)
  stop()
  expect(result).toEqual({
    ok: true,
    data: { ok: 500, failed: 0, failures: [], cancelled: true },
  })
  expect(progress(request.bulkId)).toEqual([
    ['applying', 0, 1100],
    ['applying', 500, 1100],
  ])
  expect(requests.filter((line) => line.startsWith('POST'))).toHaveLength(1)
  expect(await lockedSeeded()).toBe(SEEDED_COUNT - 500)
})

test('Cancel while selecting sends nothing', async () => {
  const request = bulkRequest({ action: 'deactivate' })
  const stop = core.onEvent((event) => {
    if (event.type === 'bulk-progress' && event.phase === 'selecting')
      void call('users.bulkCancel', { bulkId: request.bulkId })
  })
  const result = await call('users.bulk', request)
  stop()
  expect(result).toEqual({ ok: true, data: { ok: 0, failed: 0, failures: [], cancelled: true } })
  expect(requests).toEqual(['GET /api/admin/users'])
})

test('each failure comes back with the username and the reason', async () => {
  const [first] = await seededIds()
  const result = await call('users.bulk', bulkRequest({ selection: { ids: [first!, me.id] } }))
  expect(result).toEqual({
    ok: true,
    data: {
      ok: 1,
      failed: 1,
      failures: [
        {
          id: me.id,
          username: ADMIN.username,
          ok: false,
          status: 409,
          message: 'You cannot lock your own account.',
        },
      ],
      cancelled: false,
    },
  })
})

test('a request refused as a whole ends the run with its reason', async () => {
  const result = await call(
    'users.bulk',
    bulkRequest({ action: 'assign-role', selection: { ids: [me.id] }, targetId: 999999 }),
  )
  expect(result).toEqual({
    ok: true,
    data: { ok: 0, failed: 0, failures: [], cancelled: false, error: 'Role 999999 not found' },
  })
})

test.each([
  [{ action: 'assign-role', selection: { ids: [1] } }, /targetId/],
  [{ action: 'lock', selection: { ids: [1] }, targetId: 1 }, /targetId/],
  [{ action: 'erase', selection: { ids: [1] } }, /action must be one of/],
  [{ action: 'lock', selection: { ids: [] } }, /selection/],
  [{ action: 'lock', selection: { ids: [1], search: 'x' } }, /selection/],
  [{ action: 'lock', selection: { filter: { status: 'gone' } } }, /selection/],
  [{ action: 'lock', bulkId: 'no spaces allowed', selection: { ids: [1] } }, /bulkId/],
])('users.bulk refuses %j before sending anything', async (overrides, message) => {
  const result = await call('users.bulk', { ...bulkRequest({}), ...overrides })
  expect(result.ok).toBe(false)
  expect(!result.ok && result.error.message).toMatch(message)
  expect(requests).toEqual([])
})

test('Export Selected writes only the chosen users, in the order chosen; one deleted since is left out', async () => {
  const ids = await seededIds()
  const chosen = [ids[5]!, ids[1]!, 999999, ids[3]!]
  const result = await call('exports.users', {
    exportId: 'selected-1',
    format: 'csv',
    ids: chosen,
    sort: 'id',
    direction: 'asc',
    columns: ['id'],
  })
  expect(result).toEqual({
    ok: true,
    data: { status: 'saved', file: join(dir, USERS_CSV), rows: 3 },
  })
  expect(await readFile(join(dir, USERS_CSV), 'utf8')).toBe(
    ['User ID', ids[5], ids[1], ids[3]].join('\r\n') + '\r\n',
  )
  expect(
    events.filter((event) => event.type === 'export-progress' && event.exportId === 'selected-1'),
  ).toEqual([{ type: 'export-progress', exportId: 'selected-1', done: 4, total: 4 }])
})
