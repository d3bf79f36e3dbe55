import type { Queryable } from '../database'

/**
 * What the insert triggers of `users` keep, made at once for the users with ids above `after`,
 * loaded with those triggers off (`ALTER TABLE users DISABLE TRIGGER USER`): their state
 * copy (migration 028), the totals by status and lock (005) and in all (002), their fragments'
 * totals and cells (009, 011) folded straight in rather than noted (022, 030), and the counters
 * an insert moves (of the orders and the search). A bulk seed of 13,000 users took 9 s of PGlite's
 * CPU through the triggers and the fold of their notes, 6.4 s so.
 */
export async function keepLoadedUsers(tx: Queryable, after: number): Promise<void> {
  const loaded = [after]
  await tx.query(
    `INSERT INTO user_state (id, is_active, is_locked, updated_date, search_text, username, email,
       phone_number, last_login, created_date)
     SELECT id, is_active, is_locked, updated_date, search_text, username, email, phone_number,
       last_login, created_date
     FROM users WHERE id > $1`,
    loaded,
  )
  await tx.query(
    `UPDATE user_status_total t SET total = t.total + d.n
     FROM (SELECT is_active, is_locked, count(*) AS n FROM users WHERE id > $1
       GROUP BY 1, 2) d
     WHERE t.is_active = d.is_active AND t.is_locked = d.is_locked`,
    loaded,
  )
  await tx.query(
    `UPDATE user_total SET total = total + (SELECT count(*) FROM users WHERE id > $1),
       order_version = order_version + 1, login_order_version = login_order_version + 1,
       search_version = search_version + 1`,
    loaded,
  )
  const fragments = `users, LATERAL (SELECT DISTINCT f FROM search_fragments(search_text) AS f) AS own (fragment)
     WHERE id > $1`
  await tx.query(
    `INSERT INTO user_search_fragment AS kept (fragment, total)
     SELECT fragment, count(*) FROM ${fragments} GROUP BY 1 ORDER BY 1
     ON CONFLICT (fragment) DO UPDATE SET total = kept.total + excluded.total`,
    loaded,
  )
  await tx.query(
    `INSERT INTO user_search_fragment_cell AS kept (fragment, is_active, is_locked, total)
     SELECT fragment, is_active, is_locked, count(*) FROM ${fragments} AND (NOT is_active OR is_locked)
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
     ON CONFLICT (fragment, is_active, is_locked) DO UPDATE SET total = kept.total + excluded.total`,
    loaded,
  )
}
