import type { Queryable } from './database'
import { USER_COLUMNS, type UserRow } from './users'

export interface SignInAccount extends UserRow {
  password_hash: string
  must_change_password: boolean
  temporary_password_spent: boolean
}

/** The account a sign-in names by username or email, in any case; a username match wins. */
export async function findSignInAccount(
  db: Queryable,
  identifier: string,
): Promise<SignInAccount | undefined> {
  const [row] = await db.query<SignInAccount>(
    `SELECT ${USER_COLUMNS}, password_hash, must_change_password, temporary_password_spent FROM users
     WHERE lower(username) = lower($1) OR lower(email) = lower($1)
     ORDER BY (lower(username) = lower($1)) DESC LIMIT 1`,
    [identifier],
  )
  return row
}

/** The longest temporary lockout, however many came before it. */
const MAX_LOCKOUT_SECONDS = 24 * 60 * 60

/**
 * Counts a failed sign-in of an account that is not temporarily locked out. The failure that
 * reaches `maxFailures` starts a lockout of `lockoutSeconds`, doubled for each lockout since the
 * last successful sign-in, and answers when it ends; otherwise undefined.
 */
export async function recordFailedSignIn(
  tx: Queryable,
  userId: number,
  limits: { maxFailures: number; lockoutSeconds: number },
): Promise<Date | undefined> {
  const [row] = await tx.query<{ started: boolean; until: Date | null }>(
    `UPDATE users SET
       failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END,
       login_blocked_until = CASE WHEN failed_logins + 1 >= $2
         THEN now() + make_interval(secs => least($3::float8 * power(2, least(lockouts, 30)), $4::float8))
         ELSE login_blocked_until END,
       lockouts = CASE WHEN failed_logins + 1 >= $2 THEN lockouts + 1 ELSE lockouts END
     WHERE id = $1 AND (login_blocked_until IS NULL OR login_blocked_until <= now())
     RETURNING login_blocked_until > now() AS started, login_blocked_until AS until`,
    [userId, limits.maxFailures, limits.lockoutSeconds, MAX_LOCKOUT_SECONDS],
  )
  return row?.started && row.until ? row.until : undefined
}

/** A successful sign-in forgets every failure and lockout before it. */
export async function recordSignIn(tx: Queryable, userId: number): Promise<UserRow> {
  const [row] = await tx.query<UserRow>(
    `UPDATE users SET failed_logins = 0, lockouts = 0, login_blocked_until = NULL, last_login = now()
     WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [userId],
  )
  return row!
}
