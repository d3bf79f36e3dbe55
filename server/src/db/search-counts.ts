import type { Queryable } from './database'

/** Counts kept, per database; the oldest goes first. */
const KEPT = 500

interface Count {
  version: string
  total: number
}

const countsByDatabase = new WeakMap<object, Map<string, Count>>()

/**
 * The exact number of rows of `from` (users WHERE a search and filters, or members). A count is reused while
 * the counters it depends on (`versionSql` over user_total: search_version of migration 003,
 * filter_version of migration 005) have not moved, so paging through a search that matches most
 * of a million users counts them once, not on every page.
 */
export async function keptCount(
  db: Queryable,
  key: string,
  versionSql: string,
  from: string,
  params: unknown[],
): Promise<number> {
  let counts = countsByDatabase.get(db)
  if (!counts) countsByDatabase.set(db, (counts = new Map()))
  const [current] = await db.query<{ version: string }>(
    `SELECT ${versionSql} AS version FROM user_total`,
    [],
    { prepare: true },
  )
  const known = counts.get(key)
  if (known && known.version === current?.version) return known.total
  // The version is read in the statement that counts, so the two agree.
  const [row] = await db.query<{ version: string; total: number }>(
    `SELECT (SELECT ${versionSql} FROM user_total) AS version, count(*)::int AS total
     FROM ${from}`,
    params,
  )
  const fresh = { version: row?.version ?? '', total: row?.total ?? 0 }
  counts.delete(key)
  counts.set(key, fresh)
  if (counts.size > KEPT) counts.delete(counts.keys().next().value!)
  return fresh.total
}
