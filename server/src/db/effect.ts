import { EFFECT_FIRST_NAMES, type Effect, type PermissionMove } from '@shared/contract'
import type { Queryable } from './database'
import { userPermissions } from './permissions'

/** The users a change could reach, as an SQL query of a `user_id` column, and its parameters. */
export interface Reach {
  sql: string
  params: unknown[]
}

/** Where `keepPermissionsBefore` keeps what it finds: a table of the transaction's, gone with it. */
export async function startEffect(tx: Queryable): Promise<void> {
  await tx.query(
    'CREATE TEMPORARY TABLE effect_before (user_id int PRIMARY KEY, permissions text[] NOT NULL) ON COMMIT DROP',
  )
}

/**
 * Keeps what each user of `reach` holds now, before any change is made, for `measureEffect` to
 * compare with once they are.
 */
export async function keepPermissionsBefore(tx: Queryable, reach: Reach): Promise<void> {
  await tx.query(
    `INSERT INTO effect_before (user_id, permissions)
     SELECT reached.user_id, ${userPermissions('reached.user_id')}
     FROM (SELECT DISTINCT user_id FROM (${reach.sql}) AS r (user_id) WHERE user_id IS NOT NULL) reached
     ON CONFLICT (user_id) DO NOTHING`,
    reach.params,
  )
}

/**
 * Who gains and who loses which permission: what each user kept by `keepPermissionsBefore`
 * holds now, against what they held then, by the rule every request is checked by.
 */
export async function measureEffect(tx: Queryable): Promise<Omit<Effect, 'refused'>> {
  const rows = await tx.query<PermissionMove & { way: 'gain' | 'loss'; reached: number }>(
    `WITH now_held AS MATERIALIZED (
       SELECT b.user_id, b.permissions AS before, ${userPermissions('b.user_id')} AS after
       FROM effect_before b),
     moves AS MATERIALIZED (
       SELECT h.user_id, 'gain' AS way, p AS permission
       FROM now_held h CROSS JOIN LATERAL unnest(h.after) AS p WHERE NOT (p = ANY (h.before))
       UNION ALL
       SELECT h.user_id, 'loss', p
       FROM now_held h CROSS JOIN LATERAL unnest(h.before) AS p WHERE NOT (p = ANY (h.after)))
     SELECT g.way, g.permission, g.users, (SELECT count(DISTINCT user_id)::int FROM moves) AS reached,
       (SELECT coalesce(json_agg(json_build_object('id', f.id, 'username', f.username)
                                 ORDER BY lower(f.username) COLLATE "C", f.id), '[]'::json)
        FROM (SELECT u.id, u.username FROM moves m JOIN users u ON u.id = m.user_id
              WHERE m.way = g.way AND m.permission = g.permission
              ORDER BY lower(u.username) COLLATE "C", u.id LIMIT $1) f) AS first
     FROM (SELECT way, permission, count(*)::int AS users FROM moves GROUP BY 1, 2) g
     ORDER BY g.way, g.permission COLLATE "C"`,
    [EFFECT_FIRST_NAMES],
  )
  const moves = (way: 'gain' | 'loss') =>
    rows
      .filter((row) => row.way === way)
      .map(({ permission, users, first }) => ({ permission, users, first }))
  return { users: rows[0]?.reached ?? 0, gains: moves('gain'), losses: moves('loss') }
}
