import type { Queryable } from './database'

/**
 * The second step of a sign-in whose password was right (migration 018): `code` awaits a code
 * of the user's factor, `enrolment` awaits the enrolment of one. Only the token's hash is kept,
 * with the client address of the password step: the token serves that address only
 * (migration 033), so that one password step cannot feed guesses from many addresses.
 */
export type ChallengePurpose = 'code' | 'enrolment'

export async function issueChallenge(
  tx: Queryable,
  userId: number,
  tokenHash: string,
  purpose: ChallengePurpose,
  ttlSeconds: number,
  address: string,
): Promise<void> {
  // Old challenges of anyone are of no use: dropped as new ones are made.
  await tx.query('DELETE FROM sign_in_challenges WHERE expires_at < now()')
  await tx.query(
    `INSERT INTO sign_in_challenges (token_hash, user_id, purpose, expires_at, address)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [tokenHash, userId, purpose, ttlSeconds, address],
  )
}

export interface Challenge {
  userId: number
  failures: number
}

/**
 * The live challenge of this token and purpose made at `address`, locked until the
 * transaction ends; from any other address there is none.
 */
export async function lockChallenge(
  tx: Queryable,
  tokenHash: string,
  purpose: ChallengePurpose,
  address: string,
): Promise<Challenge | undefined> {
  const [row] = await tx.query<Challenge>(
    `SELECT user_id AS "userId", failures FROM sign_in_challenges
     WHERE token_hash = $1 AND purpose = $2 AND address = $3 AND expires_at > now() FOR UPDATE`,
    [tokenHash, purpose, address],
  )
  return row
}

/** Counts a wrong code; the challenge ends at `maxFailures`. */
export async function failChallenge(
  tx: Queryable,
  tokenHash: string,
  maxFailures: number,
): Promise<void> {
  await tx.query('UPDATE sign_in_challenges SET failures = failures + 1 WHERE token_hash = $1', [
    tokenHash,
  ])
  await tx.query('DELETE FROM sign_in_challenges WHERE token_hash = $1 AND failures >= $2', [
    tokenHash,
    maxFailures,
  ])
}

export async function endChallenge(tx: Queryable, tokenHash: string): Promise<void> {
  await tx.query('DELETE FROM sign_in_challenges WHERE token_hash = $1', [tokenHash])
}

/**
 * Ends every sign-in of these users half-way through: called where their sessions are ended
 * (`revokeUserSessions`, `revokeSessionsOf`), so that every change ending those ends these.
 */
export async function endChallengesOf(tx: Queryable, userIds: number[]): Promise<void> {
  await tx.query('DELETE FROM sign_in_challenges WHERE user_id = ANY ($1::int[])', [userIds])
}
