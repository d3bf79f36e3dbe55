import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database } from './database'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

/** Any constant shared by every instance: serialises migrations of API instances starting together. */
const MIGRATION_LOCK = 7_310_001

/** Applies, in order and once each, the versioned SQL files not yet recorded. */
export async function migrate(db: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}_.+\.sql$/.test(name))
    .sort()
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    )
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    )
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file)) continue
      await tx.exec(readFileSync(MIGRATIONS_DIR + file, 'utf8'))
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      applied.push(file)
    }
    return applied
  })
}
