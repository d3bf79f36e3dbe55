import { hashPassword } from '../auth/passwords'
import type { Database } from '../db/database'
import { keepLoadedUsers } from '../db/user-list/loaded-users'
import { FIRST_NAMES, LAST_NAMES } from './names'

const BATCH = 100_000

/**
 * The indexes rebuilt once after a large load instead of being updated row by row: every index
 * of the users' tables but their keys (primary and unique), as the migrations made them.
 */
async function deferredIndexes(db: Database): Promise<{ name: string; definition: string }[]> {
  return db.query(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid IN ('users'::regclass, 'user_state'::regclass) AND NOT i.indisunique
     ORDER BY c.relname`,
  )
}

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
  const deferred = count >= 50_000 ? await deferredIndexes(db) : []
  for (const { name } of deferred) await db.exec(`DROP INDEX ${name}`)
  try {
    // One transaction with the users' own triggers off, their work done at once after each batch:
    // through them, the notes of each user's fragments and their fold were most of a seed's time.
    await db.transaction(async (tx) => {
      await tx.exec('ALTER TABLE users DISABLE TRIGGER USER')
      for (let done = 0; done < count; done += BATCH) {
        const size = Math.min(BATCH, count - done)
        const [{ base } = { base: 0 }] = await tx.query<{ base: number }>(
          'SELECT coalesce(max(id), 0)::int AS base FROM users',
        )
        await tx.query(
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
          [base + 1, base + size, FIRST_NAMES, LAST_NAMES, passwordHash],
        )
        await keepLoadedUsers(tx, base)
        report(done + size)
      }
      await tx.exec('ALTER TABLE users ENABLE TRIGGER USER')
    })
  } finally {
    for (const { definition } of deferred) await db.exec(definition)
  }
  await db.exec(
    'VACUUM ANALYZE users, user_state, user_search_fragment, user_search_fragment_pending, user_search_fragment_cell, user_search_fragment_cell_pending',
  )
}
