import type { Queryable } from '../database'

/** Counts kept, per database; the oldest goes first. */
const KEPT = 500

interface Count {
  version: string
  total: number
}

const countsByDatabase = new WeakMap<object, Map<string, Count>>()

function countsOf(db: Queryable): Map<string, Count> {
  let counts = countsByDatabase.get(db)
  if (!counts) countsByDatabase.set(db, (counts = new Map()))
  return counts
}

/**
 * A count kept for `key`, if it was made at `version`: the counters it depends on (search_version
 * of migration 003 and those of its filters, `filterCounters`) have not moved since, so paging through a
 * search that matches most of a million users counts them once, not on every page.
 */
export function keptCount(db: Queryable, key: string, version: string): number | undefined {
  const known = countsOf(db).get(key)
  return known && known.version === version ? known.total : undefined
}

/**
 * The exact number of rows of `from` (users WHERE a search and filters, or members), kept for
 * `key` at the version `versionSql` reads over user_total, in the statement that counts.
 */
export async function countAndKeep(
  db: Queryable,
  key: string,
  versionSql: string,
  from: string,
  params: unknown[],
): Promise<number> {
  const [row] = await db.query<{ version: string; total: number }>(
    `SELECT (SELECT ${versionSql} FROM user_total) AS version, count(*)::int AS total
     FROM ${from}`,
    params,
  )
  return keepCount(db, key, row?.version ?? '', row?.total ?? 0)
}

/** The exact number of rows of `from`, not kept (a list that moves with the clock). */
export async function countNow(db: Queryable, from: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from}`,
    params,
  )
  return row?.total ?? 0
}

/** Keeps `total`, counted at `version` (read in the statement that counted), for `key`. */
export function keepCount(db: Queryable, key: string, version: string, total: number): number {
  const counts = countsOf(db)
  counts.delete(key)
  counts.set(key, { version, total })
  if (counts.size > KEPT) counts.delete(counts.keys().next().value!)
  return total
}
