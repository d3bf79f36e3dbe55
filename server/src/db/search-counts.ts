import type { Queryable } from './database'

/** Searches whose counts are kept, per database; the oldest goes first. */
const KEPT = 500

interface Count {
  version: string
  total: number
}

const countsByDatabase = new WeakMap<object, Map<string, Count>>()

/**
 * The exact number of users a search matches. A count is reused while the table's search
 * version has not moved (see migration 003), so paging through a search that matches most of
 * a million users counts them once, not on every page.
 */
export async function searchCount(
  db: Queryable,
  term: string,
  count: () => Promise<Count>,
): Promise<number> {
  let counts = countsByDatabase.get(db)
  if (!counts) countsByDatabase.set(db, (counts = new Map()))
  const [current] = await db.query<{ version: string }>(
    'SELECT search_version::text AS version FROM user_total',
  )
  const known = counts.get(term)
  if (known && known.version === current?.version) return known.total
  const fresh = await count()
  counts.delete(term)
  counts.set(term, fresh)
  if (counts.size > KEPT) counts.delete(counts.keys().next().value!)
  return fresh.total
}
