import { AsyncLocalStorage } from 'node:async_hooks'
import type { Database, Queryable } from './database'

/** The one transaction a dry run makes every query of its code go to, until it is rolled back. */
interface DryRun {
  tx: Queryable
  /** Savepoints opened so far, for their names. */
  savepoints: number
  /** The transactions of the dry run's code, one after the other on its one connection. */
  queue: Promise<unknown>
  over: boolean
}

const dryRuns = new AsyncLocalStorage<DryRun>()

/** How a dry run ends its transaction: it is rolled back, carrying what the run answered. */
class RolledBack<T> {
  constructor(readonly answer: T) {}
}

const DRY_RUN_OVER = 'A dry run is over: its transaction was rolled back'

export interface DryRunnable extends Database {
  /**
   * Runs `work` as it would run for real, then undoes everything it did: every query and
   * transaction `work` makes through this database, however deep in the code, goes to one
   * transaction (its own transactions become savepoints of it, kept or rolled back as they
   * would be committed or rolled back), which is rolled back at the end. Answers what `work`
   * answered, or throws what it threw. Nothing is committed, so nothing a commit triggers (the
   * audit chain's link, a notification) happens.
   */
  dryRun<T>(work: () => Promise<T>): Promise<T>
}

/**
 * `db`, able to make dry runs (issue 57): a change's effect is measured by the very code that
 * makes the change, run inside a transaction that is then rolled back, never by a second copy of
 * its rules.
 */
export function dryRunnable(db: Database): DryRunnable {
  const current = (): DryRun | undefined => {
    const run = dryRuns.getStore()
    if (run?.over) throw new Error(DRY_RUN_OVER)
    return run
  }

  /** A transaction of the dry run's code: a savepoint, released or rolled back to. */
  const savepoint = <T>(run: DryRun, work: (tx: Queryable) => Promise<T>): Promise<T> => {
    const next = run.queue.then(async () => {
      run.savepoints += 1
      const name = `dry_run_${run.savepoints}`
      await run.tx.query(`SAVEPOINT ${name}`)
      try {
        const answer = await work(run.tx)
        await run.tx.query(`RELEASE SAVEPOINT ${name}`)
        return answer
      } catch (error) {
        await run.tx.query(`ROLLBACK TO SAVEPOINT ${name}`)
        throw error
      }
    })
    run.queue = next.catch(() => undefined)
    return next
  }

  return {
    get kind() {
      return db.kind
    },
    query: (text, params, options) => (current()?.tx ?? db).query(text, params, options),
    exec: (script) => (current()?.tx ?? db).exec(script),
    ...(db.streamRows && {
      streamRows: (text: string, params: readonly unknown[], batchRows: number) => {
        // A stream reads on a connection of its own, which would not see the dry run's changes.
        if (current()) throw new Error('A dry run cannot stream rows')
        return db.streamRows!(text, params, batchRows)
      },
    }),
    ...(db.poolUse && { poolUse: () => db.poolUse!() }),
    transaction: (work) => {
      const run = current()
      return run ? savepoint(run, work) : db.transaction(work)
    },
    close: () => db.close(),
    async dryRun<T>(work: () => Promise<T>): Promise<T> {
      if (current()) throw new Error('A dry run cannot hold another')
      try {
        await db.transaction(async (tx) => {
          const run: DryRun = { tx, savepoints: 0, queue: Promise.resolve(), over: false }
          try {
            throw new RolledBack(await dryRuns.run(run, work))
          } finally {
            run.over = true
          }
        })
      } catch (error) {
        if (error instanceof RolledBack) return error.answer as T
        throw error
      }
      throw new Error('A dry run was committed')
    },
  }
}
