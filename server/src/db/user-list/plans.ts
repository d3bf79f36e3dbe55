import type { UserListParams } from '@shared/contract'
import type { Counted } from './counts'
import { filtersPlainly, memberFilters, selectsUnusual, statusConditions } from './filters'
import { SORTS } from './sorts'

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
export type Plan = { kind: 'walk' } | { kind: 'capped'; rows: number } | { kind: 'collect' }

/**
 * The share of what collecting costs a walk may spend before it gives up and collects: matches
 * clustered far along the sort (a correlation the count cannot see) then cost at most a quarter
 * more than collecting. Users a bulk action has just changed are such a cluster: the first
 * 10,000 of the order by update time, none of them in the group listed, and a group of 60,000
 * was collected in 120-140 ms where a walk past them reads its page in 18 ms.
 */
const DETOUR_SHARE = 0.25

/**
 * Collecting costs the users it reads (`collected`), as many as the matches or more. Walking
 * stops after several times the rows expected, and not before it has cost a share of what
 * collecting the matches alone would (`DETOUR_SHARE`); then they are collected. Not a share of
 * all it reads: a walk of the inactive or locked users' partial index bounded that much higher
 * lets PostgreSQL sort all of them instead (a search's inactive users by email, 9,901 of 58,831
 * walked: 35-40 ms, where 4,200 found the page in 4).
 */
function planOf(
  matches: number,
  collected: number,
  walkable: number,
  rowsNeeded: number,
  covered: boolean,
): Plan {
  if (matches === 0) return { kind: 'collect' }
  const walked = (rowsNeeded * walkable) / matches
  const perMatch = covered ? COVERED_ROWS_PER_MATCH : 1
  const limit = covered ? COVERED_ROWS_PER_MATCH * WALK_LIMIT : WALK_LIMIT
  if (walked > limit || walked > perMatch * Math.max(matches, collected)) {
    return { kind: 'collect' }
  }
  const rows = Math.max(2_000, 4 * walked, DETOUR_SHARE * perMatch * matches)
  return { kind: 'capped', rows: Math.ceil(Math.min(rows, walkable)) }
}

/**
 * Whether a walk reads a covering sort index alone (see `COVERED_ROWS_PER_MATCH`): the indexes
 * of users hold no status or lock (migration 028), those of the orders by them in user_state do.
 */
const walkIsCovered = (query: UserListParams) =>
  memberFilters(query).length === 0 &&
  !filtersPlainly(query) &&
  !selectsUnusual(query) &&
  (statusConditions(query).length === 0 || SORTS[query.sort].ofState)

/**
 * How to read a page ending `rowsNeeded` rows into the list. A search or a role or group can
 * match many users or few: the plan depends on how many, so their count (`counted`) comes
 * first, unless few are expected (then their page is collected and counted at once, see
 * `Counted`). Other lists always walk the sort's index (or its inactive/locked part).
 */
export function planFor(
  query: UserListParams,
  counted: Counted | undefined,
  rowsNeeded: number,
): Plan {
  if (!counted) return { kind: 'walk' }
  if (counted.matches === undefined) return { kind: 'collect' }
  const { matches, collected = matches, walkable } = counted
  return planOf(matches, collected, walkable, rowsNeeded, walkIsCovered(query))
}
