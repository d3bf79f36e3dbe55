import type { Queryable } from './database'

/**
 * The rule of grants with an end (issue 57), stated once: a user's direct role or group
 * membership, the row of alias `link` in user_roles or user_groups, counts while its end is null
 * or later than `at`, the SQL expression of the server's clock (its `Clock`, which tests move).
 * Every read of what a user holds now applies it, so an ended grant stops at the next request,
 * before the job of `grant-ender.ts` takes its row away.
 */
export const grantCounts = (link: string, at: string) =>
  `(${link}.ends_at IS NULL OR ${link}.ends_at > ${at})`

/** Whether the user of the SQL expression `userId` has a grant that ended by `at`, not taken away yet. */
export const hasEndedGrant = (userId: string, at: string) => `(
    EXISTS (SELECT 1 FROM user_roles e WHERE e.user_id = ${userId} AND NOT ${grantCounts('e', at)})
    OR EXISTS (SELECT 1 FROM user_groups e WHERE e.user_id = ${userId} AND NOT ${grantCounts('e', at)}))`

/** A grant taken away by the job because it ended, with what its record names. */
export interface EndedGrant {
  userId: number
  id: number
  name: string
  endsAt: Date
  reason: string | null
}

/** Grants ended in one statement of the job, at most: a transaction stays short. */
export const GRANTS_ENDED_PER_STATEMENT = 500

/**
 * Takes away the direct roles (`user_roles`, `roles`) or memberships (`user_groups`, `groups`)
 * that ended by `at`, and answers them. Rows another transaction is ending are skipped, not
 * waited for, and a deleted row is answered by the one statement that deleted it: however many
 * API processes run the job at once, each grant is ended, and so audited, exactly once.
 */
export function endGrants(
  tx: Queryable,
  table: 'user_roles' | 'user_groups',
  column: 'role_id' | 'group_id',
  named: 'roles' | 'groups',
  at: Date,
): Promise<EndedGrant[]> {
  return tx.query<EndedGrant>(
    `WITH ended AS (
       DELETE FROM ${table} l WHERE (l.user_id, l.${column}) IN (
         SELECT e.user_id, e.${column} FROM ${table} e
         WHERE NOT ${grantCounts('e', '$1::timestamptz')}
         ORDER BY e.ends_at LIMIT ${GRANTS_ENDED_PER_STATEMENT} FOR UPDATE SKIP LOCKED)
       RETURNING l.user_id, l.${column} AS id, l.ends_at, l.reason)
     SELECT ended.user_id AS "userId", ended.id, t.name, ended.ends_at AS "endsAt", ended.reason
     FROM ended JOIN ${named} t ON t.id = ended.id
     ORDER BY ended.ends_at, ended.user_id, ended.id`,
    [at],
  )
}
