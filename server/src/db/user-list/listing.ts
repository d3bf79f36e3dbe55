import type { SortDirection, UserListParams } from '@shared/contract'
import type { Queryable } from '../database'
import type { UserTextRow } from '../users'
import type { Counted } from './counts'
import type { SortKey } from './cursor'
import type { Plan } from './plans'
import type { Boundary, SortSpec } from './sorts'

/** One request's list, as every read of its pages needs it. */
export interface Listing {
  db: Queryable
  query: UserListParams
  sort: SortSpec
  /** The list its cursors belong to (see `listFingerprint`). */
  fingerprint: string
  /** Whether a search or a role or group selects the users (see `isSelective`). */
  selective: boolean
  /** What the count of a selective list found before its page was read (see `countUsers`). */
  counted?: Counted
  /** The lists that share its anchors or kept list (see `anchorShape`). */
  shape: string
  /** Whether its pages are read by the ids of its kept list (see `keepsList`). */
  keptList: boolean
}

/** A stretch of the list's order to read. */
export interface Read {
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

/** A row of a page; `total` when the list's total is read with the page. */
export type ListedRow = UserTextRow & {
  sort_key: SortKey
  total?: number
  /** The version a total counted with the page was counted at (see `Counted`). */
  total_version?: string
  order_version?: string
}
