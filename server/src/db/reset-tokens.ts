import type { Queryable } from './database'

/** Issues a password-reset token (stored as its hash) and retires any older one of the user. */
export async function issueResetToken(
  tx: Queryable,
  userId: number,
  tokenHash: string,
  ttlSeconds: number,
): Promise<void> {
  await retireResetTokens(tx, userId)
  await tx.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash, userId, ttlSeconds],
  )
}

/**
 * Tokens for users created in this transaction, in one statement: such a user has no older
 * token to retire.
 */
export async function issueNewUsersResetTokens(
  tx: Queryable,
  tokens: { userId: number; tokenHash: string }[],
  ttlSeconds: number,
): Promise<void> {
  if (tokens.length === 0) return
  await tx.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     SELECT token_hash, user_id, now() + make_interval(secs => $3)
     FROM unnest($1::text[], $2::int[]) AS t (token_hash, user_id)`,
    [tokens.map((token) => token.tokenHash), tokens.map((token) => token.userId), ttlSeconds],
  )
}

/** The user of an unused, unexpired token, without using it: checked before any costly work. */
export async function resetTokenUser(
  db: Queryable,
  tokenHash: string,
): Promise<number | undefined> {
  const [row] = await db.query<{ user_id: number }>(
    'SELECT user_id FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [tokenHash],
  )
  return row?.user_id
}

/** Uses a token once: answers its user, or undefined when it is unknown, used or expired. */
export async function consumeResetToken(
  tx: Queryable,
  tokenHash: string,
): Promise<number | undefined> {
  const [row] = await tx.query<{ user_id: number }>(
    `UPDATE password_reset_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [tokenHash],
  )
  return row?.user_id
}

export async function retireResetTokens(tx: Queryable, userId: number): Promise<void> {
  await retireResetTokensOf(tx, [userId])
}

/** The links of many users retired in one statement (a bulk lock or deactivation). */
export async function retireResetTokensOf(tx: Queryable, userIds: number[]): Promise<void> {
  await tx.query(
    'UPDATE password_reset_tokens SET used_at = now() WHERE user_id = ANY ($1::int[]) AND used_at IS NULL',
    [userIds],
  )
}
