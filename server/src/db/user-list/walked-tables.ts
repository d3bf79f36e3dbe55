import type { UserListParams } from '@shared/contract'
import { selectsUnusual } from './filters'
import { SORTS } from './sorts'

/** What decides where a list's order is walked: its sort, status and lock. */
export type WalkedList = Pick<UserListParams, 'sort' | 'status' | 'locked'>

/**
 * Whether a list's order is walked in user_state (migration 028): an order by a column that
 * users no longer indexes (`STATE_COLUMNS`), or the few inactive or locked users in any order,
 * which user_state's partial indexes hold as users' did.
 */
export const walksState = (list: WalkedList) => SORTS[list.sort].ofState || selectsUnusual(list)

/**
 * The table a list's order is walked in, named users so that the conditions and probes written
 * over users apply: its rows hold the id, the sort keys, the status, lock and search text.
 */
export const walkedTable = (list: WalkedList) => (walksState(list) ? 'user_state users' : 'users')

/** The users' whole rows read in a list's order (an export), with its walk's indexes at hand. */
export const orderedRows = (list: WalkedList) =>
  walksState(list) ? 'users_by_state users' : 'users'
