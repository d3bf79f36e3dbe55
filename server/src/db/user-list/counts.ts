import type { UserListParams } from '@shared/contract'
import {
  FLAG_FILTER_KEYS,
  filterIsSet,
  filterKey,
  USER_FILTER_KEYS,
  USER_FILTERS,
} from '@shared/user-list-fields'
import type { Queryable } from '../database'
import {
  type AtNow,
  filterCounters,
  FILTER_VERSIONS,
  filtersPlainly,
  lastSignInRanges,
  memberConditions,
  memberFilters,
  memberIds,
  movesWithClock,
  plainConditions,
  searchCondition,
  selectsUnusual,
  statusConditions,
} from './filters'
import { countAndKeep, countNow, keptCount } from './kept-counts'
import { searchParts } from './search-parts'

/**
 * Whether a search or a role or group selects the users: the number of users of a status and
 * lock is kept as such, theirs not quite (see `countUsers`).
 */
export const isSelective = (query: UserListParams) =>
  USER_FILTER_KEYS.some((key) => USER_FILTERS[key].kind !== 'flag' && filterIsSet(query, key))

/** The trigger-kept number of users of the list's status and lock (migration 005), as SQL. */
export function statusTotal(query: UserListParams, params: unknown[]): string {
  const cells = FLAG_FILTER_KEYS.map((key) => {
    const { column, whenTrue } = USER_FILTERS[key]
    params.push(query[key] === undefined ? null : query[key] === whenTrue)
    const value = `$${params.length}::boolean`
    return `(${value} IS NULL OR ${column} = ${value})`
  })
  return `(SELECT coalesce(sum(total), 0)::int FROM user_status_total
    WHERE ${cells.join(' AND ')})`
}

/**
 * Whether a noted move's search text holds the fragment `fragment` (SQL), as SQL: the moves a
 * kept total of it has not yet taken in. Fragments hold no chr(1), the search text's separator.
 */
const notedHolding = (fragment: string) =>
  `strpos(${fragment}, chr(1)) = 0 AND strpos(search_text, ${fragment}) > 0`

/**
 * The trigger-kept number of users whose search text holds the fragment `fragment` (SQL), as
 * SQL: its total (migration 009) with the texts noted and not yet folded in (migration 030).
 */
const everyoneTotal = (fragment: string) =>
  `(coalesce((SELECT total FROM user_search_fragment WHERE fragment = ${fragment}), 0)
    + coalesce((SELECT sum(move) FROM user_search_fragment_pending
    WHERE ${notedHolding(fragment)}), 0))::int`

/**
 * The trigger-kept number of users of the list's status and lock whose search text holds the
 * fragment `fragment` (SQL), as SQL: over everyone (`everyoneTotal`), less or only those of the
 * inactive or locked users' cells that the filter leaves out or selects (migration 011), with
 * the moves noted for the cells and not yet folded in (migration 022).
 */
function fragmentTotal(query: UserListParams, fragment: string): string {
  const everyone = everyoneTotal(fragment)
  const status = statusConditions(query)
  if (status.length === 0) return everyone
  const cells = (where: string) => `(coalesce((SELECT sum(total) FROM user_search_fragment_cell
    WHERE fragment = ${fragment} AND ${where}), 0)
    + coalesce((SELECT sum(move) FROM user_search_fragment_cell_pending
    WHERE ${notedHolding(fragment)} AND ${where}), 0))`
  const selected = status.join(' AND ')
  // Whether the filter selects active and unlocked users, who are kept only in the total.
  return !selectsUnusual(query)
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
  const totals = memberFilters(query).map(({ totals: table, column, id }) => {
    const where = [`${column} = $${params.push(id)}::int`, ...status].join(' AND ')
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

/**
 * Estimated to match at most this many users, a list is counted with its page (see `Counted`).
 * Counting through the trigram index reads every match's row anyway; collecting them in the
 * same statement adds their sort (on a million users, 20,000 matches counted in 25-40 ms,
 * counted and sorted in 30-55). Counted first, a page is then walked from the sort's index, a
 * few milliseconds when the matches are spread along it, as much as counting again when they lie
 * far along it (a walk gives up after a quarter of what collecting costs, then collects: 70-120
 * ms in all).
 */
const COUNTED_WITH_PAGE = 25_000

/**
 * The same for a list counted from its role's or group's members (`viaMembers`): their index
 * holds their search texts, so counting reads no user's row, and collecting them reads one each.
 */
const COUNTED_FROM_MEMBERS_WITH_PAGE = 2_000

/** What a selective list's count found (see `countUsers`). */
export interface Counted {
  /**
   * The users the list's search and filters match; undefined when few are expected, and they
   * are then collected and counted in the statement that reads the page, then kept by `keep`.
   */
  matches?: number
  keep?: { key: string; versionSql: string }
  /**
   * The users of its status and lock: those a walk of the sort's index goes through (a walk of
   * users over the usual status or lock goes through everyone, at most a tenth more).
   */
  walkable: number
  /** The parts of a search of four or more characters that the trigram index is asked for. */
  parts?: string[]
  /**
   * Whether the users are found from the role's or group's members, cheaper to read than the
   * search's matches (see `MEMBERS_PER_MATCH`): their indexes hold their search texts (migration
   * 012). Otherwise from the trigram index, each match probed for membership.
   */
  viaMembers?: boolean
  /**
   * The users collecting reads, where they are more than the list keeps of them: the search's
   * finds of every status and lock, for a list that also keeps only inactive or locked users, a
   * role's or group's, or those with two-step sign-in (see `searchedUsers`). Otherwise `matches`.
   */
  collected?: number
}

/** What `countUsers` reads of the kept totals for a selective list, in one statement. */
interface KeptTotals {
  /** The users of the list's status and lock. */
  walkable: number
  version: string
  /** The kept total of a search of up to three characters, of the list's status and lock. */
  fragment: number | null
  /** The same over every status and lock. */
  everyone: number | null
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
 * How many users collecting a list's search reads (`Counted.collected`): the trigram index finds
 * them whatever their status, lock, roles or groups, and only then are the list's filters
 * checked. The locked, active users whose name holds "marc" are 650 of the 39,603 users the
 * index finds for it (28 ms to collect), where a walk of the locked users reads about 3,000
 * (5 ms; docs/PERFORMANCE.md). Kept for a search of up to three characters, estimated from its
 * fragments otherwise; undefined where the filters keep nearly all of them, or the users are
 * found from their role's or group's members.
 */
function searchedUsers(
  query: UserListParams,
  row: KeptTotals | undefined,
  viaMembers: boolean,
): number | undefined {
  const keepsFewer =
    selectsUnusual(query) || memberFilters(query).length > 0 || filtersPlainly(query)
  if (!query.search || viaMembers || !keepsFewer) return undefined
  if (row?.everyone != null) return row.everyone
  const estimated = estimate(query.search, row && { ...row, fragment: null }, Infinity)
  return Number.isFinite(estimated) ? estimated : undefined
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
export async function countUsers(
  db: Queryable,
  query: AtNow<UserListParams>,
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
  // The search's counter, and those of the filters set.
  const counters = [FILTER_VERSIONS.search, ...filterCounters(query)]
  const version = counters.map((counter) => `${counter}::text`).join(` || '.' || `)
  statusParams.push(query.search ?? null)
  const search = `lower($${statusParams.length}::text)`
  // A search of up to three characters has its total kept; a longer one, its fragments'.
  const keptMembers = memberTotal(query, statusParams) ?? 'NULL::int'
  const [row] = await db.query<KeptTotals>(
    `SELECT ${walkableSql} AS walkable, (SELECT ${version} FROM user_total) AS version,
       CASE WHEN length(${search}) <= 3 THEN ${fragmentTotal(query, search)} END AS fragment,
       CASE WHEN length(${search}) <= 3 THEN ${everyoneTotal(search)} END AS everyone,
       ${keptMembers} AS members, ${search} AS lowered,
       (SELECT total::int FROM user_total) AS users,
       CASE WHEN length(${search}) > 3 THEN ARRAY(
         SELECT ${everyoneTotal(`substr(${search}, at, 3)`)}
         FROM generate_series(1, length(${search}) - 2) AS at ORDER BY at)
       END AS grams`,
    statusParams,
    { prepare: true },
  )
  const walkable = row?.walkable ?? 0
  const memberFilterCount = memberFilters(query).length
  // The plain path's filters are not kept in these totals: such a list is counted.
  const kept = !filtersPlainly(query)
  if (kept && row?.fragment != null && memberFilterCount === 0) {
    return { matches: row.fragment, walkable, collected: searchedUsers(query, row, false) }
  }
  if (kept && row?.members != null && !query.search && memberFilterCount === 1) {
    return { matches: row.members, walkable, viaMembers: true }
  }
  const parts =
    row?.lowered && row.grams ? searchParts(row.lowered, row.grams, row.users) : undefined
  // How many users the search matches at most, and the role or group holds at most.
  const searchBound = row?.fragment ?? (row?.grams ? Math.min(...row.grams) : Infinity)
  const memberBound = row?.members ?? Infinity
  const viaMembers = memberFilterCount > 0 && searchBound * MEMBERS_PER_MATCH >= memberBound
  const collected = searchedUsers(query, row, viaMembers)
  // A count of a list that moves with the clock is made afresh, never kept.
  const key = movesWithClock(query) ? undefined : JSON.stringify(filterKey(query, true))
  const keptMatches = key === undefined ? undefined : keptCount(db, key, row?.version ?? '')
  if (keptMatches !== undefined) {
    return { matches: keptMatches, walkable, parts, viaMembers, collected }
  }
  const expected = estimate(query.search, row, memberBound)
  const withPageUpTo = viaMembers ? COUNTED_FROM_MEMBERS_WITH_PAGE : COUNTED_WITH_PAGE
  if (withPage && expected <= withPageUpTo) {
    return {
      walkable,
      parts,
      viaMembers,
      keep: key === undefined ? undefined : { key, versionSql: version },
    }
  }
  const params: unknown[] = []
  const bySignIn = lastSignInRanges(query, params)
  if (bySignIn) return { matches: await countBySignIn(db, bySignIn, params, walkable), walkable }
  // Only the members found are looked up for a status or lock (an array: see readOnce).
  const members = viaMembers ? memberIds(query, params, query.search) : undefined
  // What is checked on each user's row: the status and lock, and the plain path's filters.
  const checked = [...statusConditions(query), ...plainConditions(query, params)]
  const counted = !members
    ? `users WHERE ${[
        ...searchCondition(query.search, params, parts),
        ...checked,
        ...memberConditions(query, params, true),
      ].join(' AND ')}`
    : checked.length > 0
      ? `users WHERE id = ANY (ARRAY(${members})) AND ${checked.join(' AND ')}`
      : `(${members}) members`
  const matches =
    key === undefined
      ? await countNow(db, counted, params)
      : await countAndKeep(db, key, version, counted, params)
  return { matches, walkable, parts, viaMembers, collected }
}

/**
 * A list by status and last sign-in alone (`lastSignInRanges`), counted from migration 039's
 * indexes alone: the users within its range, or, where PostgreSQL's statistics put more than half
 * of the status's `walkable` users there, the status's kept total less the rest. A count reads
 * every entry of its range: 928,000 for "not in the last 30 days" of a million seeded users, the
 * rest 72,000.
 */
async function countBySignIn(
  db: Queryable,
  ranges: { within: string; rest?: string },
  params: unknown[],
  walkable: number,
): Promise<number> {
  if (ranges.rest) {
    const [plan] = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM user_state WHERE ${ranges.within}`,
      params,
    )
    const expected = plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0
    if (expected > walkable / 2) {
      return walkable - (await countNow(db, `user_state WHERE ${ranges.rest}`, params))
    }
  }
  return countNow(db, `user_state WHERE ${ranges.within}`, params)
}
