import { IMPORT_RUN_QUIET_MINUTES } from '@shared/contract'
import type { Clock } from './clock'
import type { Database } from './db/database'
import { IMPORT_RUNS_PER_STATEMENT, auditImport, closeQuietImportRuns } from './db/import-runs'

/** How often each API process looks for runs of import requests a console never finished. */
export const IMPORT_RUN_POLL_MILLISECONDS = 60_000

export interface ImportRunCloser {
  /** Sums up every run quiet for IMPORT_RUN_QUIET_MINUTES by the server's clock; answers how many. */
  run(): Promise<number>
  close(): Promise<void>
}

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
  // One run at a time in this process; one asked for during another follows it.
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false

  const closeBatch = () =>
    db.transaction(async (tx) => {
      const quietSince = new Date(clock.now() - IMPORT_RUN_QUIET_MINUTES * 60_000)
      const runs = await closeQuietImportRuns(tx, quietSince)
      for (const run of runs) await auditImport(tx, run.actor, run.totals, 'unfinished')
      return runs.length
    })

  async function closeAll(): Promise<number> {
    let total = 0
    let closedNow: number
    do {
      closedNow = await closeBatch()
      total += closedNow
    } while (closedNow === IMPORT_RUNS_PER_STATEMENT && !closed)
    return total
  }

  function run(): Promise<number> {
    const next = queue.then(closeAll)
    queue = next.catch(() => {})
    return next
  }

  const timer = setInterval(() => {
    if (!closed) run().catch(failed)
  }, IMPORT_RUN_POLL_MILLISECONDS)
  timer.unref()

  return {
    run,
    async close() {
      closed = true
      clearInterval(timer)
      await queue
    },
  }
}
