import { hashPassword } from '../auth/passwords'
import type { Database } from '../db/database'
import { FIRST_NAMES, LAST_NAMES } from './names'

const BATCH = 100_000

/** Indexes rebuilt once after a large load instead of being updated row by row. */
const DEFERRED_INDEXES = [
  'CREATE INDEX IF NOT EXISTS users_search_trgm ON users USING gin (search_text gin_trgm_ops)',
  'CREATE INDEX IF NOT EXISTS users_walk_username ON users (lower(username), id) INCLUDE (username, search_text)',
  'CREATE INDEX IF NOT EXISTS users_walk_email ON users (lower(email), id) INCLUDE (email, search_text)',
  'CREATE INDEX IF NOT EXISTS users_walk_phone ON users (phone_number, id) INCLUDE (search_text)',
  'CREATE INDEX IF NOT EXISTS users_walk_last_login ON users (last_login, id) INCLUDE (search_text)',
  'CREATE INDEX IF NOT EXISTS users_walk_created ON users (created_date, id) INCLUDE (search_text)',
  'CREATE INDEX IF NOT EXISTS users_walk_id ON users (id) INCLUDE (search_text)',
  'CREATE INDEX IF NOT EXISTS user_state_walk_active ON user_state (is_active, id) INCLUDE (search_text, is_locked)',
  'CREATE INDEX IF NOT EXISTS user_state_walk_locked ON user_state (is_locked, id) INCLUDE (search_text, is_active)',
  'CREATE INDEX IF NOT EXISTS user_state_walk_updated ON user_state (updated_date, id) INCLUDE (search_text, is_active, is_locked)',
  'CREATE INDEX IF NOT EXISTS user_state_inactive_sort_created ON user_state (created_date, id) WHERE NOT is_active',
  'CREATE INDEX IF NOT EXISTS user_state_inactive_sort_email ON user_state (lower(email), id) WHERE NOT is_active',
  'CREATE INDEX IF NOT EXISTS user_state_inactive_sort_id ON user_state (id) WHERE NOT is_active',
  'CREATE INDEX IF NOT EXISTS user_state_inactive_sort_last_login ON user_state (last_login, id) WHERE NOT is_active',
  'CREATE INDEX IF NOT EXISTS user_state_inactive_sort_locked ON user_state (is_locked, id) WHERE NOT is_active',
  'CREATE INDEX IF NOT EXISTS user_state_inactive_sort_phone ON user_state (phone_number, id) WHERE NOT is_active',
  'CREATE INDEX IF NOT EXISTS user_state_inactive_sort_updated ON user_state (updated_date, id) WHERE NOT is_active',
  'CREATE INDEX IF NOT EXISTS user_state_inactive_sort_username ON user_state (lower(username), id) WHERE NOT is_active',
  'CREATE INDEX IF NOT EXISTS user_state_locked_sort_active ON user_state (is_active, id) WHERE is_locked',
  'CREATE INDEX IF NOT EXISTS user_state_locked_sort_created ON user_state (created_date, id) WHERE is_locked',
  'CREATE INDEX IF NOT EXISTS user_state_locked_sort_email ON user_state (lower(email), id) WHERE is_locked',
  'CREATE INDEX IF NOT EXISTS user_state_locked_sort_id ON user_state (id) WHERE is_locked',
  'CREATE INDEX IF NOT EXISTS user_state_locked_sort_last_login ON user_state (last_login, id) WHERE is_locked',
  'CREATE INDEX IF NOT EXISTS user_state_locked_sort_phone ON user_state (phone_number, id) WHERE is_locked',
  'CREATE INDEX IF NOT EXISTS user_state_locked_sort_updated ON user_state (updated_date, id) WHERE is_locked',
  'CREATE INDEX IF NOT EXISTS user_state_locked_sort_username ON user_state (lower(username), id) WHERE is_locked',
]
const indexName = (statement: string) => /EXISTS (\w+)/.exec(statement)![1]!

/**
 * Adds `count` generated users in batches, entirely inside the database (generate_series),
 * all sharing one password hash so that hashing does not dominate. Their usernames continue
 * from the highest id, so running it again adds more rather than colliding.
 */
export async function seedBulk(
  db: Database,
  count: number,
  report: (done: number) => void,
): Promise<void> {
  const passwordHash = await hashPassword('bulk-password')
  const deferIndexes = count >= 50_000
  if (deferIndexes) {
    for (const statement of DEFERRED_INDEXES)
      await db.exec(`DROP INDEX IF EXISTS ${indexName(statement)}`)
  }
  try {
    const [{ base } = { base: 0 }] = await db.query<{ base: number }>(
      'SELECT coalesce(max(id), 0)::int AS base FROM users',
    )
    for (let done = 0; done < count; done += BATCH) {
      const size = Math.min(BATCH, count - done)
      await db.query(
        `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
           is_active, is_locked, last_login, created_date, updated_date)
         SELECT 'user' || k, 'user' || k || '@bulk.example.com',
           ($3::text[])[1 + k % cardinality($3::text[])],
           ($4::text[])[1 + (k / cardinality($3::text[])) % cardinality($4::text[])],
           '+971 5' || (k % 10) || ' ' || lpad((k::bigint * 7919 % 10000000)::text, 7, '0'),
           $5, k % 17 <> 0, k % 29 = 0,
           CASE WHEN k % 6 = 0 THEN NULL ELSE now() - (k % 8760) * interval '1 hour' END,
           now() - (k % 1500) * interval '1 day' - (k % 86400) * interval '1 second',
           now() - (k % 300) * interval '1 day' - (k % 3600) * interval '1 second'
         FROM generate_series($1::int, $2::int) AS k
         ON CONFLICT DO NOTHING`,
        [base + done + 1, base + done + size, FIRST_NAMES, LAST_NAMES, passwordHash],
      )
      report(done + size)
    }
  } finally {
    if (deferIndexes) {
      for (const statement of DEFERRED_INDEXES) await db.exec(statement)
    }
  }
  await db.exec('VACUUM ANALYZE users, user_state')
}
