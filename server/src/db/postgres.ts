import pg from 'pg'
import type { Database, Queryable, QueryOptions } from './database'

/** PostgreSQL through a `pg` pool: the production store, shared by any number of API instances. */
export function openPostgres(connectionString: string): Database {
  // No JIT: the list's statements are short, and their row estimates (a role's members, a
  // search's matches) can be far above what they read, which would compile them for 15-40 ms.
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off' })
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {})

  // Each connection prepares a named statement the first time it runs it.
  const statementNames = new Map<string, string>()
  const nameOf = (text: string) => {
    let name = statementNames.get(text)
    if (!name) statementNames.set(text, (name = `prepared_${statementNames.size + 1}`))
    return name
  }

  const over = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(
      text: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ) {
      const values = params as unknown[] | undefined
      const result = await client.query<T>(
        options?.prepare ? { name: nameOf(text), text, values } : { text, values },
      )
      return result.rows
    },
    async exec(script: string) {
      await client.query(script)
    },
  })

  return {
    kind: 'postgres',
    ...over(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(over(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async close() {
      await pool.end()
    },
  }
}
