import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, test } from 'vitest'
import type { Queryable } from '../../server/src/db/database'
import { anchorBuilds, buildAnchors } from '../../server/src/db/user-list/anchors'

const BUILD_MS = 40

/** A database whose every statement takes BUILD_MS, recording when each began and ended. */
function timedDatabase() {
  const spans: { sql: string; begun: number; ended: number }[] = []
  const db = {
    async query(sql: string) {
      const begun = performance.now()
      await sleep(BUILD_MS)
      spans.push({ sql, begun, ended: performance.now() })
      return []
    },
  } as unknown as Queryable
  return { db, spans }
}

describe('anchor builds in the background', () => {
  test('take at most a quarter of the time: each waits three times as long as the one before took', async () => {
    const { db, spans } = timedDatabase()
    const build = { kind: 'order' as const, sql: 'SELECT 1', params: [], step: 1_000 }
    for (const shape of ['a', 'b', 'c']) buildAnchors(db, shape, build)
    await anchorBuilds(db)
    expect(spans).toHaveLength(3)
    for (const [index, span] of spans.slice(1).entries()) {
      const before = spans[index]!
      expect(span.begun - before.ended).toBeGreaterThanOrEqual(
        3 * (before.ended - before.begun) - 5,
      )
    }
  })

  test('the last build waits for nothing after it', async () => {
    const { db, spans } = timedDatabase()
    const build = { kind: 'order' as const, sql: 'SELECT 1', params: [], step: 1_000 }
    const begun = performance.now()
    buildAnchors(db, 'only', build)
    await anchorBuilds(db)
    expect(spans).toHaveLength(1)
    expect(performance.now() - begun).toBeLessThan(3 * BUILD_MS)
  })

  test('the list asked for last is built next, before those asked for once before it', async () => {
    const { db, spans } = timedDatabase()
    for (const shape of ['a', 'b', 'c', 'd', 'b']) {
      buildAnchors(db, shape, { kind: 'order', sql: shape, params: [], step: 1_000 })
    }
    await anchorBuilds(db)
    // 'a' began at once; 'b', asked again, goes before 'd' and 'c', the newest first.
    expect(spans.map((span) => span.sql)).toEqual(['a', 'b', 'd', 'c'])
  })
})
