import type { Queryable } from '../../../server/src/db/database'

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

/** How many moves are noted and not yet folded in. */
export async function noteCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ notes: number }>(
    'SELECT count(*)::int AS notes FROM user_search_fragment_cell_pending',
  )
  return row!.notes
}

/**
 * Folds every noted move into the cells, as the server does in the background, and waits for a
 * fold of the server's under way (whose notes a fold skips) to end: up to 5 s.
 */
export async function foldCells(db: Queryable): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await db.query('SELECT user_search_fragment_cell_fold(2147483647)')
    if ((await noteCount(db)) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('The noted moves of the fragment cells were not all folded in within 5 s')
}
