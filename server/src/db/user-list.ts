import type {
  Page,
  SortDirection,
  User,
  UserListParams,
  UserSortField,
} from '../../../src/shared/contract'
import type { Queryable } from './database'
import { keptCount } from './search-counts'
import { decodeCursor, encodeCursor, listFingerprint, type SortKey } from './user-cursor'
import { filterConditions, hasFilter, searchCondition } from './user-filter'
import { toUser, USER_COLUMNS, type UserRow } from './users'

interface SortSpec {
  /** The expression ordered by; each matches an index of the schema, ending in the id. */
  key: string
  /** The key as a cursor carries it: text exact to the microsecond for timestamps. */
  cursorKey: string
  /** The type a cursor's key is read back as. */
  type: string
  nullable?: boolean
}

const utc = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const SORTS: Record<UserSortField, SortSpec> = {
  id: { key: 'id', cursorKey: 'NULL::text', type: 'int' },
  username: { key: 'lower(username)', cursorKey: 'lower(username)', type: 'text' },
  email: { key: 'lower(email)', cursorKey: 'lower(email)', type: 'text' },
  phoneNumber: { key: 'phone_number', cursorKey: 'phone_number', type: 'text' },
  isActive: { key: 'is_active', cursorKey: 'is_active', type: 'boolean' },
  isLocked: { key: 'is_locked', cursorKey: 'is_locked', type: 'boolean' },
  lastLogin: {
    key: 'last_login',
    cursorKey: utc('last_login'),
    type: 'timestamptz',
    nullable: true,
  },
  createdDate: { key: 'created_date', cursorKey: utc('created_date'), type: 'timestamptz' },
  updatedDate: { key: 'updated_date', cursorKey: utc('updated_date'), type: 'timestamptz' },
}

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

/** Rows read from the sort's index, filtering as it goes, to find a page: past it, the search's matches are collected and sorted instead. */
const WALK_LIMIT = 20_000

/**
 * Whether a search walks the sort's index and filters (it stops once the page is full: right
 * for a search matching a large share of users) or collects its matches through the trigram
 * index and sorts them (right for a narrow one), from the exact number of matches.
 */
function walksIndex(matches: number, all: number, rowsNeeded: number): boolean {
  if (matches === 0) return false
  const walked = (rowsNeeded * all) / matches
  return walked <= WALK_LIMIT && walked <= matches
}

interface Read {
  direction: SortDirection
  offset: number
  limit: number
  boundary?: Boundary
  walk: boolean
}

type ListedRow = UserRow & { sort_key: SortKey }

/** Past this offset, the page waits for the total so that it can be read from the nearer end. */
const DEEP_OFFSET = 10_000

/**
 * One page of users for `query`: by number (`page=`, a page in the far half read backwards from
 * the end so the last page costs what the first does) or after a cursor, with the exact total
 * and the cursors of the pages around it. Unfiltered and status/lock-only totals come from
 * trigger-kept counts, the others from the last count while still exact.
 */
export async function listUsers(db: Queryable, query: UserListParams): Promise<Page<User>> {
  const sort = SORTS[query.sort]
  const list = listFingerprint(query)
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query)

  const readPage = ({ direction, offset, limit, boundary, walk }: Read) => {
    const params: unknown[] = []
    const search =
      query.search && walk
        ? // Not a LIKE, so that the trigram index is not used: the sort's index is walked.
          [`strpos(search_text, lower($${params.push(query.search)})) > 0`]
        : searchCondition(query.search, params)
    const conditions = [...search, ...filterConditions(query, params)]
    // A narrow search's matches are collected once, then ordered.
    const collect = query.search !== undefined && !walk
    const from = collect ? 'matches' : 'users'
    const cte = collect
      ? `WITH matches AS MATERIALIZED (SELECT id, username, email, phone_number, is_active,
           is_locked, last_login, created_date, updated_date FROM users
           WHERE ${conditions.join(' AND ')}) `
      : ''
    const where = collect ? [] : conditions
    const order = orderBy(sort, direction)
    params.push(limit)
    const limitParam = `$${params.length}`
    let ids: string
    if (!boundary) {
      params.push(offset)
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
      ids = `SELECT id FROM ${from} ${clause} ORDER BY ${order} LIMIT ${limitParam} OFFSET $${params.length}`
    } else {
      const ranges = afterBoundary(sort, direction, boundary, params).map(
        (range) =>
          `SELECT id, ${sort.key} AS k FROM ${from} WHERE ${[...where, range].join(' AND ')}
           ORDER BY ${order} LIMIT ${limitParam}`,
      )
      const dir = direction === 'desc' ? 'DESC' : 'ASC'
      ids =
        ranges.length === 1
          ? `SELECT id FROM (${ranges[0]}) page`
          : `SELECT id FROM (${ranges.map((r) => `(${r})`).join(' UNION ALL ')}) page
             ORDER BY k ${dir}, id ${dir} LIMIT ${limitParam}`
    }
    // The ids of the page come from an index alone; only those rows are then read.
    return db.query<ListedRow>(
      `${cte}SELECT ${USER_COLUMNS}, ${sort.cursorKey} AS sort_key FROM users
       WHERE id IN (${ids}) ORDER BY ${order}`,
      params,
    )
  }

  const counted = countUsers(db, query)
  // A search's plan depends on how many users it matches: its count comes first.
  const [total, all] = query.search ? await counted : [undefined, undefined]
  const walk = (rowsNeeded: number) =>
    total !== undefined && all !== undefined && walksIndex(total, all, rowsNeeded)

  const boundaryOf = (row: ListedRow): Boundary => ({ key: row.sort_key, id: row.id })
  const link = (travel: 'next' | 'prev', row: ListedRow | undefined, page: number) =>
    row && page >= 0 ? encodeCursor({ travel, page, list, ...boundaryOf(row) }) : null

  if (cursor) {
    const forward = cursor.travel === 'next'
    const direction = forward ? query.direction : reverse(query.direction)
    const read = readPage({
      direction,
      offset: 0,
      limit: query.size + 1,
      boundary: cursor,
      walk: walk(query.size + 1),
    })
    const [found, [count]] = await Promise.all([read, counted])
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
            walk: walk(query.size),
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
    ;[rows, [count]] = await Promise.all([
      readPage({
        direction: query.direction,
        offset,
        limit: query.size,
        walk: walk(offset + query.size),
      }),
      counted,
    ])
  } else {
    ;[count] = await counted
    const limit = Math.max(0, Math.min(query.size, count - offset))
    if (limit === 0) rows = []
    else if (offset <= count / 2) {
      rows = await readPage({
        direction: query.direction,
        offset,
        limit,
        walk: walk(offset + limit),
      })
    } else {
      const fromEnd = count - offset - limit
      rows = (
        await readPage({
          direction: reverse(query.direction),
          offset: fromEnd,
          limit,
          walk: walk(fromEnd + limit),
        })
      ).reverse()
    }
  }
  const next = offset + rows.length < count ? link('next', rows.at(-1), query.page + 1) : null
  const prev = query.page > 0 ? link('prev', rows[0], query.page - 1) : null
  return pageOf(rows, query.page, query.size, count, next, prev)
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

/**
 * The exact number of users the list's search and filters match, and of all users. Without a
 * search or a role or group, both come from the trigger-kept counts of migrations 002 and 005.
 */
async function countUsers(db: Queryable, query: UserListParams): Promise<[number, number]> {
  const [row] = await db.query<{ everyone: number; matching: number }>(
    `SELECT total::int AS everyone,
       (SELECT coalesce(sum(total), 0)::int FROM user_status_total
        WHERE ($1::boolean IS NULL OR is_active = $1) AND ($2::boolean IS NULL OR is_locked = $2)) AS matching
     FROM user_total`,
    [
      query.status === undefined ? null : query.status === 'active',
      query.locked === undefined ? null : query.locked === 'true',
    ],
  )
  const all = row?.everyone ?? 0
  if (!query.search && query.roleId === undefined && query.groupId === undefined) {
    return [row?.matching ?? 0, all]
  }
  const params: unknown[] = []
  const condition = [
    ...searchCondition(query.search, params),
    ...filterConditions(query, params),
  ].join(' AND ')
  const key = JSON.stringify([
    query.search?.toLowerCase() ?? '',
    query.status ?? '',
    query.locked ?? '',
    query.roleId ?? '',
    query.groupId ?? '',
  ])
  const version = hasFilter(query)
    ? `search_version::text || '.' || filter_version::text`
    : 'search_version::text'
  return [await keptCount(db, key, version, condition, params), all]
}
