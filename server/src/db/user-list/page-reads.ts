import { USER_COLUMNS_AS_TEXT } from '../users'
import { anchorVersion } from './anchors'
import { statusTotal } from './counts'
import {
  plainConditions,
  memberConditions,
  memberIds,
  searchCondition,
  searchTextHolds,
  statusConditions,
  walkedColumns,
} from './filters'
import { readKeptList } from './kept-lists'
import type { ListedRow, Listing, Read } from './listing'
import type { Plan } from './plans'
import { afterBoundary, orderBy, rowOrder, type SortSpec } from './sorts'
import { walkedTable } from './walked-tables'

/** The columns a walk reads besides the sort's key: those its index holds (migrations 013, 028). */
const WALK_COLUMNS = ['id', 'search_text']

/**
 * How many rows a page's ranges are read to at most, for a page ending `rows` into them: a power
 * of two, written into the statement. A page statement without a search is prepared, and its
 * plan made once for any values; a parameter there would be planned as a tenth of the table,
 * which turns a walk of a few rows into a join over all of them.
 */
const reachOf = (rows: number) => 2 ** Math.ceil(Math.log2(Math.max(rows, 32)))

/**
 * The rows of `read`: from the list's kept list when it has one that holds, otherwise from the
 * sort's index. A bounded walk that did not fill the page found the matches too far along: they
 * are collected instead.
 */
export async function readPage(listing: Listing, read: Read): Promise<ListedRow[]> {
  const listed = await readKeptList(listing, read)
  if (listed) return listed
  const rows = await readRows(listing, read)
  return read.plan.kind === 'capped' && rows.length < read.limit
    ? readRows(listing, { ...read, plan: { kind: 'collect' } })
    : rows
}

/**
 * What selects the list's users besides their status and lock. Walking, the search is checked on
 * each row walked (outside the walk's LIMIT, so the trigram index is not used; a LIKE costs less
 * a row than strpos, which prepares its search on every call), and a role or group is probed row
 * by row; collecting, the matches come from the trigram index, each probed for membership, or
 * from the members' indexes (see `Counted`; as an array, so that only the members found are
 * looked up, never every inactive user), then are ordered once.
 */
function selectingConditions({ query, counted }: Listing, plan: Plan, params: unknown[]): string[] {
  if (plan.kind !== 'collect') {
    return [
      ...(query.search ? [searchTextHolds(query.search, params)] : []),
      ...memberConditions(query, params, true),
      ...plainConditions(query, params),
    ]
  }
  return counted?.viaMembers
    ? [
        `id = ANY (ARRAY(${memberIds(query, params, query.search)}))`,
        ...plainConditions(query, params),
      ]
    : [
        ...searchCondition(query.search, params, counted?.parts),
        ...memberConditions(query, params, true),
        ...plainConditions(query, params),
      ]
}

/** The WHERE of a range of the sort's index within the list's status and lock. */
function rangeWhere(status: string[], range: string | undefined): string {
  const inner = [...status, ...(range ? [range] : [])]
  return inner.length > 0 ? `WHERE ${inner.join(' AND ')}` : ''
}

/** The SQL of a walk with the sort's key read as the column `sort_value` (see `walkedPart`). */
const onWalked = (sort: SortSpec, sql: string) =>
  sort.key === 'id' ? sql : sql.replace(sort.key, 'sort_value')

/**
 * A bounded stretch of the sort's index in `table` (see `walkedTable`), named users so that the
 * probes still apply, of what the index holds (migrations 013, 028), filtered. Its key is a
 * column so that its order is known to hold: filtering stops once the page is full. Over several
 * ranges it is one stretch of their order together: a range cut short must not let a later
 * one's rows fill the page.
 */
function walkedPart(
  sort: SortSpec,
  order: string,
  stretch: {
    table: string
    ranges: (string | undefined)[]
    status: string[]
    cap: number
    read: string
  },
  selecting: string[],
  columns: string,
  rowLimit: string,
): string {
  const { table, ranges, status, cap, read } = stretch
  const stretches = ranges.map(
    (range) => `(SELECT ${read}, ${sort.key} AS sort_value FROM ${table}
          ${rangeWhere(status, range)} ORDER BY ${order} LIMIT ${cap})`,
  )
  const walked =
    stretches.length === 1
      ? stretches[0]!
      : `(SELECT * FROM (${stretches.join(' UNION ALL ')}) stretch
            ORDER BY ${onWalked(sort, order)} LIMIT ${cap})`
  return `SELECT ${onWalked(sort, columns)} FROM ${walked} AS users
        WHERE ${selecting.join(' AND ')} ORDER BY ${onWalked(sort, order)} LIMIT ${rowLimit}`
}

/** A range of the matches collected, or of the sort's index within the status and lock. */
function rangeRead(
  plan: Plan,
  table: string,
  status: string[],
  order: string,
  range: string | undefined,
  columns: string,
  rowLimit: string,
): string {
  return plan.kind === 'collect'
    ? `SELECT ${columns} FROM matches ${range ? `WHERE ${range}` : ''}
          ORDER BY ${order} LIMIT ${rowLimit}`
    : `SELECT ${columns} FROM ${table} ${rangeWhere(status, range)} ORDER BY ${order} LIMIT ${rowLimit}`
}

/** The rows of `read` from the sort's index (walked) or from the matches (collected). */
function readRows(listing: Listing, read: Read): Promise<ListedRow[]> {
  const { db, query, sort, selective, counted } = listing
  const { direction, offset, limit, boundary, plan, withOrderVersion } = read
  const params: unknown[] = []
  const order = orderBy(sort, direction)
  const status = statusConditions(query)
  const table = walkedTable(query)
  const selecting = selectingConditions(listing, plan, params)
  params.push(limit)
  const limitParam = `$${params.length}`
  const prepared = !query.search && plan.kind !== 'collect'
  const walkedRows = plan.kind === 'capped' ? plan.rows + offset : 0
  // A collection keeps only what orders it: the fewer bytes a match, the less spills to disk.
  const matchColumns = sort.column === 'id' ? 'id' : `id, ${sort.column}`
  const cte =
    plan.kind === 'collect'
      ? `WITH matches AS MATERIALIZED (SELECT ${matchColumns} FROM users
           WHERE ${[...status, ...selecting].join(' AND ')}) `
      : ''
  const ranges = boundary ? afterBoundary(sort, direction, boundary, params) : [undefined]
  // Each range reaches as far as the page could, then the page is cut from them together.
  const reach = String(reachOf(offset + limit))
  const dir = direction === 'desc' ? 'DESC' : 'ASC'
  const columns = `id, ${sort.key} AS k`
  // A statement planned for its own values walks exactly as far as it needs to.
  const cap = prepared ? reachOf(walkedRows) : walkedRows
  const walkedRead = walkedColumns(query, WALK_COLUMNS)
  const parts =
    plan.kind === 'capped'
      ? [
          `(${walkedPart(sort, order, { table, ranges, status, cap, read: walkedRead }, selecting, columns, reach)})`,
        ]
      : ranges.map((r) => `(${rangeRead(plan, table, status, order, r, columns, reach)})`)
  params.push(offset)
  const ids = `SELECT id FROM (${parts.join(' UNION ALL ')}) page
      ORDER BY k ${dir}, id ${dir} LIMIT ${limitParam} OFFSET $${params.length}`
  // The ids of the page come from an index alone; only those rows are then read.
  const keep = plan.kind === 'collect' && counted?.matches === undefined ? counted?.keep : undefined
  const total = !selective
    ? `, ${statusTotal(query, params)} AS total`
    : keep
      ? `, (SELECT count(*) FROM matches)::int AS total,
          (SELECT ${keep.versionSql} FROM user_total) AS total_version`
      : ''
  const version = withOrderVersion ? `, ${anchorVersion(query)} AS order_version` : ''
  return db.query<ListedRow>(
    `${cte}SELECT ${USER_COLUMNS_AS_TEXT}, ${sort.cursorKey} AS sort_key${total}${version} FROM users
       WHERE id = ANY (ARRAY(${ids})) ORDER BY ${rowOrder(sort, direction)}`,
    params,
    { prepare: prepared },
  )
}
