import type { UserListParams } from '@shared/contract'
import { LIST_FILTER_KEYS, type ListFilterKey } from '@shared/user-list-fields'
import type { Queryable } from '../database'
import type { SortKey } from './cursor'
import { flagVersions, memberVersions } from './filters'
import { restAfter } from './pacing'
import { SORTS } from './sorts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One anchor every this many rows of the ascending order of a list without a role or group. */
export const ANCHOR_STEP = 1_000

/**
 * The share of the time background builds may take. While writes move an order every fraction of
 * a second (a bulk action of 10,000 users), each build of its anchors is stale almost as soon as
 * it ends and a deep page asks for the next: unchecked, they took most of a core of the two
 * (PostgreSQL's statement statistics: 46 s of a 70 s bulk bench), away from the writes and the
 * list. After each build the next waits three times as long as it took.
 */
const BUILD_SHARE = 0.25

/** Lists of a role or group kept in full at most (see `memberOrder`); the least used go first. */
const MEMBER_ORDERS = 64

export interface Anchor {
  key: SortKey
  id: number
}

type AnchoredList = Pick<UserListParams, 'sort' | ListFilterKey>

/**
 * The counters a list's anchors hold by: its order's; for a list over a status or lock also
 * that flag's own (migration 029: a user who changes it joins or leaves the list); for a role's
 * or group's list also that role's or group's own version (`memberVersions`).
 */
export const anchorCounters = (query: AnchoredList): string[] => [
  ...new Set([...SORTS[query.sort].orderVersions, ...flagVersions(query)]),
  ...memberVersions(query),
]

/** The version of a list's anchors, as SQL: its counters (`anchorCounters`) read together. */
export const anchorVersion = (query: AnchoredList) =>
  `(SELECT ${anchorCounters(query)
    .map((counter) => `${counter}::text`)
    .join(` || '.' || `)} FROM user_total)`

/** The lists that share anchors: one order, over the users of one status, lock, role and group. */
export const anchorShape = (query: AnchoredList) =>
  JSON.stringify([query.sort, ...LIST_FILTER_KEYS.map((key) => String(query[key] ?? ''))])

/**
 * A list's anchors: the ids (and, for an order, the keys) of every `step`th row of its ascending
 * order, `ids[i]` at position `(i + 1) * step - 1`. A role's or group's list is kept in full,
 * ids only (`step` 1).
 */
interface Anchors {
  version: string
  step: number
  ids: Int32Array
  keys?: SortKey[]
}

/**
 * A statement for a list's anchors, answering its `version` (`anchorVersion`) and:
 * - for an order's, a row with the `id` and `sort_key` of every `step`th row, in ascending order;
 * - for a role's or group's list, one row with `ids`: every id in order, as a `bytea` of 4-byte
 *   big-endian integers (`memberIdsAsBytes`). As a row each, 180,000 members kept this process
 *   reading them for 50-70 ms at a stretch, while every other request waited.
 */
export type AnchorBuild =
  | { kind: 'order'; sql: string; params: unknown[]; step: number }
  | { kind: 'members'; sql: string; params: unknown[] }

/** The ids of the rows of a statement ordered by `order`, as `ids` of a members' `AnchorBuild`. */
export const memberIdsAsBytes = (order: string) =>
  `string_agg(int4send(id), ''::bytea ORDER BY ${order}) AS ids`

/** Reads a build's statement into anchors; undefined when the list is empty. */
async function readAnchors(db: Queryable, build: AnchorBuild): Promise<Anchors | undefined> {
  if (build.kind === 'members') {
    const [row] = await db.query<{ version: string; ids: Uint8Array | null }>(
      build.sql,
      build.params,
    )
    if (!row?.ids) return undefined
    const bytes = new DataView(row.ids.buffer, row.ids.byteOffset, row.ids.byteLength)
    const ids = new Int32Array(bytes.byteLength / 4)
    for (let i = 0; i < ids.length; i += 1) ids[i] = bytes.getInt32(i * 4)
    return { version: row.version, step: 1, ids }
  }
  const rows = await db.query<{ version: string; id: number; sort_key: SortKey }>(
    build.sql,
    build.params,
  )
  if (rows.length === 0) return undefined
  return {
    version: rows[0]!.version,
    step: build.step,
    ids: Int32Array.from(rows, (row) => row.id),
    keys: rows.map((row) => row.sort_key),
  }
}

interface AnchorState {
  built: Map<string, Anchors>
  /** Builds asked for, run one at a time per database: each reads a whole index. */
  waiting: Map<string, AnchorBuild>
  running?: Promise<void>
  /** The shape whose build is under way. */
  building?: string
}

const states = new WeakMap<object, AnchorState>()

function stateOf(db: Queryable): AnchorState {
  let state = states.get(db)
  if (!state) states.set(db, (state = { built: new Map(), waiting: new Map() }))
  return state
}

/** Where a read from `offset` of the ascending order of `shape` can start, if anchors exist. */
export function anchorBefore(
  db: Queryable,
  shape: string,
  offset: number,
): { anchor: Anchor; skip: number; version: string } | undefined {
  const anchors = stateOf(db).built.get(shape)
  if (!anchors?.keys) return undefined
  const index = Math.min(Math.floor(offset / anchors.step), anchors.ids.length) - 1
  if (index < 0) return undefined
  return {
    anchor: { key: anchors.keys[index]!, id: anchors.ids[index]! },
    skip: offset - (index + 1) * anchors.step,
    version: anchors.version,
  }
}

/** An order's anchors without their keys: their ids, spacing and version. */
export type AnchorIds = Pick<Anchors, 'version' | 'step' | 'ids'>

/** The ids of every anchor of the order `shape` and their spacing, if they have been built. */
export function orderAnchorIds(db: Queryable, shape: string): AnchorIds | undefined {
  const anchors = stateOf(db).built.get(shape)
  return anchors?.keys ? anchors : undefined
}

/**
 * The ids of a role's or group's list `shape` in ascending order, as built at `version`, if they
 * have been: a page is read by its ids, with no walk of the sort's index probing each row.
 */
export function memberOrder(
  db: Queryable,
  shape: string,
): { version: string; ids: Int32Array } | undefined {
  const { built } = stateOf(db)
  const anchors = built.get(shape)
  if (anchors?.step !== 1) return undefined
  // The lists used last are kept longest (see `forgetOldestMemberOrders`).
  built.delete(shape)
  built.set(shape, anchors)
  return anchors
}

/**
 * Builds the anchors of `shape` in the background (see `AnchorBuild`); stale ones are dropped
 * first. A failed build leaves none: the list reads without them meanwhile.
 */
export function buildAnchors(db: Queryable, shape: string, build: AnchorBuild): void {
  const state = stateOf(db)
  state.built.delete(shape)
  // Requests that find none while they are being built wait for that build.
  if (state.building === shape) return
  // The list asked for last is built first (see `runBuilds`).
  state.waiting.delete(shape)
  state.waiting.set(shape, build)
  if (!state.running) state.running = runBuilds(db, state)
}

/**
 * Runs the builds waiting, the one asked for last first: a list someone is paging through asks
 * again at each page and is built next, not after every list asked for once before it (while a
 * bulk action ran, the build of a group's list paged meanwhile waited behind some twenty others,
 * each paced, and its pages were collected at 200-500 ms each).
 */
async function runBuilds(db: Queryable, state: AnchorState): Promise<void> {
  for (let next = newest(state.waiting); next; next = newest(state.waiting)) {
    const [shape, build] = next
    state.waiting.delete(shape)
    state.building = shape
    const begun = performance.now()
    try {
      const anchors = await readAnchors(db, build)
      if (anchors) {
        state.built.set(shape, anchors)
        forgetOldestMemberOrders(state)
      }
    } catch {
      // The database closed or failed: the list keeps reading by offset.
    }
    state.building = undefined
    if (state.waiting.size > 0) await pause(restAfter(begun, BUILD_SHARE))
  }
  state.running = undefined
}

/** The entry of `map` set last. */
function newest<K, V>(map: Map<K, V>): [K, V] | undefined {
  let last: [K, V] | undefined
  for (const entry of map) last = entry
  return last
}

/** Keeps the `MEMBER_ORDERS` lists of a role or group used last (the orders' anchors are few). */
function forgetOldestMemberOrders(state: AnchorState): void {
  const members = [...state.built].filter(([, anchors]) => anchors.step === 1)
  for (const [shape] of members.slice(0, Math.max(0, members.length - MEMBER_ORDERS))) {
    state.built.delete(shape)
  }
}

/**
 * Builds the anchors of `shape` at once, unpaced: for a server that has not said it is ready,
 * whose requests are not yet there to be kept waiting. A failure leaves none, as in `runBuilds`.
 */
export async function buildAnchorsNow(
  db: Queryable,
  shape: string,
  build: AnchorBuild,
): Promise<void> {
  const anchors = await readAnchors(db, build)
  if (anchors) stateOf(db).built.set(shape, anchors)
}

/** Resolves when no build is under way or waiting (for tests and benchmarks). */
export async function anchorBuilds(db: Queryable): Promise<void> {
  await stateOf(db).running
}
