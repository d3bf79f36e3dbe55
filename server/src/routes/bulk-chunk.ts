import {
  BULK_TARGET_FIELD,
  isBulkAccessAction,
  type BulkAction,
  type BulkRequestBody,
} from '@shared/contract'
import { actOnRefusal, assertMayGive } from '../auth/delegation'
import type { Caller } from '../auth/guard'
import { revokeSessionsOf } from '../auth/sessions'
import type { ServerContext } from '../context'
import { GROUP, ROLE, assignMany, lockAccess, unassignMany, type AccessKind } from '../db/access'
import { anAdminRemainsBesides, lockAdminRights, noAdministratorLeft } from '../db/admins'
import { writeAudits, type AuditRecord } from '../db/audit'
import { bulkTargets, type BulkTarget } from '../db/bulk-targets'
import type { Queryable } from '../db/database'
import { retireResetTokensOf } from '../db/reset-tokens'
import { updateStatusOf, userNotFound } from '../db/users'
import { ApiError, databaseFailure } from '../errors'
import { STATUS_ACTIONS, ownAccountRefusal, statusChanges } from './user-status'

/**
 * Issue 31: one chunk of a bulk action decided and applied for all its users at once, in one
 * transaction of a few statements, with the rules each user's own request would apply (missing,
 * own account, holding more than the caller, giving more than the caller holds, the last
 * administrator). A user a rule refuses is answered so; the others are changed, each with its
 * own audit entry.
 */

/** What happens to one user of the chunk: refused, left as it is, or changed. */
type Decision =
  | { kind: 'refused'; error: ApiError }
  | { kind: 'unchanged' }
  | { kind: 'change'; changes: Record<string, unknown>; losesAdmin: boolean }

const UNCHANGED: Decision = { kind: 'unchanged' }

const refused = (error: unknown): Decision => ({ kind: 'refused', error: asApiError(error) })

/** The data layer's refusals as the answers they are over HTTP. */
function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  const known = databaseFailure(error)
  if (!known) throw error
  return known
}

/**
 * Users who would stop being administrators are changed in the order sent while one remains
 * (another user, or one of them not yet changed): the user whose change would leave none is
 * refused, as their own request would have been, one after the other.
 */
async function keepAnAdmin(tx: Queryable, ids: number[], decisions: Decision[]) {
  const losing = ids.filter((_, i) => {
    const decision = decisions[i]!
    return decision.kind === 'change' && decision.losesAdmin
  })
  const othersRemain = await anAdminRemainsBesides(tx, losing)
  let remaining = losing.length
  const lastAdminRefusal = othersRemain ? undefined : await noAdministratorLeft(tx)
  decisions.forEach((decision, i) => {
    if (decision.kind !== 'change') return
    const after = remaining - (decision.losesAdmin ? 1 : 0)
    if (othersRemain || after > 0) remaining = after
    else decisions[i] = refused(lastAdminRefusal)
  })
}

/** The refusals every action applies first: the user is missing, or holds more than the caller. */
function commonRefusal(caller: Caller, id: number, target: BulkTarget | undefined) {
  if (!target) return refused(userNotFound(id))
  const refusal = actOnRefusal(caller, { id, permissions: target.reachable })
  return refusal && refused(refusal)
}

const auditRecords = (
  caller: Caller,
  action: AuditRecord['action'],
  ids: number[],
  decisions: Decision[],
  changed: Set<number>,
): AuditRecord[] =>
  ids.flatMap((id, i) => {
    const decision = decisions[i]!
    if (decision.kind !== 'change' || !changed.has(id)) return []
    return [{ actor: caller, action, targetType: 'user', targetId: id, changes: decision.changes }]
  })

const changedIds = (ids: number[], decisions: Decision[]) =>
  ids.filter((_, i) => decisions[i]!.kind === 'change')

async function statusChunk(
  tx: Queryable,
  caller: Caller,
  path: string,
  ids: number[],
): Promise<Decision[]> {
  const action = STATUS_ACTIONS.find((candidate) => candidate.path === path)!
  if (action.removesRights) await lockAdminRights(tx)
  const targets = await bulkTargets(tx, ids, { forUpdate: true })
  const decisions = ids.map((id): Decision => {
    const target = targets.get(id)
    if (target && action.removesRights && caller.id === id)
      return refused(ownAccountRefusal(action))
    const refusal = commonRefusal(caller, id, target)
    if (refusal) return refusal
    const changes = statusChanges(action, target!)
    if (!changes) return UNCHANGED
    return { kind: 'change', changes, losesAdmin: action.removesRights && target!.is_admin }
  })
  if (action.removesRights) await keepAnAdmin(tx, ids, decisions)
  const changed = changedIds(ids, decisions)
  if (changed.length === 0) return decisions
  await updateStatusOf(tx, changed, action.change)
  if (action.removesRights) {
    await revokeSessionsOf(tx, changed)
    // A link mailed before must not outlive the lock or deactivation, whatever follows it.
    await retireResetTokensOf(tx, changed)
  }
  await writeAudits(
    tx,
    auditRecords(caller, `user.${action.path}`, ids, decisions, new Set(changed)),
  )
  return decisions
}

async function accessChunk(
  tx: Queryable,
  caller: Caller,
  kind: AccessKind,
  change: 'add' | 'remove',
  targetId: number,
  ids: number[],
): Promise<Decision[]> {
  if (change === 'remove') await lockAdminRights(tx)
  // The role or group is locked first, and may be gone since the request was checked.
  let target: { id: number; name: string } | undefined
  let targetRefusal: Decision | undefined
  try {
    target = await lockAccess(tx, kind, targetId)
  } catch (error) {
    targetRefusal = refused(error)
  }
  let giveRefusal: Decision | undefined
  if (target && change === 'add') {
    try {
      await assertMayGive(tx, caller, kind, target)
    } catch (error) {
      giveRefusal = refused(error)
    }
  }
  const targets = await bulkTargets(tx, ids, {
    forUpdate: false,
    link: { kind, id: targetId },
  })
  const decisions = ids.map((id): Decision => {
    const user = targets.get(id)
    const refusal =
      (user ? targetRefusal : refused(userNotFound(id))) ??
      commonRefusal(caller, id, user) ??
      giveRefusal
    if (refusal) return refusal
    if (user!.holds_link === (change === 'add')) return UNCHANGED
    return {
      kind: 'change',
      changes: { [kind.noun]: { id: target!.id, name: target!.name } },
      losesAdmin: change === 'remove' && user!.is_admin && !user!.admin_without_link,
    }
  })
  if (change === 'remove') await keepAnAdmin(tx, ids, decisions)
  const wanted = changedIds(ids, decisions)
  if (wanted.length === 0) return decisions
  // A link made by someone else meanwhile is not this action's: only those made here are audited.
  let changed = new Set(wanted)
  if (change === 'add') changed = new Set(await assignMany(tx, kind, wanted, targetId))
  else await unassignMany(tx, kind, wanted, targetId)
  await writeAudits(
    tx,
    auditRecords(caller, `user.${kind.noun}_${change}`, ids, decisions, changed),
  )
  return decisions
}

/**
 * The chunk `ids` of a bulk action in one transaction: each user's answer, undefined when they
 * were changed or left as they were, the refusal otherwise. A failure of the database (a
 * conflict, a lost connection) rejects the whole chunk, nothing of it applied.
 */
export async function applyBulkChunk(
  ctx: ServerContext,
  caller: Caller,
  action: BulkAction,
  body: BulkRequestBody,
  ids: number[],
): Promise<(ApiError | undefined)[]> {
  const decisions = await ctx.db.transaction((tx) => {
    if (!isBulkAccessAction(action)) return statusChunk(tx, caller, action, ids)
    const kind = action === 'assign-role' ? ROLE : GROUP
    const change = action === 'remove-from-group' ? 'remove' : 'add'
    const targetId = body[BULK_TARGET_FIELD[action]]!
    return accessChunk(tx, caller, kind, change, targetId, ids)
  })
  return decisions.map((decision) => (decision.kind === 'refused' ? decision.error : undefined))
}
