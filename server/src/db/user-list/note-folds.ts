import type { Queryable } from '../database'
import { restAfter } from './pacing'

/** How often the notes of migrations 022 and 030 are looked at. */
const LOOK_EVERY_MILLISECONDS = 1_000
/**
 * Notes of each kind a fold takes in at once: on a million users, about 0.3 s of PostgreSQL's
 * time for the cells', 0.15 s for the totals'.
 */
const FOLD_BATCH = 1_000
/**
 * Notes left for a count to read at most (about 10 ms on 2 cores) before they are folded anyway;
 * told from the first and last ids, which the gaps folds leave only make more.
 */
const FOLD_AT_NOTES = 50_000
/** How long a note may wait while writers keep noting more. */
const FOLD_AFTER_MILLISECONDS = 30_000
/**
 * The share of the time folds may take: after each batch the next waits three times as long as
 * it took. Back to back, the 40,000 notes of four bulk status actions took 70 % of a core through
 * the access actions that followed, away from their chunks and the lists read meanwhile.
 */
const FOLD_SHARE = 0.25

/**
 * Folds up to `batch` of the oldest notes of each kind into the fragments' totals and cells, in
 * one statement; the more it took of either.
 */
export async function foldNotes(db: Queryable, batch: number): Promise<number> {
  const [row] = await db.query<{ folded: number }>(
    'SELECT user_search_fragment_fold($1) AS folded',
    [batch],
  )
  return row?.folded ?? 0
}

interface Notes {
  first: number
  last: number
}

export interface NoteFolder {
  /** Stops looking, and resolves once the fold under way, if any, has ended. */
  close(): Promise<void>
}

/**
 * Folds the moves writers noted for the fragments' totals and cells into them, in the
 * background, so that a status change pays for a note per user and not for its fragments' cells
 * (migration 022), a new or renamed user for a note and not for its fragments' totals (migration
 * 030). Totals read the notes not yet folded, so folding later changes no answer, only how many
 * notes a count reads. It folds while the writes pause (a second without a new note) and stops
 * when they go on: folding during a bulk action would take the core its chunks and the lists read
 * meanwhile need (a second of a 3 s action of 10,000 users); unless the notes grow many or old.
 */
export function startNoteFolder(db: Queryable, failed: (error: unknown) => void): NoteFolder {
  let looking: Promise<void> | undefined
  let closed = false
  let seen: (Notes & { since: number }) | undefined
  /** Ends the pause between batches under way, if any: closing does not wait it out. */
  let wake: (() => void) | undefined

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  async function lastNote(): Promise<Notes | undefined> {
    // Both kinds of note take their ids from one sequence (migration 030).
    const [notes] = await db.query<Notes>(
      `SELECT min(first)::float8 AS first, max(last)::float8 AS last FROM (
         SELECT min(id) AS first, max(id) AS last FROM user_search_fragment_cell_pending
         UNION ALL
         SELECT min(id), max(id) FROM user_search_fragment_pending) notes`,
    )
    return notes?.first == null ? undefined : notes
  }

  /**
   * Folds batch after batch, paced (`FOLD_SHARE`); with `whileNoMoreAfter`, only while no note
   * comes after that one.
   */
  async function fold(whileNoMoreAfter?: number): Promise<void> {
    for (;;) {
      const begun = performance.now()
      const folded = await foldNotes(db, FOLD_BATCH)
      if (closed || folded < FOLD_BATCH) return
      await pause(restAfter(begun, FOLD_SHARE))
      if (closed) return
      if (whileNoMoreAfter !== undefined && (await lastNote())?.last !== whileNoMoreAfter) return
    }
  }

  async function look(): Promise<void> {
    const notes = await lastNote()
    if (!notes) {
      seen = undefined
      return
    }
    const now = Date.now()
    const since = seen?.first === notes.first ? seen.since : now
    const pause = seen?.last === notes.last
    const many = notes.last - notes.first + 1 >= FOLD_AT_NOTES
    const old = now - since >= FOLD_AFTER_MILLISECONDS
    seen = { ...notes, since }
    if (many || old) await fold()
    else if (pause) await fold(notes.last)
  }

  const timer = setInterval(() => {
    looking ??= look()
      .catch(failed)
      .finally(() => {
        looking = undefined
      })
  }, LOOK_EVERY_MILLISECONDS)
  timer.unref()

  return {
    async close() {
      closed = true
      wake?.()
      clearInterval(timer)
      await looking
    },
  }
}
