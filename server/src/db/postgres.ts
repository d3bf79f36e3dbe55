import { availableParallelism } from 'node:os'
import pg from 'pg'
import { isConflict } from './conflicts'
import type { Database, Queryable, QueryOptions } from './database'

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
 * than 10 (`npm run bench:users`). Searches, transactions and exports, which can hold a connection
 * for long, have a pool of their own.
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

/** PostgreSQL through a `pg` pool: the production store, shared by any number of API instances. */
export function openPostgres(connectionString: string): Database {
  // No JIT: the list's statements are short, and their row estimates (a role's members, a
  // search's matches) can be far above what they read, which would compile them for 15-40 ms.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...IDLE_CONNECTIONS,
    options: '-c jit=off',
  })
  // Prepared statements run on connections of their own that plan each once, for any values:
  // PostgreSQL would otherwise plan each anew on its first five runs per connection, and go on
  // doing so wherever its estimates favour that. Inside a transaction they run on its connection.
  const preparedPool = new pg.Pool({
    connectionString,
    max: PREPARED_CONNECTIONS,
    ...IDLE_CONNECTIONS,
    options: '-c jit=off -c plan_cache_mode=force_generic_plan',
  })
  // An idle client that loses its connection must not crash the process.
  for (const each of [pool, preparedPool]) each.on('error', () => {})

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
    async *streamRows<T extends object>(
      text: string,
      params: readonly unknown[],
      batchRows: number,
    ): AsyncGenerator<T[]> {
      const client = await pool.connect()
      const fetch = () => client.query<T>(`FETCH ${Math.trunc(batchRows)} FROM stream`)
      let pending: Promise<pg.QueryResult<T>> | undefined
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
      } finally {
        // A caller that stops early (the client went away) leaves a fetch under way.
        await pending?.catch(() => undefined)
        await client.query('ROLLBACK').catch(() => undefined)
        client.release()
      }
    },
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          const result = await work(over(client))
          await client.query('COMMIT')
          return result
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {})
          // Ended for running into another transaction and rolled back whole: it runs again,
          // now after the other, which holds the locks it waited for.
          if (attempt >= TRANSACTION_ATTEMPTS || !isConflict(error)) throw error
        } finally {
          client.release()
        }
      }
    },
    async close() {
      await Promise.all([pool.end(), preparedPool.end()])
    },
  }
}
