import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from '../../server/src/db/database'
import { openMigratedDatabase } from './support/database'

let db: Database
let close: () => Promise<void>

beforeAll(async () => {
  ;({ db, close } = await openMigratedDatabase())
  await db.exec('CREATE TABLE conflict_probe (id int PRIMARY KEY, runs int NOT NULL DEFAULT 0)')
  await db.exec('INSERT INTO conflict_probe (id) VALUES (1), (2)')
})

afterAll(async () => {
  await close()
})

/** A promise and its resolve, for two transactions to meet half-way. */
function halfWay() {
  let reached!: () => void
  const passed = new Promise<void>((resolve) => (reached = resolve))
  return { reached, passed }
}

// PGlite has one connection: its transactions never run at once.
test.skipIf(process.env.TEST_DATABASE !== 'postgres')(
  'of two transactions that deadlock, the one PostgreSQL ends runs again after the other',
  async () => {
    let runs = 0
    const [one, two] = [halfWay(), halfWay()]
    // Each takes its first row, waits (on its first run) until the other has taken its own,
    // then asks for the other's: a deadlock, which PostgreSQL ends by failing one of them.
    const touch = (first: number, second: number, mine: typeof one, theirs: typeof two) =>
      db.transaction(async (tx) => {
        runs += 1
        await tx.query('UPDATE conflict_probe SET runs = runs + 1 WHERE id = $1', [first])
        mine.reached()
        await theirs.passed
        await tx.query('UPDATE conflict_probe SET runs = runs + 1 WHERE id = $1', [second])
      })
    await Promise.all([touch(1, 2, one, two), touch(2, 1, two, one)])
    // Three runs as a rule; on a loaded machine the second backend can detect the deadlock too
    // before the first has rolled back, and both run again.
    expect(runs).toBeGreaterThanOrEqual(3)
    // Only the committed runs count: each row was touched once by each transaction.
    const rows = await db.query<{ id: number; runs: number }>(
      'SELECT id, runs FROM conflict_probe ORDER BY id',
    )
    expect(rows).toEqual([
      { id: 1, runs: 2 },
      { id: 2, runs: 2 },
    ])
  },
  20_000,
)
