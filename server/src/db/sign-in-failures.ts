import type { Queryable } from './database'

/*
 * Failed sign-ins are counted in `sign_in_failures` per name and client address (migration
 * 016), in the database, so that every API process sees the same counts. The name is the
 * account's username, or the name typed when no account has it: an unknown name is counted,
 * locked out and slowed exactly as a known one, so that none of it tells which names exist.
 *
 * - `maxFailures` in a row from one address lock that name out at that address only, for
 *   `lockoutSeconds`, doubled for each further lockout there, up to a day. The owner signing in
 *   from anywhere else is not concerned, and does not give the attacker's address its attempts
 *   back: only a success from that address does, or Unlock, or a new password.
 * - Failures of one name from several addresses in the last 15 minutes slow each of them: an
 *   address that has just failed waits one second per address failing (at most a minute) before
 *   it is heard again, and is answered 429 with Retry-After meanwhile. An address that has not
 *   failed is heard at once, so the owner at their own address is never kept waiting by others.
 */

/** The longest temporary lockout, however many came before it. */
const MAX_LOCKOUT_SECONDS = 24 * 60 * 60
/** How far back failures from other addresses count towards slowing a name down. */
const SPREAD_WINDOW_SECONDS = 15 * 60
/** The longest wait between two attempts of one address, however many addresses fail. */
const MAX_WAIT_SECONDS = 60
/** Counts with no lockout running are forgotten after a day without failures. */
const KEEP_SECONDS = 24 * 60 * 60

export interface SignInLimits {
  maxFailures: number
  lockoutSeconds: number
}

export interface SignInGate {
  /** The end of this address's lockout for this name, while it runs. */
  blockedUntil: Date | null
  /** Seconds this address must wait before it is heard again; 0 when it may try now. */
  waitSeconds: number
}

/** Whether an attempt on `name` from `address` may be heard now (see above). */
export async function signInGate(
  db: Queryable,
  name: string,
  address: string,
): Promise<SignInGate> {
  const [row] = await db.query<{ blocked_until: Date | null; wait_seconds: number | null }>(
    `SELECT blocked_until,
       CASE WHEN spread > 1 THEN ceil(extract(epoch FROM
         last_here + make_interval(secs => least(spread, $4)::float8) - now()))::integer END AS wait_seconds
     FROM (SELECT
         max(blocked_until) FILTER (WHERE address = $2 AND blocked_until > now()) AS blocked_until,
         max(last_failed_at) FILTER (WHERE address = $2) AS last_here,
         count(*) FILTER (WHERE last_failed_at > now() - make_interval(secs => $3)) AS spread
       FROM sign_in_failures WHERE name = lower($1)) AS counts`,
    [name, address, SPREAD_WINDOW_SECONDS, MAX_WAIT_SECONDS],
    { prepare: true },
  )
  return {
    blockedUntil: row?.blocked_until ?? null,
    waitSeconds: Math.max(0, row?.wait_seconds ?? 0),
  }
}

/**
 * Counts a failed sign-in of `name` from `address`, which is not locked out there. The failure
 * that reaches `maxFailures` starts a lockout and answers when it ends; otherwise undefined. A
 * lockout of an account also shows on it (`users.login_blocked_until`, the latest end of any),
 * for administrators to see and end. One statement, the same whether the name exists or not.
 */
export async function recordFailedSignIn(
  tx: Queryable,
  name: string,
  address: string,
  limits: SignInLimits,
): Promise<Date | undefined> {
  const [row] = await tx.query<{ started: boolean; until: Date | null }>(
    `WITH failure AS (
       INSERT INTO sign_in_failures AS f (name, address, failures, lockouts, blocked_until, last_failed_at)
       VALUES (lower($1), $2,
         CASE WHEN 1 >= $3 THEN 0 ELSE 1 END,
         CASE WHEN 1 >= $3 THEN 1 ELSE 0 END,
         CASE WHEN 1 >= $3 THEN now() + make_interval(secs => least($4::float8, $5::float8)) END,
         now())
       ON CONFLICT (name, address) DO UPDATE SET
         failures = CASE WHEN f.failures + 1 >= $3 THEN 0 ELSE f.failures + 1 END,
         blocked_until = CASE WHEN f.failures + 1 >= $3
           THEN now() + make_interval(secs => least($4::float8 * power(2, least(f.lockouts, 30)), $5::float8))
           ELSE f.blocked_until END,
         lockouts = CASE WHEN f.failures + 1 >= $3 THEN f.lockouts + 1 ELSE f.lockouts END,
         last_failed_at = now()
       WHERE f.blocked_until IS NULL OR f.blocked_until <= now()
       RETURNING f.name, f.blocked_until, f.blocked_until > now() AS started
     ), shown AS (
       UPDATE users SET login_blocked_until = greatest(users.login_blocked_until, failure.blocked_until)
       FROM failure WHERE failure.started AND lower(users.username) = failure.name
     )
     SELECT coalesce(started, false) AS started, blocked_until AS until FROM failure`,
    [name, address, limits.maxFailures, limits.lockoutSeconds, MAX_LOCKOUT_SECONDS],
  )
  return row?.started && row.until ? row.until : undefined
}

/**
 * Unlock or a new password: every failure and lockout of the user, from any address, forgotten
 * (the caller clears what the account shows, `users.login_blocked_until`).
 */
export async function forgetFailedSignIns(tx: Queryable, userId: number): Promise<void> {
  await forgetFailedSignInsOf(tx, [userId])
}

/** The same for many users in one statement (a bulk unlock). */
export async function forgetFailedSignInsOf(tx: Queryable, userIds: number[]): Promise<void> {
  await tx.query(
    'DELETE FROM sign_in_failures WHERE name IN (SELECT lower(username) FROM users WHERE id = ANY ($1::int[]))',
    [userIds],
  )
}

/** Drops the counts that no longer matter: no lockout running and no failure for a day. */
export async function pruneFailedSignIns(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM sign_in_failures
     WHERE last_failed_at < now() - make_interval(secs => $1)
       AND (blocked_until IS NULL OR blocked_until < now() - make_interval(secs => $1))`,
    [KEEP_SECONDS],
  )
}

/** A re-authentication that succeeds forgets the failures of its address, as a sign-in does. */
export async function forgetFailedSignInsAt(
  tx: Queryable,
  userId: number,
  address: string,
): Promise<void> {
  await tx.query(
    `DELETE FROM sign_in_failures
     WHERE name = (SELECT lower(username) FROM users WHERE id = $1) AND address = $2`,
    [userId, address],
  )
}
