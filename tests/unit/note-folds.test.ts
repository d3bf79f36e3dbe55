import { setTimeout as sleep } from 'node:timers/promises'
import { expect, test } from 'vitest'
import type { Queryable } from '../../server/src/db/database'
import { startNoteFolder } from '../../server/src/db/user-list/note-folds'

const FOLD_MS = 40

/**
 * A database holding 60,000 notes (enough to fold at the first look), whose every fold takes
 * FOLD_MS and takes in a full batch `batches` times, then the rest; recording each fold's span.
 */
function notedDatabase(batches: number) {
  const folds: { begun: number; ended: number }[] = []
  const db = {
    async query(sql: string) {
      if (sql.includes('min(id)')) return [{ first: 1, last: 60_000 }]
      const begun = performance.now()
      await sleep(FOLD_MS)
      folds.push({ begun, ended: performance.now() })
      return [{ folded: folds.length <= batches ? 1_000 : 10 }]
    },
  } as unknown as Queryable
  return { db, folds }
}

test('folds take at most a quarter of the time: each batch waits three times as long as the one before took', async () => {
  const { db, folds } = notedDatabase(3)
  const failures: unknown[] = []
  const folder = startNoteFolder(db, (error) => failures.push(error))
  try {
    for (let waited = 0; waited < 100 && folds.length < 4; waited += 1) await sleep(50)
  } finally {
    await folder.close()
  }
  expect(failures).toEqual([])
  expect(folds).toHaveLength(4)
  for (const [index, fold] of folds.slice(1).entries()) {
    const before = folds[index]!
    expect(fold.begun - before.ended).toBeGreaterThanOrEqual(3 * (before.ended - before.begun) - 5)
  }
})

test('closing does not wait out the pause between batches', async () => {
  const { db, folds } = notedDatabase(1_000)
  const folder = startNoteFolder(db, () => {})
  for (let waited = 0; waited < 100 && folds.length < 1; waited += 1) await sleep(20)
  await sleep(FOLD_MS + 10)
  const closing = performance.now()
  await folder.close()
  expect(performance.now() - closing).toBeLessThan(FOLD_MS)
  expect(folds).toHaveLength(1)
})
