import type { Queryable } from './database'

/*
 * Wrong codes and recovery codes of the second step are counted per account, across every
 * address (migration 033), besides the per-address count they share with wrong passwords
 * (sign-in-failures.ts): an attacker holding the password and many addresses gets
 * `SECOND_STEP_ACCOUNT_CEILING` guesses in any `SECOND_STEP_WINDOW_SECONDS`, then the account's
 * second step is paused for everyone, the owner too, for `SECOND_STEP_PAUSE_SECONDS`, doubled
 * for each further pause up to a day. The guesses that brought a pause about count no more
 * once it ends. Only someone who knows the password can bring a pause about. The owner's next
 * sign-in answers how many wrong codes there were, and forgets them and the pauses.
 */

/** Wrong codes or recovery codes of one account, from every address, that pause its second step. */
export const SECOND_STEP_ACCOUNT_CEILING = 10
/** The window they are counted in: the last 15 minutes. */
export const SECOND_STEP_WINDOW_SECONDS = 15 * 60
/** The first pause; each further one before the owner signs in again is twice as long. */
export const SECOND_STEP_PAUSE_SECONDS = 15 * 60
/** The longest pause, however many came before it. */
const MAX_PAUSE_SECONDS = 24 * 60 * 60

/** The end of the pause of the user's second step, while it runs. */
export async function secondStepPausedUntil(db: Queryable, userId: number): Promise<Date | null> {
  const [row] = await db.query<{ paused_until: Date }>(
    'SELECT paused_until FROM second_step_pauses WHERE user_id = $1 AND paused_until > now()',
    [userId],
  )
  return row?.paused_until ?? null
}

/**
 * Counts a wrong code of the user's second step, which is not paused. The failure that reaches
 * the ceiling within the window starts a pause, and answers when it ends.
 */
export async function recordSecondStepFailure(
  tx: Queryable,
  userId: number,
): Promise<Date | undefined> {
  // The user's row, locked: failures of the same account from several addresses are counted
  // one after the other, so that none is missed and one pause is started.
  await tx.query(
    `INSERT INTO second_step_pauses (user_id) VALUES ($1)
     ON CONFLICT (user_id) DO UPDATE SET pauses = second_step_pauses.pauses`,
    [userId],
  )
  await tx.query('INSERT INTO second_step_failures (user_id) VALUES ($1)', [userId])
  const [row] = await tx.query<{ paused_until: Date | null }>(
    `UPDATE second_step_pauses
     SET pauses = pauses + 1,
       paused_until = now() + make_interval(secs => least($4::float8 * power(2, least(pauses, 30)), $5::float8))
     WHERE user_id = $1 AND (SELECT count(*) FROM second_step_failures f
       WHERE f.user_id = $1 AND f.failed_at > greatest(now() - make_interval(secs => $2),
         coalesce(second_step_pauses.paused_until, '-infinity'))) >= $3
     RETURNING paused_until`,
    [
      userId,
      SECOND_STEP_WINDOW_SECONDS,
      SECOND_STEP_ACCOUNT_CEILING,
      SECOND_STEP_PAUSE_SECONDS,
      MAX_PAUSE_SECONDS,
    ],
  )
  return row?.paused_until ?? undefined
}

/**
 * A sign-in of the user: answers the wrong codes tried since the last one (0 when none), which
 * are forgotten with the pauses they brought about.
 */
export async function takeSecondStepFailures(tx: Queryable, userId: number): Promise<number> {
  await tx.query('DELETE FROM second_step_pauses WHERE user_id = $1', [userId])
  const told = await tx.query('DELETE FROM second_step_failures WHERE user_id = $1 RETURNING 1', [
    userId,
  ])
  return told.length
}
