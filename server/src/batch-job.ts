/** A job each API process runs on a timer and on demand, batch by batch. */
export interface BatchJob {
  /** Runs every batch now; answers how many rows they handled. */
  run(): Promise<number>
  /** Stops the timer and waits for the run under way. */
  close(): Promise<void>
}

/**
 * Starts a job that runs `batches` every `everyMs`: each batch again while it handles a full
 * `batchSize` (more is waiting) and the job is open. One run at a time in this process; a run
 * asked for during another follows it, so that it sees the database as it is when asked.
 */
export function startBatchJob(job: {
  everyMs: number
  batchSize: number
  /** Each does one batch in a transaction of its own and answers how many rows it handled. */
  batches: readonly (() => Promise<number>)[]
  failed: (error: unknown) => void
}): BatchJob {
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false

  async function runAll(): Promise<number> {
    let total = 0
    for (const batch of job.batches) {
      let handled: number
      do {
        handled = await batch()
        total += handled
      } while (handled === job.batchSize && !closed)
    }
    return total
  }

  function run(): Promise<number> {
    const next = queue.then(runAll)
    queue = next.catch(() => {})
    return next
  }

  const timer = setInterval(() => {
    if (!closed) run().catch(job.failed)
  }, job.everyMs)
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
