import { codedRefusal, MFA_ENROLMENT_REQUIRED, MFA_REQUIRED } from '@shared/contract'
import type { ServerContext } from '../context'
import type { Queryable } from '../db/database'
import { permissionsOfUser } from '../db/permissions'
import { hasSecondFactor } from '../db/second-factors'
import { issueChallenge, type ChallengePurpose } from '../db/sign-in-challenges'
import { refusalError } from '../errors'
import { hashToken, newSecret } from './tokens'

/** How long the mfaToken of a sign-in lasts: the issue's five minutes. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60
/** How long the enrolment of a sign-in may take: a phone to find, an app to open. */
export const ENROLMENT_TOKEN_TTL_SECONDS = 15 * 60
/**
 * Wrong codes a challenge survives: the next sign-in starts again from the password. A try
 * refused unheard (its address locked out, its account's second step paused) ends it too.
 */
export const MAX_CODE_FAILURES = 5

/** Whether the server's policy (MFA_REQUIRED) requires the user to have a second factor. */
export async function mustHaveSecondFactor(
  ctx: ServerContext,
  db: Queryable,
  userId: number,
): Promise<boolean> {
  if (ctx.config.mfaRequired === 'none') return false
  return (await permissionsOfUser(db, userId)).length > 0
}

/**
 * Starts the second step of a sign-in from `address`: answers its token, which only its hash
 * is kept of, and which serves that address only.
 */
async function challenge(
  ctx: ServerContext,
  userId: number,
  purpose: ChallengePurpose,
  ttlSeconds: number,
  address: string,
): Promise<string> {
  const token = newSecret()
  await ctx.db.transaction((tx) =>
    issueChallenge(tx, userId, hashToken(token), purpose, ttlSeconds, address),
  )
  return token
}

export function createSecondStep(ctx: ServerContext) {
  return {
    /**
     * After a right password: throws the 401 of the second step when the user has a factor,
     * or must have one and has none; returns when the password alone signs in.
     */
    async demandOf(account: { id: number }, address: string): Promise<void> {
      if (await hasSecondFactor(ctx.db, account.id)) {
        const mfaToken = await challenge(ctx, account.id, 'code', MFA_TOKEN_TTL_SECONDS, address)
        throw refusalError(401, codedRefusal(MFA_REQUIRED), { mfaToken })
      }
      if (await mustHaveSecondFactor(ctx, ctx.db, account.id)) {
        const enrolmentToken = await challenge(
          ctx,
          account.id,
          'enrolment',
          ENROLMENT_TOKEN_TTL_SECONDS,
          address,
        )
        throw refusalError(401, codedRefusal(MFA_ENROLMENT_REQUIRED, { at: 'sign_in' }), {
          enrolmentToken,
        })
      }
    },
  }
}
