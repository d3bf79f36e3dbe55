import { endpoints, type Endpoint, type idParams } from '@shared/contract'
import { revokeUserSessions } from '../auth/sessions'
import { assertMayActOn } from '../auth/delegation'
import { OWN_ACCOUNT_REFUSALS, userWithActionRights } from '../auth/user-action-rights'
import type { Caller } from '../auth/guard'
import type { ServerContext } from '../context'
import { assertAnAdminRemains, lockAdminRights } from '../db/admins'
import { writeAudit } from '../db/audit'
import { retireResetTokens } from '../db/reset-tokens'
import {
  existingUser,
  toUser,
  updateStatus,
  userEtag,
  type StatusChange,
  type UserRow,
} from '../db/users'
import { conflict } from '../errors'
import { resource } from './serve'

export type StatusPath = 'activate' | 'deactivate' | 'lock' | 'unlock'

export interface StatusAction {
  path: StatusPath
  endpoint: Endpoint & { access: 'users.status'; params: typeof idParams }
  change: StatusChange
  /** Taking this away could cost someone administrator rights. */
  removesRights: boolean
}

export const STATUS_ACTIONS: StatusAction[] = [
  {
    path: 'activate',
    endpoint: endpoints.activateUser,
    change: { isActive: true },
    removesRights: false,
  },
  {
    path: 'deactivate',
    endpoint: endpoints.deactivateUser,
    change: { isActive: false },
    removesRights: true,
  },
  { path: 'lock', endpoint: endpoints.lockUser, change: { isLocked: true }, removesRights: true },
  {
    path: 'unlock',
    endpoint: endpoints.unlockUser,
    change: { isLocked: false },
    removesRights: false,
  },
]

/**
 * What `action` changes of a user, as the audit log records it; undefined when it changes
 * nothing (unlock ends a running temporary lockout too).
 */
export function statusChanges(
  action: StatusAction,
  before: Pick<UserRow, 'is_active' | 'is_locked' | 'login_blocked_until'>,
): Record<string, unknown> | undefined {
  const field = action.change.isActive !== undefined ? 'isActive' : 'isLocked'
  const from = field === 'isActive' ? before.is_active : before.is_locked
  const endsLockout = action.path === 'unlock' && before.login_blocked_until !== null
  if (from === action.change[field] && !endsLockout) return undefined
  return {
    [field]: { from, to: action.change[field] },
    ...(endsLockout ? { loginBlockedUntil: { from: before.login_blocked_until, to: null } } : {}),
  }
}

/** Nobody locks or deactivates their own account. */
export const ownAccountRefusal = (action: StatusAction) =>
  conflict(OWN_ACCOUNT_REFUSALS[action.path as keyof typeof OWN_ACCOUNT_REFUSALS])

/**
 * One user's activate, deactivate, lock or unlock in its own transaction, audited, with the
 * rules of every caller (one user or many): nobody locks or deactivates their own account, nor
 * acts on one holding a permission they do not hold, and an active administrator remains. Lock
 * and deactivate end the user's sessions and retire any outstanding reset link; unlock also
 * ends a temporary sign-in lockout.
 */
export async function applyStatusAction(
  { db }: ServerContext,
  caller: Caller,
  id: number,
  path: StatusPath,
): Promise<UserRow> {
  const action = STATUS_ACTIONS.find((candidate) => candidate.path === path)!
  return db.transaction(async (tx) => {
    if (action.removesRights) await lockAdminRights(tx)
    const before = await existingUser(tx, id, true)
    if (action.removesRights && caller.id === id) throw ownAccountRefusal(action)
    await assertMayActOn(tx, caller, id)
    const changes = statusChanges(action, before)
    if (!changes) return before
    const after = await updateStatus(tx, id, action.change)
    if (action.removesRights) {
      await revokeUserSessions(tx, id)
      // A link mailed before must not outlive the lock or deactivation, whatever follows it.
      await retireResetTokens(tx, id)
    }
    await writeAudit(tx, {
      actor: caller,
      action: `user.${action.path}`,
      targetType: 'user',
      targetId: id,
      changes,
    })
    if (action.removesRights) await assertAnAdminRemains(tx)
    return after
  })
}

/** Activate, deactivate, lock and unlock one user. */
export const userStatusRoutes = resource(({ serve }, ctx) => {
  for (const action of STATUS_ACTIONS) {
    serve(action.endpoint, async ({ params, caller, reply }) => {
      const user = await applyStatusAction(ctx, caller, params.id, action.path)
      reply.header('etag', userEtag(user))
      return userWithActionRights(ctx.db, caller, toUser(user))
    })
  }
})
