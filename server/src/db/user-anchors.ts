import type { UserListParams, UserSortField } from '../../../src/shared/contract'
import type { Queryable } from './database'
import type { SortKey } from './user-cursor'

/** One anchor every this many rows of a list's ascending order. */
export const ANCHOR_STEP = 1_000

/**
 * The counter of an order's anchors, as SQL: they hold while it has not moved. The order by last
 * login has its own (migration 014), which sign-ins move; the others share migration 008's.
 */
export const orderVersion = (sort: UserSortField) =>
  sort === 'lastLogin'
    ? '(SELECT login_order_version::text FROM user_total)'
    : '(SELECT order_version::text FROM user_total)'

export interface Anchor {
  key: SortKey
  id: number
}

/** The lists that share anchors: one order, over the users of one status and lock. */
export const anchorShape = (query: Pick<UserListParams, 'sort' | 'status' | 'locked'>) =>
  JSON.stringify([query.sort, query.status ?? '', query.locked ?? ''])

interface Anchors {
  version: string
  /** `rows[i]` is the row at position `(i + 1) * ANCHOR_STEP - 1` of the ascending order. */
  rows: Anchor[]
}

interface AnchorBuild {
  sql: string
  params: unknown[]
}

interface AnchorState {
  built: Map<string, Anchors>
  /** Builds asked for, run one at a time per database: each reads a whole index. */
  waiting: Map<string, AnchorBuild>
  running?: Promise<void>
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
  const index = Math.min(Math.floor(offset / ANCHOR_STEP), anchors?.rows.length ?? 0) - 1
  if (!anchors || index < 0) return undefined
  return {
    anchor: anchors.rows[index]!,
    skip: offset - (index + 1) * ANCHOR_STEP,
    version: anchors.version,
  }
}

/**
 * Builds the anchors of `shape` in the background from `sql`, a statement answering `version`
 * (`orderVersion`), `id` and `sort_key` of every anchor row in ascending order; stale ones are
 * dropped first. A failed build leaves none: the list reads by offset meanwhile.
 */
export function buildAnchors(db: Queryable, shape: string, sql: string, params: unknown[]): void {
  const state = stateOf(db)
  state.built.delete(shape)
  state.waiting.set(shape, { sql, params })
  if (!state.running) state.running = runBuilds(db, state)
}

async function runBuilds(db: Queryable, state: AnchorState): Promise<void> {
  for (const [shape, build] of state.waiting) {
    state.waiting.delete(shape)
    try {
      const rows = await db.query<{ version: string; id: number; sort_key: SortKey }>(
        build.sql,
        build.params,
      )
      if (rows.length > 0) {
        state.built.set(shape, {
          version: rows[0]!.version,
          rows: rows.map((row) => ({ key: row.sort_key, id: row.id })),
        })
      }
    } catch {
      // The database closed or failed: the list keeps reading by offset.
    }
  }
  state.running = undefined
}

/** Resolves when no build is under way or waiting (for tests). */
export async function anchorBuilds(db: Queryable): Promise<void> {
  await stateOf(db).running
}
