import {
  endpoints,
  type Permission,
  type UserImportResult,
  type UserImportRow,
} from '@shared/contract'
import type { ImportNames, ImportProfile, RowPlan } from '@shared/user-import-plan'
import { planImportRow } from '@shared/user-import-plan'
import { assertHolds, assertMayActOn, assertMayGive } from '../auth/delegation'
import type { Caller } from '../auth/guard'
import { requireReauthForAdministration, requireReauthToRedirectAccess } from '../auth/reauth'
import { NO_PASSWORD_HASH } from '../auth/passwords'
import { revokeUserSessions } from '../auth/sessions'
import { hashToken, newSecret } from '../auth/tokens'
import type { ServerContext } from '../context'
import { GROUP, ROLE, assign, type AccessKind } from '../db/access'
import { assertAnAdminRemains, lockAdminRights } from '../db/admins'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'
import { databaseLookups } from '../db/import-rows'
import { enqueueMail } from '../db/mail-outbox'
import { issueResetToken, retireResetTokens } from '../db/reset-tokens'
import { insertUser, updateProfile, updateStatus } from '../db/users'
import { ApiError } from '../errors'

/** A new account's link lasts longer than a reset's hour: the mail may wait over a weekend. */
export const SET_PASSWORD_LINK_TTL_SECONDS = 7 * 24 * 3600

export interface ImportOptions {
  updateExisting: boolean
  sendSetPasswordLink: boolean
  fileName?: string
}

export type Applied = Extract<RowPlan, { outcome: 'created' | 'updated' }>
export type Created = Extract<RowPlan, { outcome: 'created' }>
export type Updated = Extract<RowPlan, { outcome: 'updated' }>

/** The mail that lets a new user choose a password, and the hash of the token it carries. */
export function setPasswordLink(ctx: ServerContext, userId: number, profile: ImportProfile) {
  const token = newSecret()
  const link = `${ctx.config.resetLinkBase}?token=${encodeURIComponent(token)}`
  return {
    tokenHash: hashToken(token),
    mail: {
      userId,
      to: profile.email,
      subject: 'Set your password',
      description: `Set-password link for ${profile.username}`,
      text:
        `Hello ${profile.firstName},\n\n` +
        `An administrator has created your account "${profile.username}".\n` +
        `Choose your password within seven days with this link:\n\n${link}\n\n` +
        `If you did not expect this, tell your IT administrator.\n`,
    },
  }
}

/**
 * Giving a role or group: refused unless the caller holds all it grants (`assertMayGive`);
 * answers what it grants.
 */
export type MayGive = (
  kind: AccessKind,
  target: { id: number; name: string },
) => Promise<Permission[]>

/** `assertMayGive` asked once per role or group: the answer is the same for each row. */
function memoised(mayGive: MayGive): MayGive {
  const answers = new Map<string, Promise<Permission[]>>()
  return (kind, target) => {
    const id = `${kind.noun}:${target.id}`
    let answer = answers.get(id)
    if (!answer) {
      answer = mayGive(kind, target)
      answers.set(id, answer)
      // Each row that needs it awaits it; a refusal is not unhandled meanwhile.
      answer.catch(() => undefined)
    }
    return answer
  }
}

export const mayGiveIn = (tx: Queryable, caller: Caller): MayGive =>
  memoised((kind, target) => assertMayGive(tx, caller, kind, target))

/** The route a row's refusal for want of a re-authentication is audited under. */
export const IMPORT_ROUTE = `POST ${endpoints.importUsers.path}`

/**
 * What a row does beyond adding a user, allowed as its single routes allow it (issue 29):
 * changing a present user needs all they hold or could hold and the permission of each change,
 * and a recent re-authentication to move the email of one who holds or could hold any
 * permission; a role or group given needs the assign permission and all it grants, and a recent
 * re-authentication when that is an administration right.
 */
async function assertMayApply(tx: Queryable, caller: Caller, plan: Applied, mayGive: MayGive) {
  const needed: Permission[] = []
  let reachable: Permission[] = []
  if (plan.outcome === 'updated') {
    reachable = await assertMayActOn(tx, caller, plan.id)
    if (Object.keys(plan.profileChanges).length > 0) needed.push('users.edit')
    if (plan.active) needed.push('users.status')
  }
  if (plan.roles.length + plan.groups.length > 0) needed.push('users.assign')
  assertHolds(caller, needed)
  if (plan.outcome === 'updated' && 'email' in plan.profileChanges) {
    await requireReauthToRedirectAccess(tx, caller, reachable)
  }
  const granted: Permission[] = []
  for (const role of plan.roles) granted.push(...(await mayGive(ROLE, role)))
  for (const group of plan.groups) granted.push(...(await mayGive(GROUP, group)))
  await requireReauthForAdministration(tx, caller, granted)
}

/**
 * The refusal by a rule of a row's plan, if one does: the row then applies nothing, and shows
 * its message. The dry run asks the same, so that its outcomes are the real run's for the same
 * caller.
 */
export async function ruleRefusal(
  tx: Queryable,
  caller: Caller,
  plan: Applied,
  mayGive: MayGive,
): Promise<ApiError | undefined> {
  try {
    await assertMayApply(tx, caller, plan, mayGive)
    return undefined
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return error
  }
}

const importSource = (options: ImportOptions) => ({ import: options.fileName ?? true })

/** The audit changes of a user created by a row. */
export const createdChanges = (plan: Created, options: ImportOptions) => ({
  ...plan.profile,
  isActive: plan.isActive,
  roles: plan.roles.map((role) => role.name),
  groups: plan.groups.map((group) => group.name),
  setPasswordLink: options.sendSetPasswordLink,
  ...importSource(options),
})

/** The audit changes of a present user updated by a row. */
export const updatedChanges = (plan: Updated, options: ImportOptions) => ({
  ...plan.profileChanges,
  ...(plan.active ? { isActive: plan.active } : {}),
  ...(plan.roles.length > 0 ? { rolesAdded: plan.roles.map((role) => role.name) } : {}),
  ...(plan.groups.length > 0 ? { groupsAdded: plan.groups.map((group) => group.name) } : {}),
  ...importSource(options),
})

/** A present user's profile, status and new links, as an updating row's plan says. */
export async function writeUpdate(tx: Queryable, plan: Updated) {
  if (Object.keys(plan.profileChanges).length > 0)
    await updateProfile(tx, plan.id, plan.profileChanges)
  if (plan.active) {
    await updateStatus(tx, plan.id, { isActive: plan.active.to })
    if (!plan.active.to) {
      await revokeUserSessions(tx, plan.id)
      // As Deactivate does: a link mailed before must not outlive the deactivation.
      await retireResetTokens(tx, plan.id)
    }
  }
  for (const role of plan.roles) await assign(tx, ROLE, plan.id, role.id)
  for (const group of plan.groups) await assign(tx, GROUP, plan.id, group.id)
}

/** Writes what a row's plan says, in the caller's transaction, audited. */
async function applyPlan(
  ctx: ServerContext,
  tx: Queryable,
  caller: Caller,
  plan: RowPlan,
  options: ImportOptions,
): Promise<number | undefined> {
  if (plan.outcome === 'created') {
    await assertMayApply(tx, caller, plan, mayGiveIn(tx, caller))
    const user = await insertUser(tx, {
      ...plan.profile,
      passwordHash: NO_PASSWORD_HASH,
      isActive: plan.isActive,
    })
    for (const role of plan.roles) await assign(tx, ROLE, user.id, role.id)
    for (const group of plan.groups) await assign(tx, GROUP, user.id, group.id)
    if (options.sendSetPasswordLink) {
      const { tokenHash, mail } = setPasswordLink(ctx, user.id, plan.profile)
      await issueResetToken(tx, user.id, tokenHash, SET_PASSWORD_LINK_TTL_SECONDS)
      await enqueueMail(tx, mail)
    }
    await writeAudit(tx, {
      actor: caller,
      action: 'user.create',
      targetType: 'user',
      targetId: user.id,
      changes: createdChanges(plan, options),
    })
    return user.id
  }
  if (plan.outcome !== 'updated') return plan.id
  await assertMayApply(tx, caller, plan, mayGiveIn(tx, caller))
  await writeUpdate(tx, plan)
  await writeAudit(tx, {
    actor: caller,
    action: 'user.update',
    targetType: 'user',
    targetId: plan.id,
    changes: updatedChanges(plan, options),
  })
  if (plan.active?.to === false) await assertAnAdminRemains(tx)
  return plan.id
}

export const resultOf = (
  row: UserImportRow,
  plan: RowPlan,
  id = 'id' in plan ? plan.id : undefined,
): UserImportResult => ({
  row: row.row,
  username: row.username,
  outcome: plan.outcome,
  ...(id !== undefined ? { id } : {}),
  present: plan.present,
  errors: plan.outcome === 'failed' ? plan.errors : [],
})

/** A row refused as a whole (a permission, a name taken meanwhile): nothing of it applied. */
export const refusedResult = (row: UserImportRow, message: string): UserImportResult => ({
  row: row.row,
  username: row.username,
  outcome: 'failed',
  present: false,
  errors: [{ field: '', message }],
})

/** One row in a transaction of its own: all of it lands, or none of it. */
export async function importRow(
  ctx: ServerContext,
  caller: Caller,
  row: UserImportRow,
  options: ImportOptions,
  names: ImportNames,
): Promise<UserImportResult> {
  return ctx.db.transaction(async (tx) => {
    // Deactivating could cost someone administrator rights: serialised like the status routes.
    if (options.updateExisting && row.active === false) await lockAdminRights(tx)
    const plan = await planImportRow(row, options, names, caller.id, databaseLookups(tx, true))
    if (plan.outcome === 'failed') return resultOf(row, plan)
    return resultOf(row, plan, await applyPlan(ctx, tx, caller, plan, options))
  })
}
