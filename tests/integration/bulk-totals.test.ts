import { afterAll, beforeAll, expect, test } from 'vitest'
import { BULK_CHUNK_SIZE } from '../../src/main/core/bulk/run-bulk'
import type { Database } from '../../server/src/db/database'
import { CELLS_WITH_NOTES, foldAllNotes } from './support/fragment-notes'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 31: bulk actions of 1,000 users, sent as the console sends them, each chunk applied in a
 * few statements: one audit entry per changed user, every session and reset link of a locked or
 * deactivated user ended, and every kept total what counting afresh finds.
 */

const USERS = 1_000

let server: TestServer
let token: string
let db: Database
let ids: number[]
let roleId: number
let groupId: number

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  db = server.built.context.db
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
     SELECT 'thousand' || k, 'thousand' || k || '@example.com', 'Bulk', 'Member' || k, '+1 555 ' || k, 'x'
     FROM generate_series(1, $1::int) AS k RETURNING id`,
    [USERS],
  )
  ids = rows.map((row) => row.id).sort((a, b) => a - b)
  await db.query(
    `INSERT INTO sessions (id, user_id, refresh_hash, expires_at)
     SELECT gen_random_uuid(), id, 'hash' || id, now() + interval '1 hour' FROM unnest($1::int[]) AS id`,
    [ids],
  )
  await db.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     SELECT 'reset' || id, id, now() + interval '1 hour' FROM unnest($1::int[]) AS id`,
    [ids],
  )
  const call = (path: string, body: object) =>
    server.request('POST', path, { token, body }).then((reply) => reply.body)
  roleId = (await call('/api/admin/roles', { name: 'Thousand role', permissions: ['users.read'] }))
    .id
  const linked = await call('/api/admin/roles', { name: 'Thousand linked', permissions: [] })
  groupId = (await call('/api/admin/groups', { name: 'Thousand group', roleIds: [linked.id] })).id
}, 120_000)
afterAll(() => server?.close())

async function sendAsTheConsole(action: string, extra: object = {}) {
  for (let start = 0; start < ids.length; start += BULK_CHUNK_SIZE) {
    const reply = await server.request('POST', `/api/admin/users/bulk/${action}`, {
      token,
      body: { ids: ids.slice(start, start + BULK_CHUNK_SIZE), ...extra },
    })
    expect(reply.body).toMatchObject({ ok: Math.min(BULK_CHUNK_SIZE, ids.length - start) })
  }
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, params))[0]!.n)

/** Rows of `kept` that counting afresh (`fresh`) does not find, and the other way round. */
const differences = (kept: string, fresh: string) =>
  count(`SELECT count(*) AS n FROM ((${kept}) EXCEPT (${fresh})
     UNION ALL ((${fresh}) EXCEPT (${kept}))) AS wrong`)

async function expectTotalsRight() {
  expect(await count('SELECT count(*) - (SELECT total FROM user_total) AS n FROM users')).toBe(0)
  expect(
    await differences(
      'SELECT is_active, is_locked, total FROM user_status_total WHERE total <> 0',
      'SELECT is_active, is_locked, count(*) FROM users GROUP BY 1, 2',
    ),
  ).toBe(0)
  expect(
    await differences(
      'SELECT group_id, is_active, is_locked, total FROM group_member_total WHERE total <> 0',
      `SELECT ug.group_id, u.is_active, u.is_locked, count(*)
       FROM user_groups ug JOIN users u ON u.id = ug.user_id GROUP BY 1, 2, 3`,
    ),
  ).toBe(0)
  expect(
    await differences(
      'SELECT role_id, is_active, is_locked, total FROM role_holder_total WHERE total <> 0',
      `SELECT h.role_id, u.is_active, u.is_locked, count(*) FROM (
         SELECT role_id, user_id FROM user_roles
         UNION
         SELECT gr.role_id, ug.user_id FROM user_groups ug
         JOIN groups g ON g.id = ug.group_id AND g.active
         JOIN group_roles gr ON gr.group_id = ug.group_id
       ) h JOIN users u ON u.id = h.user_id GROUP BY 1, 2, 3`,
    ),
  ).toBe(0)
  const freshCells = `SELECT fragment, is_active, is_locked, count(DISTINCT id)
    FROM users, search_fragments(search_text) AS fragment
    WHERE NOT is_active OR is_locked GROUP BY 1, 2, 3`
  expect(await differences(CELLS_WITH_NOTES, freshCells)).toBe(0)
  await foldAllNotes(db)
  expect(
    await differences(
      'SELECT fragment, is_active, is_locked, total FROM user_search_fragment_cell WHERE total <> 0',
      freshCells,
    ),
  ).toBe(0)
}

/** Each of the users has exactly one new entry of `action`. */
async function expectOneEntryEach(action: string, since: number) {
  const rows = await db.query<{ target_id: string; entries: number }>(
    `SELECT target_id, count(*)::int AS entries FROM audit_log
     WHERE action = $1 AND id > $2 GROUP BY 1`,
    [action, since],
  )
  expect(rows).toHaveLength(USERS)
  expect(rows.every((row) => row.entries === 1)).toBe(true)
  expect(new Set(rows.map((row) => Number(row.target_id)))).toEqual(new Set(ids))
}

const lastEntry = () => count('SELECT coalesce(max(id), 0) AS n FROM audit_log')
const liveSessions = () =>
  count('SELECT count(*) AS n FROM sessions WHERE user_id = ANY ($1) AND revoked_at IS NULL', [ids])
const openResetLinks = () =>
  count(
    'SELECT count(*) AS n FROM password_reset_tokens WHERE user_id = ANY ($1) AND used_at IS NULL',
    [ids],
  )

test('lock and unlock: an entry each, every session and reset link ended, totals right', async () => {
  expect(await liveSessions()).toBe(USERS)
  expect(await openResetLinks()).toBe(USERS)
  let since = await lastEntry()
  await sendAsTheConsole('lock')
  await expectOneEntryEach('user.lock', since)
  expect(await liveSessions()).toBe(0)
  expect(await openResetLinks()).toBe(0)
  await expectTotalsRight()
  since = await lastEntry()
  await sendAsTheConsole('unlock')
  await expectOneEntryEach('user.unlock', since)
  await expectTotalsRight()
})

test('deactivate and activate: an entry each, every session ended, totals right', async () => {
  await db.query(
    `INSERT INTO sessions (id, user_id, refresh_hash, expires_at)
     SELECT gen_random_uuid(), id, 'again' || id, now() + interval '1 hour' FROM unnest($1::int[]) AS id`,
    [ids],
  )
  let since = await lastEntry()
  await sendAsTheConsole('deactivate')
  await expectOneEntryEach('user.deactivate', since)
  expect(await liveSessions()).toBe(0)
  await expectTotalsRight()
  since = await lastEntry()
  await sendAsTheConsole('activate')
  await expectOneEntryEach('user.activate', since)
  await expectTotalsRight()
})

test('a role, a group and leaving it, among locked users: an entry each, totals right', async () => {
  await sendAsTheConsole('lock')
  let since = await lastEntry()
  await sendAsTheConsole('assign-role', { roleId })
  await expectOneEntryEach('user.role_add', since)
  await expectTotalsRight()
  since = await lastEntry()
  await sendAsTheConsole('add-to-group', { groupId })
  await expectOneEntryEach('user.group_add', since)
  await expectTotalsRight()
  await sendAsTheConsole('unlock')
  await expectTotalsRight()
  since = await lastEntry()
  await sendAsTheConsole('remove-from-group', { groupId })
  await expectOneEntryEach('user.group_remove', since)
  await expectTotalsRight()
})
