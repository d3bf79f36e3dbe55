import type { UserListParams } from '@shared/contract'
import { USER_COLUMNS_AS_TEXT } from '../users'
import { anchorVersion, buildAnchors, memberIdsAsBytes, memberOrder } from './anchors'
import type { Counted } from './counts'
import type { SortKey } from './cursor'
import { filtersPlainly, memberFilters, memberIds, statusConditions } from './filters'
import type { ListedRow, Listing, Read } from './listing'
import type { Plan } from './plans'
import { orderBy, rowOrder } from './sorts'

/** A role's or group's list of up to this many users is kept in full (see `memberOrder`). */
const MEMBER_ORDER_UP_TO = 200_000

/**
 * Whether a list is read by its kept list: a role's or group's list walked by probing each row
 * of the sort's index (`firstPage`, the plan of its first page), if not too long to keep its
 * ids in order in memory.
 */
export const keepsList = (query: UserListParams, counted: Counted | undefined, firstPage: Plan) =>
  !query.search &&
  memberFilters(query).length > 0 &&
  !filtersPlainly(query) &&
  counted?.matches !== undefined &&
  counted.matches <= MEMBER_ORDER_UP_TO &&
  firstPage.kind === 'capped'

/**
 * The rows of `read` from the ids of its role's or group's list in order, if they are kept and
 * still hold: read with the version they were built at and, after a cursor, the key its row
 * has now, both checked. Otherwise undefined, and the list built for the next time.
 */
export async function readKeptList(listing: Listing, read: Read): Promise<ListedRow[] | undefined> {
  const { db, query, sort, shape, keptList } = listing
  const { direction, offset, limit, boundary } = read
  if (!keptList) return undefined
  const order = memberOrder(db, shape)
  if (!order) {
    // Built for a list paged through: a first page walks a few hundred rows at most.
    if (boundary || offset > 0) buildKeptList(listing)
    return undefined
  }
  const { ids } = order
  const forward = direction === 'asc'
  // The position the read starts after, in ascending order: the cursor's row, or an end.
  const after = boundary ? ids.indexOf(boundary.id) : forward ? -1 : ids.length
  if (boundary && after < 0) return undefined
  const first = forward ? after + 1 + offset : after - 1 - offset
  const page = forward
    ? Array.from(ids.subarray(first, first + limit))
    : Array.from(ids.subarray(Math.max(0, first - limit + 1), Math.max(0, first + 1))).reverse()
  if (page.length === 0) return undefined
  const params: unknown[] = [page, boundary?.id ?? null]
  const rows = await db.query<ListedRow & { boundary_key: SortKey }>(
    `SELECT ${USER_COLUMNS_AS_TEXT}, ${sort.cursorKey} AS sort_key,
         ${anchorVersion(query)} AS order_version,
         (SELECT ${sort.cursorKey} FROM users WHERE id = $2::int) AS boundary_key
       FROM users WHERE id = ANY ($1::int[]) ORDER BY ${rowOrder(sort, direction)}`,
    params,
    { prepare: true },
  )
  if (rows.length !== page.length || rows[0]!.order_version !== order.version) {
    buildKeptList(listing)
    return undefined
  }
  // A cursor given before its row moved reads on from where that row was: a walk.
  return !boundary || rows[0]!.boundary_key === boundary.key ? rows : undefined
}

/** Builds the ids of this role's or group's list in order, in the background. */
function buildKeptList({ db, query, sort, shape }: Listing): void {
  const params: unknown[] = []
  const members = memberIds(query, params)!
  const where = [...statusConditions(query), `id = ANY (ARRAY(${members}))`]
  buildAnchors(db, shape, {
    kind: 'members',
    sql: `SELECT ${anchorVersion(query)} AS version, ${memberIdsAsBytes(orderBy(sort, 'asc'))}
       FROM users WHERE ${where.join(' AND ')}`,
    params,
  })
}
