import type { Queryable } from '../../../server/src/db/database'

/**
 * The fragments' totals as a count reads them (migration 030): each kept total with the search
 * texts noted and not yet folded in, one row per fragment whose total is not zero.
 */
export const TOTALS_WITH_NOTES = `SELECT fragment, sum(total)::int AS total FROM (
    SELECT fragment, total FROM user_search_fragment
    UNION ALL
    SELECT fragment, move FROM user_search_fragment_pending,
      LATERAL (SELECT DISTINCT f FROM search_fragments(search_text) AS f) AS own (fragment)
  ) totals GROUP BY 1 HAVING sum(total) <> 0`

/**
 * The fragment cells as a count reads them (migration 022): each kept cell with the moves noted
 * for it and not yet folded in, one row per fragment, status and lock whose total is not zero.
 */
export const CELLS_WITH_NOTES = `SELECT fragment, is_active, is_locked, sum(total)::int AS total FROM (
    SELECT fragment, is_active, is_locked, total FROM user_search_fragment_cell
    UNION ALL
    SELECT fragment, is_active, is_locked, move FROM user_search_fragment_cell_pending,
      LATERAL (SELECT DISTINCT f FROM search_fragments(search_text) AS f) AS own (fragment)
  ) cells GROUP BY 1, 2, 3 HAVING sum(total) <> 0`

/** How many moves are noted and not yet folded in: for the totals and for the cells. */
export async function noteCounts(db: Queryable): Promise<{ totals: number; cells: number }> {
  const [row] = await db.query<{ totals: number; cells: number }>(
    `SELECT (SELECT count(*)::int FROM user_search_fragment_pending) AS totals,
       (SELECT count(*)::int FROM user_search_fragment_cell_pending) AS cells`,
  )
  return row!
}

/** How many moves of either kind are noted and not yet folded in. */
export async function noteCount(db: Queryable): Promise<number> {
  const { totals, cells } = await noteCounts(db)
  return totals + cells
}

/**
 * Folds every noted move into the totals and cells, as the server does in the background, and
 * waits for a fold of the server's under way (whose notes a fold skips) to end: up to 5 s.
 */
export async function foldAllNotes(db: Queryable): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await db.query('SELECT user_search_fragment_fold(2147483647)')
    if ((await noteCount(db)) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('The noted moves of the fragments were not all folded in within 5 s')
}
