import { IMPORT_RUN_QUIET_MINUTES } from '@shared/contract'
import { startBatchJob, type BatchJob } from './batch-job'
import type { Clock } from './clock'
import type { Database } from './db/database'
import { IMPORT_RUNS_PER_STATEMENT, auditImport, closeQuietImportRuns } from './db/import-runs'

/** How often each API process looks for runs of import requests a console never finished. */
export const IMPORT_RUN_POLL_MILLISECONDS = 60_000

/** Sums up every run quiet for IMPORT_RUN_QUIET_MINUTES by the server's clock; `run` answers how many. */
export type ImportRunCloser = BatchJob

/**
 * The job that audits the import runs no console finished (it quit or lost the server midway):
 * each run's row is deleted and its `user.import` entry written (`ended: 'unfinished'`) in one
 * transaction, so a run is never recorded twice nor lost, whichever API process gets there first.
 */
export function startImportRunCloser(
  db: Database,
  clock: Clock,
  failed: (error: unknown) => void,
): ImportRunCloser {
  const closeBatch = () =>
    db.transaction(async (tx) => {
      const quietSince = new Date(clock.now() - IMPORT_RUN_QUIET_MINUTES * 60_000)
      const runs = await closeQuietImportRuns(tx, quietSince)
      for (const run of runs) await auditImport(tx, run.actor, run.totals, 'unfinished')
      return runs.length
    })
  return startBatchJob({
    everyMs: IMPORT_RUN_POLL_MILLISECONDS,
    batchSize: IMPORT_RUNS_PER_STATEMENT,
    batches: [closeBatch],
    failed,
  })
}
