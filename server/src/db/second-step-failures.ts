import type { Queryable } from './database'

/*
 * Wrong codes and recovery codes of the second step are counted per account, across every
 * address (migration 031), besides the per-address count they share with wrong passwords
 * (sign-in-failures.ts): an attacker holding the password and many addresses gets
 * `SECOND_STEP_ACCOUNT_CEILING` guesses per `SECOND_STEP_WINDOW_SECONDS`, then the account's
 * second step is paused for everyone, the owner too, for `SECOND_STEP_PAUSE_SECONDS`, doubled
 * for each further pause up to a day. Only someone who knows the password can bring a pause
 * about. The owner's next sign-in answers how many wrong codes there were, and forgets them.
 */

/** Wrong codes or recovery codes of one account, from every address, that pause its second step. */
export const SECOND_STEP_ACCOUNT_CEILING = 10
/** The window they are counted in: a new one starts with the first failure after it. */
export const SECOND_STEP_WINDOW_SECONDS = 15 * 60
/** The first pause; each further one before the owner signs in again is twice as long. */
export const SECOND_STEP_PAUSE_SECONDS = 15 * 60
/** The longest pause, however many came before it. */
const MAX_PAUSE_SECONDS = 24 * 60 * 60

/** The end of the pause of the user's second step, while it runs. */
export async function secondStepPausedUntil(db: Queryable, userId: number): Promise<Date | null> {
  const [row] = await db.query<{ paused_until: Date }>(
    'SELECT paused_until FROM second_step_failures WHERE user_id = $1 AND paused_until > now()',
    [userId],
  )
  return row?.paused_until ?? null
}

/**
 * Counts a wrong code of the user's second step, which is not paused. The failure that reaches
 * the ceiling starts a pause and a new window, and answers when the pause ends.
 */
export async function recordSecondStepFailure(
  tx: Queryable,
  userId: number,
): Promise<Date | undefined> {
  const [row] = await tx.query<{ paused_until: Date | null }>(
    `INSERT INTO second_step_failures AS f (user_id, failures, window_started_at, unreported)
     VALUES ($1, 1, now(), 1)
     ON CONFLICT (user_id) DO UPDATE SET
       failures = CASE WHEN f.window_started_at <= now() - make_interval(secs => $2)
         THEN 1 ELSE f.failures + 1 END,
       window_started_at = CASE WHEN f.window_started_at <= now() - make_interval(secs => $2)
         THEN now() ELSE f.window_started_at END,
       unreported = f.unreported + 1
     RETURNING CASE WHEN failures >= $3 THEN now() + make_interval(secs =>
       least($4::float8 * power(2, least(pauses, 30)), $5::float8)) END AS paused_until`,
    [
      userId,
      SECOND_STEP_WINDOW_SECONDS,
      SECOND_STEP_ACCOUNT_CEILING,
      SECOND_STEP_PAUSE_SECONDS,
      MAX_PAUSE_SECONDS,
    ],
  )
  const pausedUntil = row?.paused_until
  if (!pausedUntil) return undefined
  await tx.query(
    `UPDATE second_step_failures
     SET paused_until = $2, pauses = pauses + 1, failures = 0, window_started_at = now()
     WHERE user_id = $1`,
    [userId, pausedUntil],
  )
  return pausedUntil
}

/**
 * A sign-in of the user: answers the wrong codes tried since the last one (0 when none), which
 * are forgotten with the pauses they brought about.
 */
export async function takeSecondStepFailures(tx: Queryable, userId: number): Promise<number> {
  const [row] = await tx.query<{ unreported: number }>(
    'DELETE FROM second_step_failures WHERE user_id = $1 RETURNING unreported',
    [userId],
  )
  return row?.unreported ?? 0
}
