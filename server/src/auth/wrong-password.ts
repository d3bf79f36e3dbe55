import type { ServerContext } from '../context'
import { writeAudit, type AuditRecord } from '../db/audit'
import type { Queryable } from '../db/database'
import { recordFailedSignIn } from '../db/sign-in-failures'

/** A password (or code) refused, at sign-in or at a re-authentication. */
export interface WrongAttempt {
  /** The name counted: the account's username, or the name typed when no account has it. */
  name: string
  /** The name as typed, which the lockout's audit entry records. */
  typed: string
  address: string
  userId: number | null
  /** True when this address is locked out for this name already: audited, not counted. */
  blocked: boolean
  /** The security audit entry of the failure itself. */
  failure: AuditRecord
}

/**
 * Counts a wrong password toward the temporary lockout of its name at its address
 * (sign-in-failures.ts) and audits it; the failure that starts a lockout audits that too.
 * Sign-in and re-authentication share the count, so that neither gives an attacker more tries.
 */
export async function countWrongAttempt(
  { config, securityAudit }: ServerContext,
  tx: Queryable,
  attempt: WrongAttempt,
): Promise<void> {
  const lockedUntil = attempt.blocked
    ? undefined
    : await recordFailedSignIn(tx, attempt.name, attempt.address, {
        maxFailures: config.loginMaxFailures,
        lockoutSeconds: config.loginLockoutSeconds,
      })
  await securityAudit(tx, attempt.failure)
  if (lockedUntil) {
    await writeAudit(tx, {
      actor: null,
      action: 'user.temporary_lockout',
      targetType: 'user',
      targetId: attempt.userId,
      changes: {
        until: lockedUntil.toISOString(),
        username: attempt.typed,
        address: attempt.address,
        reason: `${config.loginMaxFailures} failed sign-in attempts in a row`,
      },
    })
  }
}
