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

/**
 * A successful sign-in forgets the failures of its own address; the lockouts of others stay,
 * and the account shows the latest of them.
 */
export async function recordSignIn(
  tx: Queryable,
  userId: number,
  address: string,
): Promise<UserRow> {
  const [row] = await tx.query<UserRow>(
    `WITH forgotten AS (
       DELETE FROM sign_in_failures
       WHERE name = (SELECT lower(username) FROM users WHERE id = $1) AND address = $2
     )
     UPDATE users SET last_login = now(), login_blocked_until = (
       SELECT max(blocked_until) FROM sign_in_failures
       WHERE name = lower(users.username) AND address <> $2 AND blocked_until > now())
     WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [userId, address],
  )
  return row!
}

/**
 * A password that signed in, hashed again at the current cost: the same password, so the user's
 * version and update time stay. Not where the password changed since it was read.
 */
export async function replaceOutdatedHash(
  db: Queryable,
  userId: number,
  outdated: string,
  passwordHash: string,
): Promise<void> {
  await db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
    userId,
    outdated,
    passwordHash,
  ])
}
