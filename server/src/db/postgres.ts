import { availableParallelism } from 'node:os'
import pg from 'pg'
import { isConflict } from './conflicts'
import { isConnectionLoss, isPoolWaitTimeout } from './connection-loss'
import type { Database, Queryable, QueryOptions } from './database'
import { ExportsBusyError } from './exports-busy'

/**
 * Statement texts prepared at most: each connection keeps the plans of those it has run, about
 * 130 KB each for a page statement, so up to about 26 MB. The 360 requests of
 * `npm run bench:users` use 176.
 */
const MAX_PREPARED = 200

/**
 * Connections for the prepared statements, all short (who is calling, a page): about two per
 * core, taking the database's machine to be like this one. More only contend for the same cores
 * and each plan every statement again: on 2 cores, 4 served about a tenth more requests a second
 * than 10 (`npm run bench:users`). Searches and transactions, which can hold a connection for
 * long, have a pool of their own, and exports another.
 */
const PREPARED_CONNECTIONS = Math.min(10, 2 * availableParallelism())

/**
 * Connections sit idle up to 10 minutes before they are closed (pg's default is 10 s): an
 * administrator clicks seconds to minutes apart, and a page 12 s after the last took 22.5 ms on a
 * new connection (its backend loads the catalogs and plans every statement again) against 7.3 ms
 * on a kept one. TCP keepalive notices one that a firewall dropped meanwhile; idle connections
 * never keep the process from exiting.
 */
const IDLE_CONNECTIONS = {
  idleTimeoutMillis: 10 * 60_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 60_000,
  allowExitOnIdle: true,
}

/** Runs of a transaction that deadlocks or fails to serialize, before its error is answered. */
const TRANSACTION_ATTEMPTS = 3

/** Bounds on what the pools hold and how long anyone waits on them. */
export interface PostgresLimits {
  /**
   * Connections for exports, each held for as long as its client takes to read: a pool of their
   * own, so that slow downloads never take the connections sign-in, /health and the list need.
   */
  exportConnections: number
  /**
   * How long a request waits for a connection of a full pool, or for a new one to open, before
   * it is answered 503: a database that is away or saturated is said so, not waited on forever.
   */
  connectionWaitMillis: number
  /**
   * How long an export may sit between two reads of its cursor before PostgreSQL ends its
   * connection: a download that stalls holds neither a connection nor a snapshot (which keeps
   * vacuum from reclaiming rows) indefinitely. The cursor is read a batch ahead of what the
   * client has taken in, so only a client slower than a batch (about 370 KB) in this time is cut.
   */
  exportIdleMillis: number
}

export const POSTGRES_LIMITS: PostgresLimits = {
  exportConnections: 3,
  connectionWaitMillis: 5_000,
  exportIdleMillis: 60_000,
}

/**
 * A connection taken from a pool for several statements (a transaction, an export). While it
 * is out the pool does not listen for its failures: one PostgreSQL ends meanwhile (a restart, a
 * failover, pg_terminate_backend) would raise an 'error' event nobody handles, which ends the
 * process. Its next statement fails instead; a connection found lost, or left in doubt (its
 * rollback failed), is handed back with the error, so that the pool closes it rather than
 * lending it again.
 */
async function checkOut(pool: pg.Pool) {
  const client = await pool.connect()
  let lost: Error | undefined
  const onError = (error: Error) => (lost ??= error)
  client.on('error', onError)
  return {
    client,
    /** Whether the connection is gone, seen by the pool or by a statement's failure. */
    isLost: (failure?: unknown) => lost !== undefined || isConnectionLoss(failure),
    /** Hands the connection back; with `discard` (why it is no use any more), to be closed. */
    release(discard?: unknown) {
      client.removeListener('error', onError)
      if (lost || discard !== undefined) {
        client.release(lost ?? (discard instanceof Error ? discard : new Error(String(discard))))
      } else client.release()
    },
  }
}

/** PostgreSQL through `pg` pools: the production store, shared by any number of API instances. */
export function openPostgres(
  connectionString: string,
  limits: PostgresLimits = POSTGRES_LIMITS,
): Database {
  const common = { connectionString, connectionTimeoutMillis: limits.connectionWaitMillis }
  // No JIT: the list's statements are short, and their row estimates (a role's members, a
  // search's matches) can be far above what they read, which would compile them for 15-40 ms.
  const pool = new pg.Pool({
    ...common,
    max: 10,
    ...IDLE_CONNECTIONS,
    options: '-c jit=off',
  })
  // Prepared statements run on connections of their own that plan each once, for any values:
  // PostgreSQL would otherwise plan each anew on its first five runs per connection, and go on
  // doing so wherever its estimates favour that. Inside a transaction they run on its connection.
  const preparedPool = new pg.Pool({
    ...common,
    max: PREPARED_CONNECTIONS,
    ...IDLE_CONNECTIONS,
    options: '-c jit=off -c plan_cache_mode=force_generic_plan',
  })
  const exportPool = new pg.Pool({
    ...common,
    max: limits.exportConnections,
    ...IDLE_CONNECTIONS,
    options: `-c jit=off -c idle_in_transaction_session_timeout=${Math.trunc(limits.exportIdleMillis)}`,
  })
  const pools = [pool, preparedPool, exportPool]
  // An idle client that loses its connection is dropped by its pool; the event is only news.
  for (const each of pools) each.on('error', () => {})

  // Each connection prepares a named statement the first time it runs it, and keeps it: past
  // MAX_PREPARED texts, statements run unprepared, so that a connection's plans stay bounded.
  const statementNames = new Map<string, string>()
  const nameOf = (text: string) => {
    let name = statementNames.get(text)
    if (!name && statementNames.size < MAX_PREPARED) {
      statementNames.set(text, (name = `prepared_${statementNames.size + 1}`))
    }
    return name
  }

  const over = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(
      text: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ) {
      const values = params as unknown[] | undefined
      const name = options?.prepare ? nameOf(text) : undefined
      const result = !name
        ? await client.query<T>({ text, values })
        : await (client === pool ? preparedPool : client).query<T>({ name, text, values })
      return result.rows
    },
    async exec(script: string) {
      await client.query(script)
    },
  })

  return {
    kind: 'postgres',
    ...over(pool),
    poolUse: () => ({
      open: pools.reduce((sum, each) => sum + each.totalCount, 0),
      idle: pools.reduce((sum, each) => sum + each.idleCount, 0),
      waiting: pools.reduce((sum, each) => sum + each.waitingCount, 0),
    }),
    async *streamRows<T extends object>(
      text: string,
      params: readonly unknown[],
      batchRows: number,
    ): AsyncGenerator<T[]> {
      const connection = await checkOut(exportPool).catch((error: unknown) => {
        // Waited out on a full pool: the other exports hold every connection kept for them.
        throw isPoolWaitTimeout(error) ? new ExportsBusyError() : error
      })
      const { client } = connection
      const fetch = () => {
        const batch = client.query<T>(`FETCH ${Math.trunc(batchRows)} FROM stream`)
        // Read ahead, it may fail (its connection lost) while the caller still sends the batch
        // before: its failure is met when it is awaited, not as an unhandled rejection.
        batch.catch(() => undefined)
        return batch
      }
      let pending: Promise<pg.QueryResult<T>> | undefined
      let failure: unknown
      let discard: unknown
      try {
        await client.query('BEGIN READ ONLY')
        // Every row will be read: plan for all of them, not for the first tenth as for a cursor.
        await client.query('SET LOCAL cursor_tuple_fraction = 1')
        await client.query(`DECLARE stream NO SCROLL CURSOR FOR ${text}`, params as unknown[])
        pending = fetch()
        for (;;) {
          const { rows } = await pending
          pending = undefined
          if (rows.length === 0) break
          // The next batch is read while the caller sends this one.
          if (rows.length === batchRows) pending = fetch()
          yield rows
          if (!pending) break
        }
      } catch (error) {
        failure = error
        throw error
      } finally {
        // A caller that stops early (the client went away) leaves a fetch under way.
        await pending?.catch((error: unknown) => (failure ??= error))
        if (connection.isLost(failure)) discard = failure
        else await client.query('ROLLBACK').catch((error: unknown) => (discard = error))
        connection.release(discard)
      }
    },
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        const connection = await checkOut(pool)
        const { client } = connection
        let begun = false
        let discard: unknown
        try {
          await client.query('BEGIN')
          begun = true
          const result = await work(over(client))
          await client.query('COMMIT')
          return result
        } catch (error) {
          if (connection.isLost(error)) discard = error
          else await client.query('ROLLBACK').catch((rollbackError) => (discard = rollbackError))
          // Ended for running into another transaction and rolled back whole: it runs again,
          // now after the other, which holds the locks it waited for. A connection lost before
          // anything began (the pool lent one PostgreSQL had just ended) runs again on another.
          const again = isConflict(error) || (!begun && connection.isLost(error))
          if (attempt >= TRANSACTION_ATTEMPTS || !again) throw error
        } finally {
          connection.release(discard)
        }
      }
    },
    async close() {
      await Promise.all(pools.map((each) => each.end()))
    },
  }
}
