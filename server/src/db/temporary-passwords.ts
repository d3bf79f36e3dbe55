import type { Queryable } from './database'
import { forgetFailedSignIns } from './sign-in-failures'
import { USER_COLUMNS, type UserRow } from './users'

/**
 * Replaces the user's password with a temporary one (its hash): the old password stops working
 * with this commit, and the next sign-in must choose a new password.
 */
export async function setTemporaryPassword(
  tx: Queryable,
  id: number,
  passwordHash: string,
): Promise<UserRow> {
  await forgetFailedSignIns(tx, id)
  const [row] = await tx.query<UserRow>(
    `UPDATE users SET password_hash = $2, must_change_password = true, temporary_password_spent = false,
       login_blocked_until = NULL,
       updated_date = now(), version = version + 1
     WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id, passwordHash],
  )
  return row!
}

/**
 * Uses up a temporary password at its sign-in: true for the one sign-in that gets to choose a
 * new password, false when it was already used (two sign-ins at once: one wins).
 */
export async function spendTemporaryPassword(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE users SET temporary_password_spent = true
     WHERE id = $1 AND must_change_password AND NOT temporary_password_spent RETURNING id`,
    [id],
  )
  return rows.length > 0
}

/** Whether the user's password is a temporary one still to be replaced. */
export async function mustChangePassword(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.query<{ must_change_password: boolean }>(
    'SELECT must_change_password FROM users WHERE id = $1',
    [id],
  )
  return row?.must_change_password ?? false
}
