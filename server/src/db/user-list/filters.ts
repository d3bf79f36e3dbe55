import type { UserAccessEndingChoice, UserFilter } from '@shared/contract'
import {
  EXISTS_FILTER_KEYS,
  FLAG_FILTER_KEYS,
  filterIsSet,
  MEMBER_FILTER_KEYS,
  ROW_FILTER_KEYS,
  USER_FILTER_KEYS,
  USER_FILTERS,
  type FilterDeclaration,
  type FlagFilterKey,
  type MemberFilterKey,
  type RowFilterKey,
} from '@shared/user-list-fields'
import { grantCounts } from '../grant-ends'
import { escapeLike, existsSql } from '../users'
import { FLAG_VERSIONS } from './sorts'

/** Which users a list, a bulk action or an export is about: a search and the list's filters. */
export interface UserSelection extends UserFilter {
  search?: string
  /** The server's clock (ms) as the request began: what a filter relative to now is read at. */
  now?: number
}

/**
 * A request's search and filters with the time its relative filters are read at: the routes give
 * the server's clock; a request with a relative filter set and no time is refused (`nowOf`).
 */
export type AtNow<Query> = Query & Pick<UserSelection, 'now'>

/** Whether a user's search text holds `text` as it is (`%` and `_` are no wildcards). */
export const searchTextHolds = (text: string, params: unknown[]) =>
  `search_text LIKE '%' || lower($${params.push(escapeLike(text))}) || '%'`

/**
 * The part of a selection that the trigram index answers: the search, or only its `parts` (see
 * `searchParts`) looked up in the index and the whole search checked on the rows found.
 */
export function searchCondition(
  search: string | undefined,
  params: unknown[],
  parts?: readonly string[],
): string[] {
  if (!search) return []
  const looked = (parts ?? [search]).map((part) => searchTextHolds(part, params))
  if (parts === undefined) return looked
  // Not a LIKE: the whole search must not draw the plan to the trigram index after all.
  return [...looked, `strpos(search_text, lower($${params.push(search)})) > 0`]
}

/**
 * The conditions of the list's filters, each over the columns of `users` (alone in its FROM, or
 * unaliased), their values appended to `params` as `$n`. A role is held directly or through an
 * ACTIVE group that grants it, as for administrator rights (admins.ts): its holders are kept in
 * user_role_grant (migration 010). Whether the role itself is active does not hide its holders.
 *
 * As sets (the default) PostgreSQL may start from the members and join the users: right when they
 * are few. Probed (`probe`), each row is looked up in the members' primary keys, as scalar
 * subqueries that PostgreSQL never turns into a hash of every member: right when walking a
 * sort's index for a page of a role or group that many users hold.
 */
export function filterConditions(
  filter: UserSelection,
  params: unknown[],
  probe = false,
): string[] {
  return [
    ...statusConditions(filter),
    ...memberConditions(filter, params, probe),
    ...plainConditions(filter, params),
  ]
}

/**
 * The filters of the plain path (kinds `exists` and `row`), probed per user: no totals are kept
 * of them, so a list with one is counted (`isSelective`), its count kept by the versions unless
 * it moves with the clock (`movesWithClock`).
 */
export function plainConditions(filter: UserSelection, params: unknown[]): string[] {
  const exists = EXISTS_FILTER_KEYS.filter((key) => filterIsSet(filter, key)).map((key) => {
    const declaration = USER_FILTERS[key]
    const sql = existsSql(declaration)
    return filter[key] === declaration.whenTrue ? sql : `NOT ${sql}`
  })
  const rows = ROW_FILTER_KEYS.filter((key) => filterIsSet(filter, key)).map((key) =>
    ROW_SQL[key].sql(String(filter[key]), filter, params),
  )
  return [...exists, ...rows]
}

const DAY_MS = 86_400_000

/** The time a relative filter is read at: a request that sets one without it is a bug. */
function nowOf(selection: UserSelection): number {
  if (selection.now === undefined) throw new Error('a filter relative to now needs the time')
  return selection.now
}

/**
 * Each `row` filter: the columns of the user's row it reads (`reads`), which a walk's stretch of
 * a sort's index must carry for it (`walkedColumns`), and its condition for its value (`sql`),
 * over the columns of `users` (or of its state copy, which holds them too, migration 028). Not
 * signed in since a time: the last sign-in before it, or none and created before it; written as
 * two ranges so that the indexes of the orders by last sign-in and creation answer it, where
 * coalesce() would read every row.
 */
const ROW_SQL: Record<
  RowFilterKey,
  {
    reads: readonly string[]
    sql: (value: string, selection: UserSelection, params: unknown[]) => string
  }
> = {
  lastSignIn: {
    reads: ['last_login', 'created_date'],
    sql: (value, selection, params) => {
      if (value === 'never') return 'last_login IS NULL'
      const at = `$${params.push(signInCut(value, selection))}::timestamptz`
      return `(last_login < ${at} OR (last_login IS NULL AND created_date < ${at}))`
    },
  },
  accessEnding: {
    reads: ['id'],
    sql: (value, selection, params) => {
      const now = nowOf(selection)
      const at = `$${params.push(new Date(now).toISOString())}::timestamptz`
      const by = `$${params.push(new Date(now + ACCESS_ENDING_MS[value as UserAccessEndingChoice]).toISOString())}::timestamptz`
      const ending = (table: string) =>
        `EXISTS (SELECT 1 FROM ${table} g WHERE g.user_id = id AND ${grantCounts('g', at)} AND g.ends_at <= ${by})`
      return `(${ending('user_roles')} OR ${ending('user_groups')})`
    },
  },
}

/** The time a last-sign-in choice other than "never" is about, as ISO text. */
function signInCut(value: string, selection: UserSelection): string {
  const days = /^over(\d+)d$/.exec(value)
  const since = days ? nowOf(selection) - Number(days[1]) * DAY_MS : Date.parse(value)
  return new Date(since).toISOString()
}

/**
 * A list selected by its status and last sign-in alone, as ranges of the indexes of migration
 * 039 over `user_state`: the users it holds (`within`) and, for a time, the rest of its status
 * (`rest`), which a count reads instead when they are fewer. Undefined for any other list.
 */
export function lastSignInRanges(
  query: UserSelection,
  params: unknown[],
): { within: string; rest?: string } | undefined {
  const others = USER_FILTER_KEYS.filter(
    (key) => key !== 'lastSignIn' && key !== 'status' && filterIsSet(query, key),
  )
  if (query.search || others.length > 0 || !filterIsSet(query, 'lastSignIn')) return undefined
  const { whenTrue } = USER_FILTERS.status
  const statuses = query.status === undefined ? [true, false] : [query.status === whenTrue]
  const status = `is_active = ANY ($${params.push(statuses)}::boolean[])`
  const value = String(query.lastSignIn)
  if (value === 'never') return { within: `${status} AND last_login IS NULL` }
  const at = `$${params.push(signInCut(value, query))}::timestamptz`
  const signedIn = 'coalesce(last_login, created_date)'
  return { within: `${status} AND ${signedIn} < ${at}`, rest: `${status} AND ${signedIn} >= ${at}` }
}

/**
 * The columns a walk reads of each row it checks: `walked` (those of the sort's index), with
 * those the plain path's filters set read (`ROW_SQL`'s `reads`). A column left out would be
 * taken from the statement around the walk, and checked on another row.
 */
export function walkedColumns(filter: UserFilter, walked: readonly string[]): string {
  const read = ROW_FILTER_KEYS.filter((key) => filterIsSet(filter, key)).flatMap(
    (key) => ROW_SQL[key].reads,
  )
  return [...new Set([...walked, ...read])].join(', ')
}

const ACCESS_ENDING_MS: Record<UserAccessEndingChoice, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS }

/** Whether a filter of the plain path is set (see `plainConditions`). */
export const filtersPlainly = (filter: UserFilter) =>
  [...EXISTS_FILTER_KEYS, ...ROW_FILTER_KEYS].some((key) => filterIsSet(filter, key))

/** Whether a filter set moves with the clock: its lists' counts are made afresh, never kept. */
export const movesWithClock = (filter: UserFilter) =>
  ROW_FILTER_KEYS.some((key) => USER_FILTERS[key].relative && filterIsSet(filter, key))

/** Status and lock: columns of the row itself, and of its state copy (migration 028). */
export function statusConditions(filter: UserFilter): string[] {
  return FLAG_FILTER_KEYS.filter((key) => filterIsSet(filter, key)).map((key) => {
    const { column, whenTrue } = USER_FILTERS[key]
    return filter[key] === whenTrue ? column : `NOT ${column}`
  })
}

/**
 * The counter of user_total that moves whenever what a filter of each kind selects may have
 * changed: migration 003's for the search; 005's for two-step sign-in, which 021's triggers move.
 * Status and lock each have a counter of their own (`flagVersions`), a role or group a version
 * of its own (`memberVersions`). A count kept of a list holds while its counters have not moved.
 */
export const FILTER_VERSIONS: Record<
  Exclude<FilterDeclaration['kind'], 'flag' | 'members' | 'row'>,
  string
> = {
  search: 'search_version',
  exists: 'filter_version',
}

/** The counters of the status and lock filters set in `filter` (migration 029). */
export const flagVersions = (filter: UserFilter): string[] =>
  FLAG_FILTER_KEYS.filter((key) => filterIsSet(filter, key)).map((key) => FLAG_VERSIONS[key])

/**
 * The versions of the role and the group a filter asks for, as SQL to read beside user_total's
 * counters: each moves when who holds that role or belongs to that group changes (migration
 * 027), and is 0 before it first does.
 */
export const memberVersions = (filter: UserFilter): string[] =>
  memberFilters(filter).map(
    ({ versions, column, id }) =>
      `coalesce((SELECT version FROM ${versions} WHERE ${column} = ${sqlInteger(id)}), 0)`,
  )

/**
 * The counters of the filters set in `filter` (`flagVersions`, `FILTER_VERSIONS`,
 * `memberVersions`), each once.
 */
export const filterCounters = (filter: UserFilter): string[] => [
  ...new Set([
    ...flagVersions(filter),
    ...(EXISTS_FILTER_KEYS.some((key) => filterIsSet(filter, key)) ? [FILTER_VERSIONS.exists] : []),
    ...memberVersions(filter),
  ]),
]

/** An id written into SQL text: only an integer, never anything a request could make SQL of. */
function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer id: ${value}`)
  return String(value)
}

/**
 * The value of each flag that most users have: the inactive and the locked are few, kept in
 * cells of their own (migration 011) and walked in partial indexes of user_state (migration 028).
 */
const USUAL: Record<FlagFilterKey, string> = { status: 'active', locked: 'false' }

/**
 * The conditions of a flag's usual and unusual users (see `USUAL`), and whether the usual come
 * second in its ascending order (false before true): the active do, the unlocked do not.
 */
export function flagSides(key: FlagFilterKey): {
  usual: string
  unusual: string
  usualLast: boolean
} {
  const { column, whenTrue } = USER_FILTERS[key]
  const usualLast = USUAL[key] === whenTrue
  return usualLast
    ? { usual: column, unusual: `NOT ${column}`, usualLast }
    : { usual: `NOT ${column}`, unusual: column, usualLast }
}

/** Whether a filter selects inactive or locked users (see `USUAL`). */
export const selectsUnusual = (filter: UserFilter) =>
  FLAG_FILTER_KEYS.some((key) => filterIsSet(filter, key) && filter[key] !== USUAL[key])

/**
 * The members of the role `$n` or the group `$n`, as a table and its key column, the table of
 * their trigger-kept numbers per status and lock (migration 010) and that of each role's or
 * group's version (migration 027), keyed by the same column.
 */
const MEMBERS: Record<
  MemberFilterKey,
  { table: string; column: string; totals: string; versions: string }
> = {
  roleId: {
    table: 'user_role_grant',
    column: 'role_id',
    totals: 'role_holder_total',
    versions: 'role_list_version',
  },
  groupId: {
    table: 'user_groups',
    column: 'group_id',
    totals: 'group_member_total',
    versions: 'group_list_version',
  },
}

/** The role and the group a filter asks for, each with its members' tables. */
export function memberFilters(filter: UserFilter) {
  return MEMBER_FILTER_KEYS.filter((key) => filterIsSet(filter, key)).map((key) => ({
    ...MEMBERS[key],
    id: Number(filter[key]),
  }))
}

/** A role held and a group joined (see `filterConditions`). */
export function memberConditions(filter: UserFilter, params: unknown[], probe = false): string[] {
  return memberFilters(filter).map(({ table, column, id }) => {
    const member = `${table} m WHERE m.${column} = $${params.push(id)}::int`
    return probe
      ? `coalesce((SELECT true FROM ${member} AND m.user_id = users.id), false)`
      : `id IN (SELECT m.user_id FROM ${member})`
  })
}

/**
 * The ids of the users holding the role and in the group of `filter` whose search text holds
 * `search`, each once, from the members' indexes alone (they hold the search text, migration
 * 012); undefined without a role or group.
 */
export function memberIds(
  filter: UserFilter,
  params: unknown[],
  search?: string,
): string | undefined {
  const sets = memberFilters(filter).map(({ table, column, id }) => {
    // A LIKE, cheaper a row than strpos: the members' indexes have no trigrams to tempt the plan.
    const searched = search ? ` AND ${searchTextHolds(search, params)}` : ''
    return `SELECT user_id FROM ${table} WHERE ${column} = $${params.push(id)}::int${searched}`
  })
  return sets.length > 0 ? sets.map((set) => `(${set})`).join(' INTERSECT ') : undefined
}

/**
 * The WHERE condition selecting every user of a search and filters, exactly as the users list
 * does (`TRUE` when there are none), over `users` unaliased:
 * `SELECT id FROM users WHERE ${userFilterSql(selection, params)}`.
 */
export function userFilterSql(selection: UserSelection, params: unknown[]): string {
  const conditions = [
    ...searchCondition(selection.search, params),
    ...filterConditions(selection, params),
  ]
  return conditions.length > 0 ? conditions.join(' AND ') : 'TRUE'
}
