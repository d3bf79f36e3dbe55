import type { Queryable } from './database'

/** A user's second factor: the sealed TOTP secret, and the step of the last code accepted. */
export interface SecondFactorRow {
  secret: string
  confirmed: boolean
  last_step: string | null
}

/** The user's factor, locked for the check of a code (a step is accepted once). */
export async function lockSecondFactor(
  tx: Queryable,
  userId: number,
): Promise<SecondFactorRow | undefined> {
  const [row] = await tx.query<SecondFactorRow>(
    `SELECT secret, confirmed_at IS NOT NULL AS confirmed, last_step::text AS last_step
     FROM second_factors WHERE user_id = $1 FOR UPDATE`,
    [userId],
  )
  return row
}

export async function hasSecondFactor(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ enrolled: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS enrolled`,
    [userId],
  )
  return row!.enrolled
}

/**
 * Starts an enrolment: a new secret awaiting its first code, replacing any other awaiting one;
 * false when the user already has a confirmed factor (which stays).
 */
export async function startEnrolment(
  tx: Queryable,
  userId: number,
  sealedSecret: string,
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO second_factors (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = NULL, created_at = now()
     WHERE second_factors.confirmed_at IS NULL
     RETURNING user_id`,
    [userId, sealedSecret],
  )
  return rows.length > 0
}

/** Accepts the code of `step`: it, and every earlier one, will not be accepted again. */
export async function spendStep(tx: Queryable, userId: number, step: number): Promise<void> {
  await tx.query('UPDATE second_factors SET last_step = $2 WHERE user_id = $1', [userId, step])
}

/** The enrolment's first code was right: the factor counts from now on. */
export async function confirmSecondFactor(tx: Queryable, userId: number): Promise<void> {
  await tx.query('UPDATE second_factors SET confirmed_at = now() WHERE user_id = $1', [userId])
}

/** Removes the user's factor and recovery codes; false when there was no confirmed factor. */
export async function removeSecondFactor(tx: Queryable, userId: number): Promise<boolean> {
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId])
  const rows = await tx.query<{ confirmed: boolean }>(
    'DELETE FROM second_factors WHERE user_id = $1 RETURNING confirmed_at IS NOT NULL AS confirmed',
    [userId],
  )
  return rows.some((row) => row.confirmed)
}

/** Replaces the user's recovery codes by these (their hashes). */
export async function replaceRecoveryCodes(
  tx: Queryable,
  userId: number,
  codeHashes: string[],
): Promise<void> {
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId])
  await tx.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    codeHashes,
  ])
}

/** Uses one unused recovery code of the user; false when it is not one. */
export async function spendRecoveryCode(
  tx: Queryable,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE recovery_codes SET used_at = now()
     WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`,
    [userId, codeHash],
  )
  return rows.length > 0
}

export async function unusedRecoveryCodes(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  )
  return row!.count
}
