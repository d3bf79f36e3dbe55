import type { UserListParams } from '@shared/contract'
import { USER_SORT_FIELDS } from '@shared/contract'
import type { Database, Queryable } from '../database'
import {
  ANCHOR_STEP,
  anchorBefore,
  anchorShape,
  anchorVersion,
  buildAnchors,
  buildAnchorsNow,
  orderAnchorIds,
  type AnchorBuild,
} from './anchors'
import { statusConditions } from './filters'
import { ID_ORDER, isFlagOrder, readFlagOrder } from './flag-orders'
import type { ListedRow, Listing } from './listing'
import { readPage } from './page-reads'
import { ORDER_VERSION, orderBy, SORTS } from './sorts'
import { walkedTable } from './walked-tables'

/** Past this offset, the page waits for the total so that it can be read from the nearer end. */
export const DEEP_OFFSET = 10_000

/**
 * `limit` rows from `from` of the list's ascending order, read on from the nearest anchor rather
 * than counted off from the start, or, for the order by a flag, from the id order's anchors
 * (`readFlagOrder`); undefined, and anchors built for the next time, when there are none that
 * still hold.
 */
export async function readAnchored(
  listing: Listing,
  from: number,
  limit: number,
): Promise<ListedRow[] | undefined> {
  // Before the first anchor the nearer end is close: nothing to build.
  if (from < ANCHOR_STEP) return undefined
  const start = anchorBefore(listing.db, listing.shape, from)
  if (start) {
    const rows = await readPage(listing, {
      direction: 'asc',
      offset: start.skip,
      limit,
      boundary: start.anchor,
      plan: { kind: 'walk' },
      withOrderVersion: true,
    })
    if (rows.length === limit && rows[0]?.order_version === start.version) return rows
  }
  buildOrderAnchors(listing.db, listing.query)
  return isFlagOrder(listing) ? readFromIdAnchors(listing, from, limit) : undefined
}

/** A page of the order by a flag from the id order's anchors; those built again if they are stale. */
async function readFromIdAnchors(
  listing: Listing,
  from: number,
  limit: number,
): Promise<ListedRow[] | undefined> {
  const anchors = orderAnchorIds(listing.db, anchorShape(ID_ORDER))
  const read = anchors && (await readFlagOrder(listing, from, limit, anchors))
  if (!read?.held) buildOrderAnchors(listing.db, ID_ORDER)
  return read?.rows
}

type OrderedList = Pick<UserListParams, 'sort' | 'status' | 'locked'>

/** The statement of the anchors of an order over the users of a status and lock. */
function orderAnchorBuild(list: OrderedList): AnchorBuild {
  const sort = SORTS[list.sort]
  const status = statusConditions(list)
  const where = status.length > 0 ? `WHERE ${status.join(' AND ')}` : ''
  const order = orderBy(sort, 'asc')
  return {
    kind: 'order',
    sql: `SELECT ${anchorVersion(list)} AS version, id, ${sort.cursorKey} AS sort_key FROM users
     WHERE id IN (SELECT every_nth_id($1, $2)) ORDER BY ${order}`,
    params: [`SELECT id FROM ${walkedTable(list)} ${where} ORDER BY ${order}`, ANCHOR_STEP],
    step: ANCHOR_STEP,
  }
}

/** Builds, in the background, the anchors of an order over the users of a status and lock. */
function buildOrderAnchors(db: Queryable, list: OrderedList): void {
  buildAnchors(db, anchorShape(list), orderAnchorBuild(list))
}

/**
 * The orders built at start: those of migration 008's counter, not the one of its own (last
 * login), whose anchors the next sign-in moves.
 */
const WARMED_ORDERS = USER_SORT_FIELDS.filter((sort) =>
  SORTS[sort].orderVersions.includes(ORDER_VERSION),
)

/**
 * Builds the anchors of the orders of the whole list (`WARMED_ORDERS`) before the server says
 * it is ready, when it is long enough to have deep pages: a restart then costs no deep page its
 * speed. Built in the background and paced, they took 10 s at a million users on stock
 * settings, and deep pages meanwhile walked to their offset (100-280 ms, issue 60); built at
 * once, with no request to share the time with, the start takes a few seconds more. Not on
 * PGlite, whose one connection they would hold while an administrator signs in.
 */
export async function warmOrderAnchors(db: Database): Promise<void> {
  if (db.kind !== 'postgres') return
  const [row] = await db.query<{ users: number }>('SELECT total::int AS users FROM user_total')
  if ((row?.users ?? 0) <= DEEP_OFFSET) return
  for (const sort of WARMED_ORDERS) {
    await buildAnchorsNow(db, anchorShape({ sort }), orderAnchorBuild({ sort }))
  }
}
