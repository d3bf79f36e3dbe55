import type { ServerContext } from '../context'
import type { Queryable } from '../db/database'
import { countWrongAttempt } from './wrong-password'

export interface FailedSignIn {
  /** The name the failures are counted under: the account's username, or the name typed. */
  name: string
  /** What was typed as the username, for the audit. */
  typed: string
  address: string
  accountId: number | null
  /** This address is locked out for this name already: audited, not counted. */
  blocked: boolean
  /** The step that failed, audited when not the password. */
  step?: 'code'
}

/**
 * A failed sign-in, a wrong password or a wrong code of the second step alike: counted toward
 * the temporary lockout of the name at this address, audited as a failed sign-in.
 */
export function countFailedSignIn(
  ctx: ServerContext,
  tx: Queryable,
  failure: FailedSignIn,
): Promise<void> {
  return countWrongAttempt(ctx, tx, {
    name: failure.name,
    typed: failure.typed,
    address: failure.address,
    userId: failure.accountId,
    blocked: failure.blocked,
    failure: {
      actor: null,
      action: 'session.login_failed',
      targetType: 'user',
      targetId: failure.accountId,
      changes: {
        username: failure.typed,
        address: failure.address,
        ...(failure.step ? { step: failure.step } : {}),
      },
    },
  })
}
