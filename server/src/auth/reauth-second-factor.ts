import type { Queryable } from '../db/database'

/** What the second factor of a re-authentication says of the code sent (none: undefined). */
export type SecondFactorCheck = 'ok' | 'wrong' | 'not-enrolled'

/**
 * The one place POST /auth/reauth asks the second factor (issue 30, items 1 and 4): a user with
 * one enrolled must send a right code ('wrong' for a missing one), a user without one is
 * confirmed by the password alone. Until two-step sign-in exists, nobody is enrolled.
 */
export async function checkReauthSecondFactor(
  _db: Queryable,
  _userId: number,
  _code: string | undefined,
): Promise<SecondFactorCheck> {
  return 'not-enrolled'
}
