import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Queryable } from '../db/database'
import { recordsAfter } from './forwarded-record'
import type { Sink } from './sink'

/** A sink's lease outlives a batch by far; a process that died lets another go on after it. */
const LEASE_SECONDS = 30
/** How often an idle sink looks for new records. */
const IDLE_MS = 200
/** The wait after a failed delivery doubles from the first to the last, then stays. */
const FIRST_RETRY_MS = 500
const LAST_RETRY_MS = 5_000

export interface Forwarder {
  /** Begins forwarding, once the server is built. */
  start(): void
  /**
   * Resolves once every sink has delivered every record written before the call, by whichever
   * process holds its lease; rejects after `timeoutMs`.
   */
  idle(timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

interface Options {
  batchSize: number
  onError(sink: Sink, error: unknown): void
}

/**
 * Forwards the audit chain to each sink in its order, from a cursor per sink kept in the
 * database: a batch is read after the cursor, delivered, and only then is the cursor moved, so
 * delivery is at least once across restarts. Of all the API processes on one database, the one
 * holding a sink's lease forwards to it; requests never wait on any of this.
 */
export function createForwarder(db: Queryable, sinks: Sink[], options: Options): Forwarder {
  const owner = randomUUID()
  const stop = new AbortController()
  /** Delivers one batch if this process holds the lease; answers how many records it sent. */
  async function forwardBatch(sink: Sink): Promise<number> {
    await db.query(
      'INSERT INTO audit_sinks (name, delivered_seq) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING',
      [sink.name],
    )
    const [lease] = await db.query<{ delivered_seq: string }>(
      `UPDATE audit_sinks SET lease_owner = $2, lease_until = now() + make_interval(secs => $3)
       WHERE name = $1 AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until < now())
       RETURNING delivered_seq::text AS delivered_seq`,
      [sink.name, owner, LEASE_SECONDS],
    )
    if (!lease) return 0
    const after = Number(lease.delivered_seq)
    const records = await recordsAfter(db, after, options.batchSize)
    if (records.length === 0) return 0
    await sink.deliver(records)
    const last = records[records.length - 1]!.seq
    await db.query(
      `UPDATE audit_sinks SET delivered_seq = $3, delivered_at = now()
       WHERE name = $1 AND lease_owner = $2`,
      [sink.name, owner, last],
    )
    return records.length
  }

  async function run(sink: Sink) {
    let retry = 0
    while (!stop.signal.aborted) {
      try {
        const sent = await forwardBatch(sink)
        retry = 0
        if (sent < options.batchSize) await sleep(IDLE_MS, undefined, { signal: stop.signal })
      } catch (error) {
        if (stop.signal.aborted) break
        options.onError(sink, error)
        await db
          .query('UPDATE audit_sinks SET last_error = $2, last_error_at = now() WHERE name = $1', [
            sink.name,
            error instanceof Error ? error.message : String(error),
          ])
          .catch(() => {})
        retry = Math.min(retry === 0 ? FIRST_RETRY_MS : retry * 2, LAST_RETRY_MS)
        await sleep(retry, undefined, { signal: stop.signal }).catch(() => {})
      }
    }
  }

  let runs: Promise<void>[] = []

  return {
    start() {
      runs = sinks.map((sink) => run(sink).catch(() => {}))
    },
    async idle(timeoutMs = 30_000) {
      const [head] = await db.query<{ seq: string }>(
        'SELECT seq::text AS seq FROM audit_chain_head',
      )
      const seq = Number(head?.seq ?? 0)
      const names = sinks.map((sink) => sink.name)
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const [behind] = await db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM unnest($1::text[]) AS n (name)
           LEFT JOIN audit_sinks s ON s.name = n.name
           WHERE coalesce(s.delivered_seq, -1) < $2`,
          [names, seq],
        )
        if ((behind?.count ?? 0) === 0) return
        if (Date.now() > deadline)
          throw new Error(`The audit sinks did not catch up within ${timeoutMs / 1000} s`)
        await sleep(50)
      }
    },
    async close() {
      stop.abort()
      await Promise.all(runs)
      await Promise.all(sinks.map((sink) => sink.close()))
      await db
        .query(
          'UPDATE audit_sinks SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1',
          [owner],
        )
        .catch(() => {})
    },
  }
}
