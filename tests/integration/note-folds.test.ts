import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from '../../server/src/db/database'
import { startNoteFolder } from '../../server/src/db/user-list/note-folds'
import { seedBulk } from '../../server/src/seed/bulk'
import { openMigratedDatabase } from './support/database'
import {
  CELLS_WITH_NOTES,
  noteCount,
  noteCounts,
  TOTALS_WITH_NOTES,
} from './support/fragment-notes'

let database: Awaited<ReturnType<typeof openMigratedDatabase>>
let db: Database

beforeAll(async () => {
  database = await openMigratedDatabase()
  db = database.db
})

afterAll(async () => {
  await database?.close()
})

const countsNow = async () => ({
  totals: await db.query(`${TOTALS_WITH_NOTES} ORDER BY 1`),
  cells: await db.query(`${CELLS_WITH_NOTES} ORDER BY 1, 2, 3`),
})

test('once the writes pause, the noted moves are folded into the totals and cells, which then count the same', async () => {
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash, is_locked)
     SELECT 'fold' || n, 'fold' || n || '@folds.example.com', 'Fold', 'User ' || n, '+1 555', 'x', true
     FROM generate_series(1, 30) AS n`,
  )
  await db.query(`UPDATE users SET is_active = false WHERE username IN ('fold1', 'fold2')`)
  // For the totals, a note for each user added; for the cells, one for each locked user added and
  // two for each deactivated: out of one cell, into another.
  expect(await noteCounts(db)).toEqual({ totals: 30, cells: 34 })
  const before = await countsNow()

  const failures: unknown[] = []
  const folder = startNoteFolder(db, (error) => failures.push(error))
  try {
    // A look every second: the second finds no new note, a pause, and folds. At most 10 s.
    for (let waited = 0; waited < 100 && (await noteCount(db)) > 0; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    await folder.close()
  }
  expect(failures).toEqual([])
  expect(await noteCount(db)).toBe(0)
  expect(await countsNow()).toEqual(before)
})

interface Counters {
  total: number
  order_version: number
  login_order_version: number
  search_version: number
}

test('a bulk seed, its users loaded past the triggers, keeps what their triggers keep', async () => {
  const counters = `SELECT total::int, order_version::int, login_order_version::int,
    search_version::int FROM user_total`
  const [before] = await db.query<Counters>(counters)
  await seedBulk(db, 300, () => undefined)
  expect(await noteCount(db)).toBe(0)
  // The totals hold each user's fragments once, the cells each inactive or locked user's, as
  // counted from the users.
  const fragments = `users, LATERAL (SELECT DISTINCT f FROM search_fragments(search_text) AS f) AS own (fragment)`
  const counted = {
    totals: await db.query(
      `SELECT fragment, count(*)::int AS total FROM ${fragments} GROUP BY 1 ORDER BY 1`,
    ),
    cells: await db.query(
      `SELECT fragment, is_active, is_locked, count(*)::int AS total FROM ${fragments}
       WHERE NOT is_active OR is_locked GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
  }
  expect(counted.cells.length).toBeGreaterThan(0)
  expect(await countsNow()).toEqual(counted)
  // The state copy is every user's, the totals by status and lock and in all count them, and the
  // counters an insert moves have moved, so no anchor or kept count of before holds.
  const stateColumns = `id, is_active, is_locked, updated_date, search_text, username, email,
    phone_number, last_login, created_date`
  expect(await db.query(`SELECT ${stateColumns} FROM user_state ORDER BY id`)).toEqual(
    await db.query(`SELECT ${stateColumns} FROM users ORDER BY id`),
  )
  const byStatus = (from: string) =>
    db.query(`SELECT is_active, is_locked, ${from} FROM user_status_total ORDER BY 1, 2`)
  expect(await byStatus('total::int')).toEqual(
    await byStatus(
      `(SELECT count(*)::int FROM users u
        WHERE u.is_active = user_status_total.is_active AND u.is_locked = user_status_total.is_locked) AS total`,
    ),
  )
  const [after] = await db.query<Counters>(counters)
  expect(after).toEqual({
    total: before!.total + 300,
    order_version: before!.order_version + 1,
    login_order_version: before!.login_order_version + 1,
    search_version: before!.search_version + 1,
  })
  // And the triggers are on again: the next user is kept by them.
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, password_hash)
     VALUES ('after-seed', 'after-seed@example.com', 'After', 'Seed', 'x')`,
  )
  expect(await db.query(`SELECT total::int FROM user_total`)).toEqual([{ total: after!.total + 1 }])
})
