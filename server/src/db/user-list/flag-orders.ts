import { USER_COLUMNS_AS_TEXT } from '../users'
import { anchorShape, anchorVersion, type AnchorIds } from './anchors'
import { flagSides } from './filters'
import type { ListedRow, Listing } from './listing'

/** The order whose anchors a flag's order is read from: by id, which no status change moves. */
export const ID_ORDER = { sort: 'id' } as const

/** The row of a page read with no user on it. */
interface NotListed extends ReadWith {
  id: null
}

/** What every row of the read answers besides its user. */
interface ReadWith {
  /** The id order's version (`anchorVersion`), for its anchors to be checked against. */
  id_order_version: string
}

/**
 * Whether a list is the order by a flag (status or lock) over everyone, with nothing else set:
 * the only list this reads, its usual users being everyone but the few inactive or locked.
 */
export const isFlagOrder = ({ sort, selective, shape, query }: Listing) =>
  sort.flag !== undefined && !selective && shape === anchorShape({ sort: query.sort })

/**
 * `limit` rows from `from` of the ascending order by a flag, read from the id order's anchors
 * (`isFlagOrder`). That order is the flag's users of one value by id, then the other's: every
 * status change moves it, so while a bulk action runs its own anchors are stale, and a deep page
 * was counted off over up to half a million index entries (50-140 ms). The id order does not
 * move then. The first usual user after the id anchor `k` (at position `k * step - 1`) stands
 * after the `k * step` users up to it less the unusual ones among them (counted in their small
 * partial index), and after all the unusual ones (their trigger-kept total) when those come
 * first: one statement reads those counts and the page, so they agree. No rows when the id
 * anchors no longer hold (`held` false), when the page is not all usual users (the unusual ones
 * are few), or when it is near an end: then it is read from the nearer end, as before.
 */
export async function readFlagOrder(
  listing: Listing,
  from: number,
  limit: number,
  anchors: AnchorIds,
): Promise<{ rows?: ListedRow[]; held: boolean }> {
  const { db, sort } = listing
  const { usual, unusual, usualLast } = flagSides(sort.flag!)
  // Read so only where it costs less than counting off from the nearer end of the order: it
  // counts the unusual users up to the anchor or past it, whichever are fewer, then skips about
  // as many usual ones as there are unusual up to it (estimated as spread evenly). One row with
  // no user when the page is not read: its version tells whether the anchors held.
  const read = await db.query<(ListedRow & ReadWith) | NotListed>(
    `WITH totals AS (
       SELECT coalesce(sum(total) FILTER (WHERE ${unusual}), 0)::int AS unusual,
         coalesce(sum(total), 0)::int AS everyone
       FROM user_status_total),
     placed AS (
       SELECT *, (unusual::bigint * k * $3::int / greatest(everyone, 1))::int AS unusual_up_to
       FROM (SELECT *, least(greatest(($2::int - before) / $3::int, 0), cardinality($1::int[])) AS k
         FROM (SELECT *, ${usualLast ? 'unusual' : '0'} AS before FROM totals) usual_part) anchored),
     start AS (
       SELECT CASE WHEN k = 0 THEN 0 ELSE ($1::int[])[k] END AS id, k * $3::int AS up_to,
         unusual, everyone,
         CASE WHEN $2::int >= before AND $2::int + $4::int <= before + everyone - unusual
           AND least($2::int, everyone - $2::int - $4::int)
             > unusual_up_to + least(unusual_up_to, unusual - unusual_up_to)
           THEN $2::int - before - k * $3::int END AS skip
       FROM placed),
     skipped AS MATERIALIZED (
       SELECT id, ${anchorVersion(ID_ORDER)} AS version,
         CASE WHEN skip IS NOT NULL THEN skip + CASE WHEN 2 * up_to <= everyone
           THEN (SELECT count(*)::int FROM user_state WHERE ${unusual} AND id <= start.id)
           ELSE unusual - (SELECT count(*)::int FROM user_state WHERE ${unusual} AND id > start.id)
         END END AS skip
       FROM start)
     SELECT skipped.version AS id_order_version, page.* FROM skipped LEFT JOIN LATERAL (
       SELECT ${USER_COLUMNS_AS_TEXT}, ${sort.cursorKey} AS sort_key FROM users
       WHERE id = ANY (ARRAY(
         SELECT id FROM user_state WHERE ${usual} AND id > skipped.id AND skipped.skip IS NOT NULL
         ORDER BY ${sort.column}, id OFFSET skipped.skip LIMIT $4::int))) page ON true
     ORDER BY page.id`,
    [Array.from(anchors.ids), from, anchors.step, limit],
    { prepare: true },
  )
  const held = read[0]?.id_order_version === anchors.version
  const rows = read.filter((row): row is ListedRow & ReadWith => row.id !== null)
  return held && rows.length === limit ? { rows, held } : { held }
}
