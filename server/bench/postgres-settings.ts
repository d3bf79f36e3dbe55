import type { Database } from '../src/db/database'

/** The settings a figure depends on, printed beside it: stock ones or tuned (docs/PERFORMANCE.md). */
const SETTINGS = ['shared_buffers', 'huge_pages', 'work_mem', 'max_wal_size', 'autovacuum']

/** The PostgreSQL settings of `SETTINGS` as one line, or the database's kind where it has none. */
export async function postgresSettings(db: Database): Promise<string> {
  if (db.kind !== 'postgres') return db.kind
  const rows = await db.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name`,
    [SETTINGS],
  )
  return rows.map(({ name, setting }) => `${name} ${setting}`).join(', ')
}
