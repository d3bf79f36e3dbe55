import { REAUTH_REQUIRED, grantsAdministrationRights, type Permission } from '@shared/contract'
import type { ServerContext } from '../context'
import type { Queryable } from '../db/database'
import { ApiError, forbidden } from '../errors'
import type { Caller } from './guard'

/**
 * Re-authentication before dangerous changes (issue 30, item 4; ASVS 4.0.3 V3.7.1): giving a
 * role that grants administration rights (to a user or to a group), changing what a role grants,
 * setting a temporary password of a user holding administration rights, and the second-factor
 * changes of the same weight need the caller's session to have proved who it is within this
 * window, by signing in or with POST /auth/reauth.
 */
export const REAUTH_WINDOW_SECONDS = 5 * 60

/**
 * Refuses (403 `reauth_required`) unless the caller's session re-authenticated within the
 * window. Called before anything is written, or inside the transaction of the change, whose
 * rollback then leaves everything as it was: the refusal is audited by `auditReauthRefusal`,
 * outside that transaction.
 */
export async function requireRecentReauth(db: Queryable, caller: Caller): Promise<void> {
  const [row] = await db.query<{ recent: boolean | null }>(
    `SELECT reauthenticated_at > now() - make_interval(secs => $2) AS recent
     FROM sessions WHERE id = $1`,
    [caller.sessionId, REAUTH_WINDOW_SECONDS],
  )
  if (!row?.recent) {
    throw forbidden(REAUTH_REQUIRED)
  }
}

/**
 * A change about `permissions` (what a role or group gives, what a user holds) is dangerous when
 * they are an administration right.
 */
export async function requireReauthForAdministration(
  db: Queryable,
  caller: Caller,
  permissions: readonly Permission[],
): Promise<void> {
  if (grantsAdministrationRights(permissions)) await requireRecentReauth(db, caller)
}

/**
 * A change that routes an account's way in elsewhere (its email, a reset link, a temporary
 * password, its second factor) is as dangerous as granting what the account holds: it needs a
 * recent re-authentication whenever the user holds or could hold any permission (issue 54), so
 * that a stolen session cannot move an administrator's mail and then send it a reset link.
 */
export async function requireReauthToRedirectAccess(
  db: Queryable,
  caller: Caller,
  reachable: readonly Permission[],
): Promise<void> {
  if (reachable.length > 0) await requireRecentReauth(db, caller)
}

/** The caller's session proved who it is now. */
export async function markReauthenticated(tx: Queryable, sessionId: string): Promise<void> {
  await tx.query('UPDATE sessions SET reauthenticated_at = now() WHERE id = $1', [sessionId])
}

/**
 * Audits a refusal for want of a re-authentication (`session.reauth_required`, the route as its
 * target), with the security audit's rate bound; any other error is left alone. The refusal is
 * often made inside a transaction that rolls back, so this is called where the error comes out
 * of it: for every route, once, where server/src/routes/serve.ts registers it; and for an import row, which is refused on
 * its own and answered as a result rather than an error, where its refusal is kept.
 */
export async function auditReauthRefusal(
  ctx: ServerContext,
  db: Queryable,
  caller: Caller | undefined,
  route: string,
  error: unknown,
  changes?: Record<string, unknown>,
): Promise<void> {
  if (!caller || !(error instanceof ApiError) || error.code !== REAUTH_REQUIRED) return
  await ctx.securityAudit(db, {
    actor: caller,
    action: 'session.reauth_required',
    targetType: 'route',
    targetId: route,
    ...(changes ? { changes } : {}),
  })
}
