import type { Page, User, UserListParams } from '@shared/contract'
import type { Queryable } from '../database'
import { toUser } from '../users'
import { anchorShape } from './anchors'
import { countUsers, isSelective } from './counts'
import type { AtNow } from './filters'
import { decodeCursor, encodeCursor, listFingerprint, type UserCursor } from './cursor'
import { keepsList } from './kept-lists'
import { keepCount } from './kept-counts'
import type { ListedRow, Listing } from './listing'
import { DEEP_OFFSET, readAnchored } from './order-anchors'
import { readPage } from './page-reads'
import { planFor } from './plans'
import { reverse, SORTS } from './sorts'

/**
 * One page of users for `query`: by number (`page=`; a deep page read on from the nearest anchor
 * of its order, or, until those exist, a page in the far half read backwards from the end so the
 * last page costs what the first does) or after a cursor, with the exact total
 * and the cursors of the pages around it. A role's or group's list is read by its ids in order
 * once they are kept (`readKeptList`). Unfiltered and status/lock-only totals come from
 * trigger-kept counts, the others from the last count while still exact.
 */
export async function listUsers(db: Queryable, query: AtNow<UserListParams>): Promise<Page<User>> {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query)
  const selective = isSelective(query)
  // A search or a role or group is counted before its page is read, the plan depends on it (see
  // `planFor`); other lists read their trigger-kept total in the statement that reads the page.
  const deep = cursor === undefined && query.page * query.size >= DEEP_OFFSET
  const counted = selective ? await countUsers(db, query, !deep) : undefined
  const listing: Listing = {
    db,
    query,
    sort: SORTS[query.sort],
    fingerprint: listFingerprint(query),
    selective,
    counted,
    shape: anchorShape(query),
    keptList: keepsList(query, counted, planFor(query, counted, query.size)),
  }
  return cursor ? pageAfterCursor(listing, cursor) : pageByNumber(listing)
}

/** The page after (`next`) or before (`prev`) the cursor's row. */
async function pageAfterCursor(listing: Listing, cursor: UserCursor): Promise<Page<User>> {
  const { query, counted } = listing
  const forward = cursor.travel === 'next'
  const direction = forward ? query.direction : reverse(query.direction)
  const found = await readPage(listing, {
    direction,
    offset: 0,
    limit: query.size + 1,
    boundary: cursor,
    plan: planFor(query, counted, query.size + 1),
  })
  const count = await totalOf(listing, found)
  const more = found.length > query.size
  let rows = found.slice(0, query.size)
  let number = cursor.page
  let next: string | null
  let prev: string | null
  if (forward) {
    next = more ? link(listing, 'next', rows.at(-1), number + 1) : null
    prev = link(listing, 'prev', rows[0], number - 1)
  } else {
    rows.reverse()
    if (!more) {
      // The start was reached: whatever changed meanwhile, this is the first page.
      number = 0
      if (rows.length < query.size) {
        rows = await readPage(listing, {
          direction: query.direction,
          offset: 0,
          limit: query.size,
          plan: planFor(query, counted, query.size),
        })
      }
    }
    prev = more ? link(listing, 'prev', rows[0], number - 1) : null
    next = link(listing, 'next', rows.at(-1), number + 1)
  }
  return pageOf(rows, number, query.size, count, next, prev)
}

/** The page `query.page`; past `DEEP_OFFSET`, read from its nearest anchor or the nearer end. */
async function pageByNumber(listing: Listing): Promise<Page<User>> {
  const { db, query, counted, selective } = listing
  const offset = query.page * query.size
  let rows: ListedRow[]
  let count: number
  if (offset < DEEP_OFFSET) {
    rows = await readPage(listing, {
      direction: query.direction,
      offset,
      limit: query.size,
      plan: planFor(query, counted, offset + query.size),
    })
    count = await totalOf(listing, rows)
  } else {
    count = counted?.matches ?? (await countUsers(db, query)).matches!
    const limit = Math.max(0, Math.min(query.size, count - offset))
    const ascending = query.direction === 'asc' ? offset : count - offset - limit
    const anchored =
      limit > 0 && !selective ? await readAnchored(listing, ascending, limit) : undefined
    if (limit === 0) rows = []
    else if (anchored) rows = query.direction === 'asc' ? anchored : anchored.reverse()
    else if (offset <= count / 2) {
      rows = await readPage(listing, {
        direction: query.direction,
        offset,
        limit,
        plan: planFor(query, counted, offset + limit),
      })
    } else {
      const fromEnd = count - offset - limit
      rows = (
        await readPage(listing, {
          direction: reverse(query.direction),
          offset: fromEnd,
          limit,
          plan: planFor(query, counted, fromEnd + limit),
        })
      ).reverse()
    }
  }
  const next =
    offset + rows.length < count ? link(listing, 'next', rows.at(-1), query.page + 1) : null
  const prev = query.page > 0 ? link(listing, 'prev', rows[0], query.page - 1) : null
  return pageOf(rows, query.page, query.size, count, next, prev)
}

/**
 * The list's total: counted before the page, read with it (kept for the next pages when counted
 * with a collection, see `Counted`), or, when neither, counted now.
 */
async function totalOf({ db, query, counted }: Listing, rows: ListedRow[]): Promise<number> {
  if (counted?.matches !== undefined) return counted.matches
  const [first] = rows
  if (first?.total === undefined) return (await countUsers(db, query)).matches!
  if (counted?.keep) keepCount(db, counted.keep.key, first.total_version ?? '', first.total)
  return first.total
}

/** The cursor of the page `page` that starts after or before `row`; null when there is none. */
function link(
  { fingerprint }: Listing,
  travel: 'next' | 'prev',
  row: ListedRow | undefined,
  page: number,
): string | null {
  if (!row || page < 0) return null
  return encodeCursor({ travel, page, list: fingerprint, key: row.sort_key, id: row.id })
}

function pageOf(
  rows: ListedRow[],
  number: number,
  size: number,
  total: number,
  next: string | null,
  prev: string | null,
): Page<User> {
  return {
    content: rows.map(toUser),
    page: { number, size, totalElements: total, totalPages: Math.ceil(total / size) },
    next,
    prev,
  }
}
