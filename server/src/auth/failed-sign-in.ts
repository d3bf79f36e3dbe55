import type { ServerContext } from '../context'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'
import { recordFailedSignIn } from '../db/sign-in-failures'

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
 * the temporary lockout of the name at this address (sign-in-failures.ts), and audited.
 */
export async function countFailedSignIn(
  ctx: ServerContext,
  tx: Queryable,
  failure: FailedSignIn,
): Promise<void> {
  const { config } = ctx
  const lockedUntil = failure.blocked
    ? undefined
    : await recordFailedSignIn(tx, failure.name, failure.address, {
        maxFailures: config.loginMaxFailures,
        lockoutSeconds: config.loginLockoutSeconds,
      })
  await ctx.securityAudit(tx, {
    actor: null,
    action: 'session.login_failed',
    targetType: 'user',
    targetId: failure.accountId,
    changes: {
      username: failure.typed,
      address: failure.address,
      ...(failure.step ? { step: failure.step } : {}),
    },
  })
  if (lockedUntil) {
    await writeAudit(tx, {
      actor: null,
      action: 'user.temporary_lockout',
      targetType: 'user',
      targetId: failure.accountId,
      changes: {
        until: lockedUntil.toISOString(),
        username: failure.typed,
        address: failure.address,
        reason: `${config.loginMaxFailures} failed sign-in attempts in a row`,
      },
    })
  }
}
