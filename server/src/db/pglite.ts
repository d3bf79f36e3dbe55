import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Database, Queryable } from './database'

interface PGliteLike {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(script: string): Promise<unknown>
}

/**
 * PGlite: PostgreSQL compiled to WebAssembly, in this process. The embedded default, so a
 * fresh machine needs no database server. `dataDir` is a folder, or `memory://` for tests,
 * which may start from `copyOf`, another database's dumped data directory (`dumpPglite`):
 * no initdb, no migrations.
 */
export async function openPglite(dataDir: string, copyOf?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const db = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(copyOf && { loadDataDir: copyOf }),
  })

  const over = (client: PGliteLike): Queryable => ({
    async query<T extends object>(text: string, params?: readonly unknown[]) {
      const result = await client.query<T>(text, params as unknown[] | undefined)
      return result.rows
    },
    async exec(script: string) {
      await client.exec(script)
    },
  })

  const database: Database = {
    kind: 'pglite',
    ...over(db),
    transaction: (work) => db.transaction((tx) => work(over(tx))),
    close: () => db.close(),
  }
  opened.set(database, db)
  return database
}

/** The PGlite behind each database `openPglite` answered. */
const opened = new WeakMap<Database, PGlite>()

/** The data directory of a database `openPglite` opened, dumped: what a copy can start from. */
export async function dumpPglite(db: Database): Promise<Blob> {
  const pglite = opened.get(db)
  if (!pglite) throw new Error('Not an embedded database')
  return pglite.dumpDataDir('none')
}
