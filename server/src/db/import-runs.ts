import type { ImportRunFinish, ImportRunTotals } from '@shared/contract'
import { writeAudit, type Actor } from './audit'
import type { Queryable } from './database'

/** An open run of import requests (issue 56): whose it is, and its totals so far. */
export interface ImportRun {
  importId: string
  actor: Actor
  totals: ImportRunTotals
}

/** Runs summed up by one statement of the job, at most: a transaction stays short. */
export const IMPORT_RUNS_PER_STATEMENT = 100

const RUN_COLUMNS = `r.import_id AS "importId", r.actor_id AS "actorId",
  r.actor_username AS "actorUsername", r.file, r.row_count AS rows, r.first_row AS "firstRow",
  r.last_row AS "lastRow", r.created, r.updated, r.unchanged, r.failed`

interface RunRow extends ImportRunTotals {
  importId: string
  actorId: number
  actorUsername: string
}

const runOf = ({ importId, actorId, actorUsername, ...totals }: RunRow): ImportRun => ({
  importId,
  actor: { id: actorId, username: actorUsername },
  totals,
})

/**
 * Adds one applied request's counts to its run, opening the run with its first one. Requests in
 * flight at once add in either order: the row lock of the upsert takes them one at a time.
 */
export async function addToImportRun(
  tx: Queryable,
  run: { importId: string; actor: Actor; at: Date },
  request: ImportRunTotals,
): Promise<void> {
  await tx.query(
    `INSERT INTO import_runs (import_id, actor_id, actor_username, file, row_count, first_row,
       last_row, created, updated, unchanged, failed, last_request_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (import_id, actor_id) DO UPDATE SET
       file = coalesce(import_runs.file, EXCLUDED.file),
       row_count = import_runs.row_count + EXCLUDED.row_count,
       first_row = least(import_runs.first_row, EXCLUDED.first_row),
       last_row = greatest(import_runs.last_row, EXCLUDED.last_row),
       created = import_runs.created + EXCLUDED.created,
       updated = import_runs.updated + EXCLUDED.updated,
       unchanged = import_runs.unchanged + EXCLUDED.unchanged,
       failed = import_runs.failed + EXCLUDED.failed,
       last_request_at = greatest(import_runs.last_request_at, EXCLUDED.last_request_at)`,
    [
      run.importId,
      run.actor.id,
      run.actor.username,
      request.file,
      request.rows,
      request.firstRow,
      request.lastRow,
      request.created,
      request.updated,
      request.unchanged,
      request.failed,
      run.at,
    ],
  )
}

/** Closes the caller's run: deletes its row and answers it; undefined when none is open. */
export async function closeImportRun(
  tx: Queryable,
  importId: string,
  actorId: number,
): Promise<ImportRun | undefined> {
  const [row] = await tx.query<RunRow>(
    `DELETE FROM import_runs r WHERE r.import_id = $1 AND r.actor_id = $2 RETURNING ${RUN_COLUMNS}`,
    [importId, actorId],
  )
  return row && runOf(row)
}

/**
 * Closes the runs with no request since `before`, and answers them. Rows another transaction is
 * closing are skipped, not waited for, and a row is answered by the statement that deleted it:
 * however many API processes sum runs up at once, each is closed, and so audited, once.
 */
export async function closeQuietImportRuns(tx: Queryable, before: Date): Promise<ImportRun[]> {
  const rows = await tx.query<RunRow>(
    `DELETE FROM import_runs r WHERE (r.import_id, r.actor_id) IN (
       SELECT q.import_id, q.actor_id FROM import_runs q WHERE q.last_request_at < $1
       ORDER BY q.last_request_at LIMIT ${IMPORT_RUNS_PER_STATEMENT} FOR UPDATE SKIP LOCKED)
     RETURNING ${RUN_COLUMNS}`,
    [before],
  )
  return rows.map(runOf)
}

/** How a run ended: as the console finished it, or 'unfinished' when the server summed it up. */
export type ImportRunEnding = ImportRunFinish['ending'] | 'unfinished'

/**
 * The one `user.import` entry of a run (or of a request sent without a run): the totals, and how
 * it ended unless it completed.
 */
export function auditImport(
  tx: Queryable,
  actor: Actor,
  totals: ImportRunTotals,
  ending: ImportRunEnding,
): Promise<void> {
  return writeAudit(tx, {
    actor,
    action: 'user.import',
    targetType: 'user',
    targetId: null,
    changes: { ...totals, ...(ending !== 'completed' && { ended: ending }) },
  })
}
