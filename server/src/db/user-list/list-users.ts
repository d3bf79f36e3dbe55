import type { Page, SortDirection, User, UserListParams, UserSortField } from '@shared/contract'
import { USER_SORT_FIELDS } from '@shared/contract'
import type { Database, Queryable } from '../database'
import { countAndKeep, keepCount, keptCount } from './kept-counts'
import { searchParts } from './search-parts'
import {
  ANCHOR_STEP,
  anchorBefore,
  anchorShape,
  anchorVersion,
  buildAnchors,
  memberIdsAsBytes,
  memberOrder,
} from './anchors'
import { decodeCursor, encodeCursor, listFingerprint, type SortKey } from './cursor'
import {
  hasFilter,
  memberConditions,
  memberIds,
  searchCondition,
  searchTextHolds,
  statusConditions,
} from './filters'
import { toUser, USER_COLUMNS_AS_TEXT, utcText, type UserTextRow } from '../users'

interface SortSpec {
  /** The expression ordered by; each matches an index of the schema, ending in the id. */
  key: string
  /** The column the key is of. */
  column: string
  /** The key as a cursor carries it: text exact to the microsecond for timestamps. */
  cursorKey: string
  /** The type a cursor's key is read back as. */
  type: string
  nullable?: boolean
}

/** A timestamp key exact to the microsecond, as a cursor carries it. */
const utc = (column: string) => utcText(column, 'US')

export const SORTS: Record<UserSortField, SortSpec> = {
  id: { key: 'id', column: 'id', cursorKey: 'NULL::text', type: 'int' },
  username: {
    key: 'lower(username)',
    column: 'username',
    cursorKey: 'lower(username)',
    type: 'text',
  },
  email: { key: 'lower(email)', column: 'email', cursorKey: 'lower(email)', type: 'text' },
  phoneNumber: {
    key: 'phone_number',
    column: 'phone_number',
    cursorKey: 'phone_number',
    type: 'text',
  },
  isActive: { key: 'is_active', column: 'is_active', cursorKey: 'is_active', type: 'boolean' },
  isLocked: { key: 'is_locked', column: 'is_locked', cursorKey: 'is_locked', type: 'boolean' },
  lastLogin: {
    key: 'last_login',
    column: 'last_login',
    cursorKey: utc('last_login'),
    type: 'timestamptz',
    nullable: true,
  },
  createdDate: {
    key: 'created_date',
    column: 'created_date',
    cursorKey: utc('created_date'),
    type: 'timestamptz',
  },
  updatedDate: {
    key: 'updated_date',
    column: 'updated_date',
    cursorKey: utc('updated_date'),
    type: 'timestamptz',
  },
}

/**
 * The sort's key as the table holds it, for a statement that also outputs the users' columns:
 * a bare name in ORDER BY means the output column, and the output's timestamps are text to the
 * millisecond (`USER_COLUMNS_AS_TEXT`), which would order rows a microsecond apart as equal.
 */
export const tableKey = (sort: SortSpec) =>
  sort.type === 'timestamptz' ? `users.${sort.key}` : sort.key

const reverse = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc')

function orderBy(sort: SortSpec, direction: SortDirection): string {
  const dir = direction === 'desc' ? 'DESC' : 'ASC'
  return sort.key === 'id' ? `id ${dir}` : `${sort.key} ${dir}, id ${dir}`
}

interface Boundary {
  key: SortKey
  id: number
}

/**
 * The rows after `boundary` in the order `direction`, as conditions that are alternatives, each
 * a range of the sort's index. PostgreSQL sorts NULLs last ascending and first descending, so a
 * nullable key (last login) needs a second range for the NULLs.
 */
function afterBoundary(
  sort: SortSpec,
  direction: SortDirection,
  boundary: Boundary,
  params: unknown[],
): string[] {
  const cmp = direction === 'asc' ? '>' : '<'
  params.push(boundary.id)
  const id = `$${params.length}::int`
  if (sort.key === 'id') return [`id ${cmp} ${id}`]
  if (boundary.key === null) {
    const nulls = `${sort.key} IS NULL AND id ${cmp} ${id}`
    return direction === 'asc' ? [nulls] : [nulls, `${sort.key} IS NOT NULL`]
  }
  params.push(boundary.key)
  const ranged = `(${sort.key}, id) ${cmp} ($${params.length}::${sort.type}, ${id})`
  return sort.nullable && direction === 'asc' ? [ranged, `${sort.key} IS NULL`] : [ranged]
}

/**
 * Rows of the sort's index read, filtering as it goes, to fill a page: up to this many expected
 * (from the share of users that match), the index is walked; past it, the matches are collected
 * through the trigram index or the members' index and sorted.
 */
const WALK_LIMIT = 20_000

/**
 * Rows walked for the cost of one match collected, where the sort's index holds what the walk
 * checks (migration 013): the walk reads index entries side by side, the collection a row of
 * users each. Walks that look each row up (a role or group, or the partial index of inactive or
 * locked users) cost about what collecting does, one row each.
 */
const COVERED_ROWS_PER_MATCH = 10

/** How a page of a search or a role or group filter is read (see `WALK_LIMIT`). */
type Plan = { kind: 'walk' } | { kind: 'capped'; rows: number } | { kind: 'collect' }

/**
 * Walking stops after several times the rows expected, and a covered walk not before it has
 * cost what collecting would, so that matches clustered far along the sort (a correlation the
 * count cannot see) cost a bounded detour, then the matches are collected.
 */
function planOf(matches: number, walkable: number, rowsNeeded: number, covered: boolean): Plan {
  if (matches === 0) return { kind: 'collect' }
  const walked = (rowsNeeded * walkable) / matches
  const collecting = (covered ? COVERED_ROWS_PER_MATCH : 1) * matches
  const limit = covered ? COVERED_ROWS_PER_MATCH * WALK_LIMIT : WALK_LIMIT
  if (walked > limit || walked > collecting) return { kind: 'collect' }
  const rows = Math.max(2_000, 4 * walked, covered ? collecting : 0)
  return { kind: 'capped', rows: Math.ceil(Math.min(rows, walkable)) }
}

interface Read {
  direction: SortDirection
  offset: number
  limit: number
  boundary?: Boundary
  plan: Plan
  /**
   * Also answer the anchors' version (`anchorVersion`), read with the page: an anchored read
   * checks it.
   */
  withOrderVersion?: boolean
}

/** The columns a walk reads besides the sort's key: those its index holds (migration 013). */
const WALK_COLUMNS = 'id, search_text, is_active, is_locked'

/** A row of a page; `total` when the list's total is read with the page. */
type ListedRow = UserTextRow & {
  sort_key: SortKey
  total?: number
  /** The version a total counted with the page was counted at (see `Counted`). */
  total_version?: string
  order_version?: string
}

/**
 * How many rows a page's ranges are read to at most, for a page ending `rows` into them: a power
 * of two, written into the statement. A page statement without a search is prepared, and its
 * plan made once for any values; a parameter there would be planned as a tenth of the table,
 * which turns a walk of a few rows into a join over all of them.
 */
const reachOf = (rows: number) => 2 ** Math.ceil(Math.log2(Math.max(rows, 32)))

/** A role's or group's list of up to this many users is kept in full (see `memberOrder`). */
const MEMBER_ORDER_UP_TO = 200_000

/** Past this offset, the page waits for the total so that it can be read from the nearer end. */
const DEEP_OFFSET = 10_000

/**
 * One page of users for `query`: by number (`page=`; a deep page read on from the nearest anchor
 * of its order, or, until those exist, a page in the far half read backwards from the end so the
 * last page costs what the first does) or after a cursor, with the exact total
 * and the cursors of the pages around it. A role's or group's list is read by its ids in order
 * once they are kept (`readListed`). Unfiltered and status/lock-only totals come from
 * trigger-kept counts, the others from the last count while still exact.
 */
export async function listUsers(db: Queryable, query: UserListParams): Promise<Page<User>> {
  const sort = SORTS[query.sort]
  const list = listFingerprint(query)
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query)

  const selective = isSelective(query)
  /** The order of a page's rows, in a statement that also outputs the users' columns. */
  const rowOrder = (direction: SortDirection) =>
    orderBy({ ...sort, key: tableKey(sort) }, direction)
  const readOnce = ({ direction, offset, limit, boundary, plan, withOrderVersion }: Read) => {
    const params: unknown[] = []
    const order = orderBy(sort, direction)
    const status = statusConditions(query)
    // Walking, the search is checked on each row walked (outside the walk's LIMIT, so the
    // trigram index is not used; a LIKE costs less a row than strpos, which prepares its search
    // on every call), and a role or group is probed row by row; collecting, the matches come
    // from the trigram index, each probed for membership, or from the members' indexes (see
    // `Counted`; as an array, so that only the members found are looked up, never every inactive
    // user), then are ordered once.
    const selecting =
      plan.kind !== 'collect'
        ? [
            ...(query.search ? [searchTextHolds(query.search, params)] : []),
            ...memberConditions(query, params, true),
          ]
        : counted?.viaMembers
          ? [`id = ANY (ARRAY(${memberIds(query, params, query.search)}))`]
          : [
              ...searchCondition(query.search, params, counted?.parts),
              ...memberConditions(query, params, true),
            ]
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
    const rangeWhere = (range: string | undefined) => {
      const inner = [...status, ...(range ? [range] : [])]
      return inner.length > 0 ? `WHERE ${inner.join(' AND ')}` : ''
    }
    const select = (range: string | undefined, columns: string, rowLimit: string) =>
      plan.kind === 'collect'
        ? `SELECT ${columns} FROM matches ${range ? `WHERE ${range}` : ''}
          ORDER BY ${order} LIMIT ${rowLimit}`
        : `SELECT ${columns} FROM users ${rangeWhere(range)} ORDER BY ${order} LIMIT ${rowLimit}`
    const onWalked = (sql: string) =>
      sort.key === 'id' ? sql : sql.replace(sort.key, 'sort_value')
    /**
     * A bounded stretch of the sort's index, named users so that the probes still apply, of what
     * the index holds (migration 013), filtered. Its key is a column so that its order is known to
     * hold: filtering stops once the page is full. Over several ranges it is one stretch of their
     * order together: a range cut short must not let a later one's rows fill the page.
     */
    const walkedPart = (columns: string, rowLimit: string) => {
      // A statement planned for its own values walks exactly as far as it needs to.
      const cap = prepared ? reachOf(walkedRows) : walkedRows
      const stretches = ranges.map(
        (range) => `(SELECT ${WALK_COLUMNS}, ${sort.key} AS sort_value FROM users
          ${rangeWhere(range)} ORDER BY ${order} LIMIT ${cap})`,
      )
      const walked =
        stretches.length === 1
          ? stretches[0]!
          : `(SELECT * FROM (${stretches.join(' UNION ALL ')}) stretch
            ORDER BY ${onWalked(order)} LIMIT ${cap})`
      return `SELECT ${onWalked(columns)} FROM ${walked} AS users
        WHERE ${selecting.join(' AND ')} ORDER BY ${onWalked(order)} LIMIT ${rowLimit}`
    }
    // Each range reaches as far as the page could, then the page is cut from them together.
    const reach = String(reachOf(offset + limit))
    const dir = direction === 'desc' ? 'DESC' : 'ASC'
    const columns = `id, ${sort.key} AS k`
    const parts =
      plan.kind === 'capped'
        ? [`(${walkedPart(columns, reach)})`]
        : ranges.map((r) => `(${select(r, columns, reach)})`)
    params.push(offset)
    const ids = `SELECT id FROM (${parts.join(' UNION ALL ')}) page
      ORDER BY k ${dir}, id ${dir} LIMIT ${limitParam} OFFSET $${params.length}`
    // The ids of the page come from an index alone; only those rows are then read.
    const keep =
      plan.kind === 'collect' && counted?.matches === undefined ? counted?.keep : undefined
    const total = !selective
      ? `, ${statusTotal(query, params)} AS total`
      : keep
        ? `, (SELECT count(*) FROM matches)::int AS total,
          (SELECT ${keep.versionSql} FROM user_total) AS total_version`
        : ''
    const version = withOrderVersion ? `, ${anchorVersion(query)} AS order_version` : ''
    return db.query<ListedRow>(
      `${cte}SELECT ${USER_COLUMNS_AS_TEXT}, ${sort.cursorKey} AS sort_key${total}${version} FROM users
       WHERE id = ANY (ARRAY(${ids})) ORDER BY ${rowOrder(direction)}`,
      params,
      { prepare: prepared },
    )
  }
  /**
   * The rows of `read` from the ids of its role's or group's list in order, if they are kept and
   * still hold: read with the version they were built at and, after a cursor, the key its row
   * has now, both checked. Otherwise undefined, and the list built for the next time.
   */
  const readListed = async ({ direction, offset, limit, boundary }: Read) => {
    if (!membersOrdered) return undefined
    const order = memberOrder(db, shape)
    if (!order) {
      // Built for a list paged through: a first page walks a few hundred rows at most.
      if (boundary || offset > 0) buildMemberOrder()
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
       FROM users WHERE id = ANY ($1::int[]) ORDER BY ${rowOrder(direction)}`,
      params,
      { prepare: true },
    )
    if (rows.length !== page.length || rows[0]!.order_version !== order.version) {
      buildMemberOrder()
      return undefined
    }
    // A cursor given before its row moved reads on from where that row was: a walk.
    return !boundary || rows[0]!.boundary_key === boundary.key ? rows : undefined
  }

  // A bounded walk that did not fill the page found the matches too far along: collect them.
  const readPage = async (read: Read) => {
    const listed = await readListed(read)
    if (listed) return listed
    const rows = await readOnce(read)
    return read.plan.kind === 'capped' && rows.length < read.limit
      ? readOnce({ ...read, plan: { kind: 'collect' } })
      : rows
  }

  // A search or a role or group can match many users or few: the plan depends on how many, so
  // their count comes first, unless few are expected (then their page is collected and counted
  // at once, see `Counted`). Other lists always walk the sort's index (or its inactive/locked
  // part), and read their trigger-kept total in the statement that reads the page.
  const deep = cursor === undefined && query.page * query.size >= DEEP_OFFSET
  const counted = selective ? await countUsers(db, query, !deep) : undefined
  // Whether a walk reads a covering sort index alone (see `COVERED_ROWS_PER_MATCH`).
  const covered =
    query.roleId === undefined &&
    query.groupId === undefined &&
    query.status !== 'inactive' &&
    query.locked !== 'true'
  const plan = (rowsNeeded: number): Plan => {
    if (!counted) return { kind: 'walk' }
    if (counted.matches === undefined) return { kind: 'collect' }
    return planOf(counted.matches, counted.walkable, rowsNeeded, covered)
  }
  const shape = anchorShape(query)
  // A role's or group's list walked by probing each row of the sort's index, if not too long to
  // keep its ids in order in memory, is read by them once they are kept (see `readListed`).
  const membersOrdered =
    !query.search &&
    (query.roleId !== undefined || query.groupId !== undefined) &&
    counted?.matches !== undefined &&
    counted.matches <= MEMBER_ORDER_UP_TO &&
    plan(query.size).kind === 'capped'
  const totalOf = async (rows: ListedRow[]): Promise<number> => {
    if (counted?.matches !== undefined) return counted.matches
    const [first] = rows
    if (first?.total === undefined) return (await countUsers(db, query)).matches!
    if (counted?.keep) keepCount(db, counted.keep.key, first.total_version ?? '', first.total)
    return first.total
  }

  /**
   * `limit` rows from `from` of the list's ascending order, read on from the nearest anchor rather
   * than counted off from the start; undefined, and anchors built for the next time, when there
   * are none that still hold.
   */
  const readAnchored = async (from: number, limit: number) => {
    // Before the first anchor the nearer end is close: nothing to build.
    if (from < ANCHOR_STEP) return undefined
    const start = anchorBefore(db, shape, from)
    if (start) {
      const rows = await readPage({
        direction: 'asc',
        offset: start.skip,
        limit,
        boundary: start.anchor,
        plan: { kind: 'walk' },
        withOrderVersion: true,
      })
      if (rows.length === limit && rows[0]?.order_version === start.version) return rows
    }
    buildOrderAnchors(db, query)
    return undefined
  }

  /** Builds the ids of this role's or group's list in order, in the background. */
  const buildMemberOrder = () => {
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

  const boundaryOf = (row: ListedRow): Boundary => ({ key: row.sort_key, id: row.id })
  const link = (travel: 'next' | 'prev', row: ListedRow | undefined, page: number) =>
    row && page >= 0 ? encodeCursor({ travel, page, list, ...boundaryOf(row) }) : null

  if (cursor) {
    const forward = cursor.travel === 'next'
    const direction = forward ? query.direction : reverse(query.direction)
    const found = await readPage({
      direction,
      offset: 0,
      limit: query.size + 1,
      boundary: cursor,
      plan: plan(query.size + 1),
    })
    const count = await totalOf(found)
    const more = found.length > query.size
    let rows = found.slice(0, query.size)
    let number = cursor.page
    let next: string | null
    let prev: string | null
    if (forward) {
      next = more ? link('next', rows.at(-1), number + 1) : null
      prev = link('prev', rows[0], number - 1)
    } else {
      rows.reverse()
      if (!more) {
        // The start was reached: whatever changed meanwhile, this is the first page.
        number = 0
        if (rows.length < query.size) {
          rows = await readPage({
            direction: query.direction,
            offset: 0,
            limit: query.size,
            plan: plan(query.size),
          })
        }
      }
      prev = more ? link('prev', rows[0], number - 1) : null
      next = link('next', rows.at(-1), number + 1)
    }
    return pageOf(rows, number, query.size, count, next, prev)
  }

  const offset = query.page * query.size
  let rows: ListedRow[]
  let count: number
  if (offset < DEEP_OFFSET) {
    rows = await readPage({
      direction: query.direction,
      offset,
      limit: query.size,
      plan: plan(offset + query.size),
    })
    count = await totalOf(rows)
  } else {
    count = counted?.matches ?? (await countUsers(db, query)).matches!
    const limit = Math.max(0, Math.min(query.size, count - offset))
    const ascending = query.direction === 'asc' ? offset : count - offset - limit
    const anchored = limit > 0 && !selective ? await readAnchored(ascending, limit) : undefined
    if (limit === 0) rows = []
    else if (anchored) rows = query.direction === 'asc' ? anchored : anchored.reverse()
    else if (offset <= count / 2) {
      rows = await readPage({
        direction: query.direction,
        offset,
        limit,
        plan: plan(offset + limit),
      })
    } else {
      const fromEnd = count - offset - limit
      rows = (
        await readPage({
          direction: reverse(query.direction),
          offset: fromEnd,
          limit,
          plan: plan(fromEnd + limit),
        })
      ).reverse()
    }
  }
  const next = offset + rows.length < count ? link('next', rows.at(-1), query.page + 1) : null
  const prev = query.page > 0 ? link('prev', rows[0], query.page - 1) : null
  return pageOf(rows, query.page, query.size, count, next, prev)
}

type OrderedList = Pick<UserListParams, 'sort' | 'status' | 'locked'>

/** Builds, in the background, the anchors of an order over the users of a status and lock. */
function buildOrderAnchors(db: Queryable, list: OrderedList): void {
  const sort = SORTS[list.sort]
  const status = statusConditions(list)
  const where = status.length > 0 ? `WHERE ${status.join(' AND ')}` : ''
  const order = orderBy(sort, 'asc')
  buildAnchors(db, anchorShape(list), {
    kind: 'order',
    sql: `SELECT ${anchorVersion(list)} AS version, id, ${sort.cursorKey} AS sort_key FROM users
     WHERE id IN (SELECT id FROM (
       SELECT id, row_number() OVER (ORDER BY ${order}) AS position FROM users ${where}
     ) numbered WHERE position % $1 = 0)
     ORDER BY ${order}`,
    params: [ANCHOR_STEP],
    step: ANCHOR_STEP,
  })
}

/** The orders built at start: not by last login, whose anchors the next sign-in moves. */
const WARMED_ORDERS = USER_SORT_FIELDS.filter((sort) => sort !== 'lastLogin')

/**
 * Builds the anchors of the orders of the whole list (`WARMED_ORDERS`), in the background, when
 * it is long enough to have deep pages: a server that has run a while has them for the orders
 * paged deep, and after a start the first deep page of each need not walk to it. Not on PGlite,
 * whose one connection they would hold while an administrator signs in.
 */
export async function warmOrderAnchors(db: Database): Promise<void> {
  if (db.kind !== 'postgres') return
  const [row] = await db.query<{ users: number }>('SELECT total::int AS users FROM user_total')
  if ((row?.users ?? 0) <= DEEP_OFFSET) return
  for (const sort of WARMED_ORDERS) buildOrderAnchors(db, { sort })
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

const isSelective = (query: UserListParams) =>
  Boolean(query.search) || query.roleId !== undefined || query.groupId !== undefined

/** The trigger-kept number of users of the list's status and lock (migration 005), as SQL. */
function statusTotal(query: UserListParams, params: unknown[]): string {
  params.push(query.status === undefined ? null : query.status === 'active')
  const active = `$${params.length}::boolean`
  params.push(query.locked === undefined ? null : query.locked === 'true')
  const locked = `$${params.length}::boolean`
  return `(SELECT coalesce(sum(total), 0)::int FROM user_status_total
    WHERE (${active} IS NULL OR is_active = ${active}) AND (${locked} IS NULL OR is_locked = ${locked}))`
}

/**
 * The trigger-kept number of users of the list's status and lock whose search text holds the
 * fragment `fragment` (SQL), as SQL: over everyone (migration 009), less or only those of the
 * inactive or locked users' cells that the filter leaves out or selects (migration 011).
 */
function fragmentTotal(query: UserListParams, fragment: string): string {
  const everyone = `coalesce((SELECT total FROM user_search_fragment WHERE fragment = ${fragment}), 0)`
  const status = statusConditions(query)
  if (status.length === 0) return `${everyone}::int`
  const cells = (where: string) => `coalesce((SELECT sum(total) FROM user_search_fragment_cell
    WHERE fragment = ${fragment} AND ${where}), 0)`
  const selected = status.join(' AND ')
  // Whether the filter selects active and unlocked users, who are kept only in the total.
  const selectsUsual = query.status !== 'inactive' && query.locked !== 'true'
  return selectsUsual
    ? `(${everyone} - ${cells(`NOT (${selected})`)})::int`
    : `${cells(selected)}::int`
}

/**
 * The trigger-kept number of members of the list's group or holders of its role, of its status
 * and lock (migration 010), as SQL: the smaller of the two when both filter; undefined for
 * neither. Exact for one of them without a search, an upper bound otherwise.
 */
function memberTotal(query: UserListParams, params: unknown[]): string | undefined {
  const status = statusConditions(query)
  const totals = [
    ...(query.roleId !== undefined ? [['role_holder_total', 'role_id', query.roleId]] : []),
    ...(query.groupId !== undefined ? [['group_member_total', 'group_id', query.groupId]] : []),
  ].map(([table, column, id]) => {
    const where = [`${column} = $${params.push(Number(id))}::int`, ...status].join(' AND ')
    return `(SELECT coalesce(sum(total), 0)::int FROM ${table} WHERE ${where})`
  })
  if (totals.length === 0) return undefined
  return totals.length === 1 ? totals[0] : `least(${totals.join(', ')})`
}

/**
 * Members read from their index, in order, for each match read through the trigram index: a
 * match is a row of users on a page of its own, a member an entry beside the one before.
 */
const MEMBERS_PER_MATCH = 10

/** Estimated to match at most this many users, a list is counted with its page (see `Counted`). */
const COUNTED_WITH_PAGE = 2_000

/** What a selective list's count found (see `countUsers`). */
interface Counted {
  /**
   * The users the list's search and filters match; undefined when few are expected, and they
   * are then collected and counted in the statement that reads the page, then kept by `keep`.
   */
  matches?: number
  keep?: { key: string; versionSql: string }
  /** The users of its status and lock: those a walk of the sort's index goes through. */
  walkable: number
  /** The parts of a search of four or more characters that the trigram index is asked for. */
  parts?: string[]
  /**
   * Whether the users are found from the role's or group's members, cheaper to read than the
   * search's matches (see `MEMBERS_PER_MATCH`): their indexes hold their search texts (migration
   * 012). Otherwise from the trigram index, each match probed for membership.
   */
  viaMembers?: boolean
}

/** What `countUsers` reads of the kept totals for a selective list, in one statement. */
interface KeptTotals {
  /** The users of the list's status and lock. */
  walkable: number
  version: string
  /** The kept total of a search of up to three characters, of the list's status and lock. */
  fragment: number | null
  /** The kept total of the role's or group's members (the smaller of two), if any. */
  members: number | null
  lowered: string | null
  /** The kept totals of a longer search's three-character fragments, in order. */
  grams: number[] | null
  users: number
}

/**
 * How many users a search within `members` (an upper bound, or Infinity) is expected to match,
 * its words taken as independent: each matches at most as many users as its rarest fragment.
 * A search of up to three characters has its total kept (`fragment`, among the `walkable`
 * users of the list's status and lock): within a role or group, taken as spread like theirs.
 */
function estimate(search: string | undefined, row: KeptTotals | undefined, members: number) {
  const users = row?.users ?? 0
  const share = (n: number) => (users > 0 ? Math.min(1, n / users) : 1)
  let expected = Number.isFinite(members) ? members : users
  if (!search) return expected
  if (row?.fragment != null) {
    return row.walkable > 0 ? row.fragment * Math.min(1, expected / row.walkable) : 0
  }
  if (!row?.lowered || !row.grams) return Infinity
  let at = 0
  for (const word of row.lowered.split(' ')) {
    const length = Array.from(word).length
    const own = row.grams.slice(at, at + length - 2)
    if (own.length > 0) expected *= share(Math.min(...own))
    at += length + 1
  }
  return expected
}

/**
 * The exact number of users the list's search and filters match, and of the users its status
 * and lock select. The second, and the first without a search or a role or group, come from the
 * trigger-kept counts of migration 005, the first of a search of up to three characters (with a
 * status or lock, or neither) from those of migrations 009 and 011, of a role or a group alone
 * from those of migration 010; the versions a kept count of a search or filter depends on are
 * read in the same statement, with the totals of a longer search's fragments for its parts.
 * `withPage`, a list expected to match few is left to be counted with its page (see `Counted`).
 */
async function countUsers(
  db: Queryable,
  query: UserListParams,
  withPage = false,
): Promise<Counted> {
  const statusParams: unknown[] = []
  const walkableSql = statusTotal(query, statusParams)
  if (!isSelective(query)) {
    const [row] = await db.query<{ walkable: number }>(
      `SELECT ${walkableSql} AS walkable`,
      statusParams,
      { prepare: true },
    )
    return { matches: row?.walkable ?? 0, walkable: row?.walkable ?? 0 }
  }
  const version = hasFilter(query)
    ? `search_version::text || '.' || filter_version::text`
    : 'search_version::text'
  statusParams.push(query.search ?? null)
  const search = `lower($${statusParams.length}::text)`
  // A search of up to three characters has its total kept; a longer one, its fragments'.
  const keptMembers = memberTotal(query, statusParams) ?? 'NULL::int'
  const [row] = await db.query<KeptTotals>(
    `SELECT ${walkableSql} AS walkable, (SELECT ${version} FROM user_total) AS version,
       CASE WHEN length(${search}) <= 3 THEN ${fragmentTotal(query, search)} END AS fragment,
       ${keptMembers} AS members, ${search} AS lowered,
       (SELECT total::int FROM user_total) AS users,
       CASE WHEN length(${search}) > 3 THEN ARRAY(
         SELECT coalesce((SELECT total::int FROM user_search_fragment
           WHERE fragment = substr(${search}, at, 3)), 0)
         FROM generate_series(1, length(${search}) - 2) AS at ORDER BY at)
       END AS grams`,
    statusParams,
    { prepare: true },
  )
  const walkable = row?.walkable ?? 0
  const memberFilters = Number(query.roleId !== undefined) + Number(query.groupId !== undefined)
  if (row?.fragment != null && memberFilters === 0) return { matches: row.fragment, walkable }
  if (row?.members != null && !query.search && memberFilters === 1) {
    return { matches: row.members, walkable, viaMembers: true }
  }
  const parts =
    row?.lowered && row.grams ? searchParts(row.lowered, row.grams, row.users) : undefined
  // How many users the search matches at most, and the role or group holds at most.
  const searchBound = row?.fragment ?? (row?.grams ? Math.min(...row.grams) : Infinity)
  const memberBound = row?.members ?? Infinity
  const viaMembers = memberFilters > 0 && searchBound * MEMBERS_PER_MATCH >= memberBound
  const key = JSON.stringify([
    query.search?.toLowerCase() ?? '',
    query.status ?? '',
    query.locked ?? '',
    query.roleId ?? '',
    query.groupId ?? '',
  ])
  const kept = keptCount(db, key, row?.version ?? '')
  if (kept !== undefined) return { matches: kept, walkable, parts, viaMembers }
  const expected = estimate(query.search, row, memberBound)
  if (withPage && expected <= COUNTED_WITH_PAGE) {
    return { walkable, parts, viaMembers, keep: { key, versionSql: version } }
  }
  const params: unknown[] = []
  const status = statusConditions(query)
  // Only the members found are looked up for a status or lock (an array: see readOnce).
  const members = viaMembers ? memberIds(query, params, query.search) : undefined
  const counted = !members
    ? `users WHERE ${[
        ...searchCondition(query.search, params, parts),
        ...status,
        ...memberConditions(query, params, true),
      ].join(' AND ')}`
    : status.length > 0
      ? `users WHERE id = ANY (ARRAY(${members})) AND ${status.join(' AND ')}`
      : `(${members}) members`
  const matches = await countAndKeep(db, key, version, counted, params)
  return { matches, walkable, parts, viaMembers }
}
