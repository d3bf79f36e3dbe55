import { afterAll, beforeAll, expect, test } from 'vitest'
import { USER_SORT_FIELDS } from '@shared/contract'
import {
  EXISTS_FILTER_KEYS,
  FLAG_FILTER_KEYS,
  MEMBER_FILTER_KEYS,
  USER_FILTERS,
  USER_SORTS,
} from '@shared/user-list-fields'
import type { Database } from '../../server/src/db/database'
import { updateStatus, updateStatusOf, type StatusChange } from '../../server/src/db/users'
import { FILTER_VERSIONS, memberFilters } from '../../server/src/db/user-list/filters'
import { FLAG_VERSIONS, SORTS, STATE_COLUMNS } from '../../server/src/db/user-list/sorts'
import { anchorCounters } from '../../server/src/db/user-list/anchors'
import { openMigratedDatabase } from './support/database'

// The anchors of an order and the kept counts of a search or filter hold while a counter of
// user_total has not moved; a trigger that misses a column would serve stale pages and totals
// without an error. This reads the triggers from the catalog and checks that an update of each
// column of the list's declaration (src/shared/user-list-fields.ts) moves its counters.

let database: Awaited<ReturnType<typeof openMigratedDatabase>>
let db: Database

beforeAll(async () => {
  database = await openMigratedDatabase()
  db = database.db
})

afterAll(async () => {
  await database?.close()
})

interface UsersTrigger {
  definition: string
  source: string
  onUpdate: boolean
  columns: string[]
}

/** The triggers of users that fire on an update, their functions' code and `UPDATE OF` lists. */
const usersTriggers = () =>
  db.query<UsersTrigger>(
    `SELECT pg_get_triggerdef(t.oid) AS definition, p.prosrc AS source,
       (t.tgtype & 16) <> 0 AS "onUpdate",
       ARRAY(SELECT c.event_object_column::text FROM information_schema.triggered_update_columns c
         WHERE c.trigger_name = t.tgname AND c.event_object_table = 'users'
           AND c.event_object_schema = current_schema()
         ORDER BY 1) AS columns
     FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE t.tgrelid = 'users'::regclass AND NOT t.tgisinternal`,
  )

/** The counters of user_total a trigger function moves (`SET x_version = x_version + 1`). */
const countersMoved = (source: string) =>
  [...source.matchAll(/(\w+_version)\s*=\s*\1\s*\+/g)].map((match) => match[1]!)

/** The columns of users that a generated column is computed from. */
async function generatedFrom(column: string): Promise<string[]> {
  const rows = await db.query<{ column: string }>(
    `SELECT column_name::text AS column FROM information_schema.column_column_usage
     WHERE table_schema = current_schema() AND table_name = 'users' AND dependent_column = $1
     ORDER BY 1`,
    [column],
  )
  return rows.map((row) => row.column)
}

/**
 * The columns whose update must move one of the counters with them, with why: an order's
 * anchors move with its sort's column and, kept per status and lock, with theirs (the counters
 * `anchorCounters` gives those lists); a kept count of a filtered list with the status and lock,
 * of a search with every column its text is made of.
 */
async function requiredCoverage(): Promise<{ counters: string[]; column: string; why: string }[]> {
  const flagColumns = FLAG_FILTER_KEYS.map((key) => ({ key, column: USER_FILTERS[key].column }))
  const required = USER_SORT_FIELDS.flatMap((field) => [
    // The id is the key no update changes.
    ...(field === 'id'
      ? []
      : [
          {
            counters: anchorCounters({ sort: field }),
            column: SORTS[field].column,
            why: `sort ${field}`,
          },
        ]),
    ...flagColumns.map(({ key, column }) => ({
      counters: anchorCounters({ sort: field, [key]: USER_FILTERS[key].whenTrue }),
      column,
      why: `the anchors of sort ${field} per ${key}`,
    })),
  ])
  for (const { key, column } of flagColumns) {
    required.push({ counters: [FLAG_VERSIONS[key]], column, why: `filter ${key}` })
  }
  for (const column of await generatedFrom(USER_FILTERS.search.column)) {
    required.push({ counters: [FILTER_VERSIONS.search], column, why: 'the search' })
  }
  return required
}

test('an update of every sortable or filterable column moves the counters its kept lists depend on', async () => {
  const triggers = (await usersTriggers()).filter((trigger) => trigger.onUpdate)
  // A trigger with no UPDATE OF list fires on an update of any column.
  const moves = (counter: string, column: string) =>
    triggers.some(
      (trigger) =>
        countersMoved(trigger.source).includes(counter) &&
        (trigger.columns.length === 0 || trigger.columns.includes(column)),
    )
  const required = await requiredCoverage()
  // The catalog names what the search text is made of (a sign the query reads it right).
  expect(required.filter(({ why }) => why === 'the search').length).toBeGreaterThan(0)
  const missing = required
    .filter(({ counters, column }) => !counters.some((counter) => moves(counter, column)))
    .map(({ counters, column, why }) => `${column} moves none of ${counters.join(', ')} (${why})`)
  expect(
    missing,
    `triggers of users on UPDATE:\n${triggers.map((trigger) => trigger.definition).join('\n')}`,
  ).toEqual([])
})

test('a status change moves its own flag’s counter alone, not the other flag’s', async () => {
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, first_name, last_name, password_hash)
     VALUES ('flagcounters', 'flagcounters@example.com', 'Flag', 'Counters', 'x') RETURNING id`,
  )
  const counters = Object.values(FLAG_VERSIONS)
  const read = async () =>
    (await db.query<Record<string, string>>(`SELECT ${counters.join(', ')} FROM user_total`))[0]!
  const changes = [
    { change: { isLocked: true }, moves: FLAG_VERSIONS.locked },
    { change: { isLocked: false }, moves: FLAG_VERSIONS.locked },
    { change: { isActive: false }, moves: FLAG_VERSIONS.status },
    { change: { isActive: true }, moves: FLAG_VERSIONS.status },
  ]
  // One user's change and a bulk action's chunk alike.
  const writes: Record<string, (change: StatusChange) => Promise<unknown>> = {
    'one user': (change) => updateStatus(db, user!.id, change),
    'a chunk': (change) => updateStatusOf(db, [user!.id], change),
  }
  for (const [kind, write] of Object.entries(writes)) {
    for (const { change, moves } of changes) {
      const before = await read()
      await write(change)
      const after = await read()
      for (const counter of counters) {
        const moved = after[counter] !== before[counter]
        expect(moved, `${kind}: ${JSON.stringify(change)} moved ${counter}`).toBe(counter === moves)
      }
    }
  }
})

test('an insert, update or delete of a filter’s other table moves the counter of its kept counts', async () => {
  for (const key of EXISTS_FILTER_KEYS) {
    const { table } = USER_FILTERS[key]
    const triggers = await db.query<{ source: string; events: number }>(
      `SELECT p.prosrc AS source, t.tgtype & 28 AS events
       FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE t.tgrelid = $1::regclass AND NOT t.tgisinternal`,
      [table],
    )
    // 4, 8 and 16: INSERT, DELETE and UPDATE.
    const moving = triggers.filter((trigger) =>
      countersMoved(trigger.source).includes(FILTER_VERSIONS.exists),
    )
    const events = moving.reduce((all, trigger) => all | trigger.events, 0)
    expect(events, `${table} (filter ${key})`).toBe(28)
  }
})

test('an insert or delete of a role’s holders or a group’s members moves that one’s version', async () => {
  for (const key of MEMBER_FILTER_KEYS) {
    const { table, versions } = memberFilters({ [key]: 1 })[0]!
    const triggers = await db.query<{ arguments: string; events: number }>(
      `SELECT encode(t.tgargs, 'escape') AS arguments, t.tgtype & 60 AS events
       FROM pg_trigger t WHERE t.tgrelid = $1::regclass AND NOT t.tgisinternal`,
      [table],
    )
    // 4, 8 and 32: INSERT, DELETE and TRUNCATE.
    const events = triggers
      .filter((trigger) => trigger.arguments.split('\\000').includes(versions))
      .reduce((all, trigger) => all | trigger.events, 0)
    expect(events & 44, `${table} (filter ${key})`).toBe(44)
  }
})

test('a sort is declared nullable exactly when its column is', async () => {
  const rows = await db.query<{ column: string; nullable: boolean }>(
    `SELECT column_name::text AS column, is_nullable = 'YES' AS nullable
     FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'users'`,
  )
  const nullable = new Map(rows.map((row) => [row.column, row.nullable]))
  const declared = Object.values(USER_SORTS).map(({ column, nullable }) => [column, nullable])
  expect(declared).toEqual(
    Object.values(USER_SORTS).map(({ column }) => [column, nullable.get(column)]),
  )
})

// Migration 028: a status or lock change is a HOT update of users only while no index of users
// holds the status, the lock or the update time, as a key, an included column, an expression or
// a partial index's predicate (pg_get_indexdef shows all four).
test('no index of users holds the status, the lock or the update time', async () => {
  const indexes = await db.query<{ definition: string }>(
    `SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index
     WHERE indrelid = 'users'::regclass ORDER BY indexrelid`,
  )
  expect(indexes.map(({ definition }) => definition).join('\n')).toContain('users_pkey')
  const holding = indexes
    .map(({ definition }) => definition)
    .filter((definition) =>
      STATE_COLUMNS.some((column) => new RegExp(`\\b${column}\\b`).test(definition)),
    )
  expect(holding).toEqual([])
})

/**
 * The columns of users that user_state copies (migration 028): every sort's, the flags' and the
 * search's, so that any list can be walked there; a new one fails this test until it is copied.
 */
const COPIED_COLUMNS = [
  ...new Set([
    ...USER_SORT_FIELDS.map((sort) => USER_SORTS[sort].column),
    ...[...FLAG_FILTER_KEYS, 'search' as const].map((key) => USER_FILTERS[key].column),
  ]),
].join(', ')

test('user_state holds a copy of every user’s state, sort keys and search text after each write', async () => {
  const expectCopies = async (after: string) => {
    const users = await db.query(`SELECT ${COPIED_COLUMNS} FROM users ORDER BY id`)
    const copies = await db.query(`SELECT ${COPIED_COLUMNS} FROM user_state ORDER BY id`)
    expect(copies, `user_state after ${after}`).toEqual(users)
    // The view the exports read: users' row, in users' columns, with the state from user_state.
    expect(
      await db.query('SELECT * FROM users_by_state ORDER BY id'),
      `users_by_state after ${after}`,
    ).toEqual(await db.query('SELECT * FROM users ORDER BY id'))
    return users.length
  }
  const ids = (
    await db.query<{ id: number }>(
      `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
         is_active, is_locked, last_login)
       SELECT 'state' || k, 'state' || k || '@example.com', 'First' || k, 'Last', '+1 555 ' || k,
         'hash', k % 3 <> 0, k % 4 = 0, CASE WHEN k % 2 = 0 THEN now() END
       FROM generate_series(1, 8) AS k
       RETURNING id`,
    )
  ).map(({ id }) => id)
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, password_hash)
     VALUES ('state-single', 'state-single@example.com', 'Single', 'User', 'hash')`,
  )
  expect(await expectCopies('inserts')).toBeGreaterThanOrEqual(9)

  await db.query(
    `UPDATE users SET is_active = NOT is_active, updated_date = now() + interval '1 minute'
     WHERE id = ANY($1::int[])`,
    [ids.slice(0, 4)],
  )
  await db.query(
    `UPDATE users SET is_locked = true, updated_date = now() + interval '2 minutes' WHERE id = $1`,
    [ids[5]],
  )
  await expectCopies('status and lock changes')

  const [before] = await db.query<{ search_text: string }>(
    'SELECT search_text FROM user_state WHERE id = $1',
    [ids[6]],
  )
  await db.query(
    `UPDATE users SET username = 'renamed', email = 'renamed@example.com',
       phone_number = '+1 555 999', first_name = 'Renamed', updated_date = now()
     WHERE id = $1`,
    [ids[6]],
  )
  await expectCopies('a profile edit')
  const [after] = await db.query<{ search_text: string }>(
    'SELECT search_text FROM user_state WHERE id = $1',
    [ids[6]],
  )
  expect(after!.search_text).not.toEqual(before!.search_text)
  expect(after!.search_text).toContain('renamed')

  await db.query(`UPDATE users SET last_login = now() + interval '3 minutes' WHERE id = $1`, [
    ids[1],
  ])
  await expectCopies('a sign-in')

  await db.query('DELETE FROM users WHERE id = ANY($1::int[])', [[ids[0], ids[7]]])
  await expectCopies('a delete')
})
