import {
  MAX_IMPORT_ROWS,
  USER_IMPORT_PATH,
  userImportRequestSchema,
  userImportResponseSchema,
  type UserImportResponse,
  type UserImportResult,
  type Permission,
  type UserImportRow,
} from '@shared/contract'
import { assertHolds, assertMayActOn, assertMayGive } from '../auth/delegation'
import type { Caller } from '../auth/guard'
import { requireReauthForAdministration } from '../auth/reauth'
import { NO_PASSWORD_HASH } from '../auth/passwords'
import { revokeUserSessions } from '../auth/sessions'
import { hashToken, newSecret } from '../auth/tokens'
import type { ServerContext } from '../context'
import { GROUP, ROLE, assign } from '../db/access'
import { assertAnAdminRemains, lockAdminRights } from '../db/admins'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'
import { databaseLookups, findImportNames, prefetchedLookups } from '../db/import-rows'
import { enqueueMail } from '../db/mail-outbox'
import { issueResetToken } from '../db/reset-tokens'
import { insertUser, updateProfile, updateStatus, type UserRow } from '../db/users'
import { ApiError, databaseFailure } from '../errors'
import { planImportRow, type ImportNames, type RowPlan } from '@shared/user-import-plan'
import { route, type RouteSpec } from './define'

/** A new account's link lasts longer than a reset's hour: the mail may wait over a weekend. */
const SET_PASSWORD_LINK_TTL_SECONDS = 7 * 24 * 3600

interface ImportOptions {
  updateExisting: boolean
  sendSetPasswordLink: boolean
  fileName?: string
}

/** Queues the mail that lets a new user choose a password, with the token it carries. */
async function queueSetPasswordLink(ctx: ServerContext, tx: Queryable, user: UserRow) {
  const token = newSecret()
  const link = `${ctx.config.resetLinkBase}?token=${encodeURIComponent(token)}`
  await issueResetToken(tx, user.id, hashToken(token), SET_PASSWORD_LINK_TTL_SECONDS)
  await enqueueMail(tx, {
    userId: user.id,
    to: user.email,
    subject: 'Set your password',
    description: `Set-password link for ${user.username}`,
    text:
      `Hello ${user.first_name},\n\n` +
      `An administrator has created your account "${user.username}".\n` +
      `Choose your password within seven days with this link:\n\n${link}\n\n` +
      `If you did not expect this, tell your IT administrator.\n`,
  })
}

type Applied = Extract<RowPlan, { outcome: 'created' | 'updated' }>

/**
 * What a row does beyond adding a user, allowed as its single routes allow it (issue 29):
 * changing a present user needs all they hold and the permission of each change; a role or
 * group given needs the assign permission and all it grants, and a recent re-authentication
 * when that is an administration right.
 */
async function assertMayApply(ctx: ServerContext, tx: Queryable, caller: Caller, plan: Applied) {
  const adminRoleName = ctx.config.admin.roleName
  const needed: Permission[] = []
  if (plan.outcome === 'updated') {
    await assertMayActOn(tx, caller, plan.id, adminRoleName)
    if (Object.keys(plan.profileChanges).length > 0) needed.push('users.edit')
    if (plan.active) needed.push('users.status')
  }
  if (plan.roles.length + plan.groups.length > 0) needed.push('users.assign')
  assertHolds(caller, needed)
  const granted: Permission[] = []
  for (const role of plan.roles) {
    granted.push(...(await assertMayGive(tx, caller, ROLE, role, adminRoleName)))
  }
  for (const group of plan.groups) {
    granted.push(...(await assertMayGive(tx, caller, GROUP, group, adminRoleName)))
  }
  await requireReauthForAdministration(tx, caller, granted)
}

/** Writes what a row's plan says, in the caller's transaction, audited. */
async function applyPlan(
  ctx: ServerContext,
  tx: Queryable,
  caller: Caller,
  plan: RowPlan,
  options: ImportOptions,
): Promise<number | undefined> {
  if (plan.outcome === 'created' || plan.outcome === 'updated') {
    await assertMayApply(ctx, tx, caller, plan)
  }
  const source = { import: options.fileName ?? true }
  if (plan.outcome === 'created') {
    const user = await insertUser(tx, {
      ...plan.profile,
      passwordHash: NO_PASSWORD_HASH,
      isActive: plan.isActive,
    })
    for (const role of plan.roles) await assign(tx, ROLE, user.id, role.id)
    for (const group of plan.groups) await assign(tx, GROUP, user.id, group.id)
    if (options.sendSetPasswordLink) await queueSetPasswordLink(ctx, tx, user)
    await writeAudit(tx, {
      actor: caller,
      action: 'user.create',
      targetType: 'user',
      targetId: user.id,
      changes: {
        ...plan.profile,
        isActive: plan.isActive,
        roles: plan.roles.map((role) => role.name),
        groups: plan.groups.map((group) => group.name),
        setPasswordLink: options.sendSetPasswordLink,
        ...source,
      },
    })
    return user.id
  }
  if (plan.outcome !== 'updated') return plan.id
  if (Object.keys(plan.profileChanges).length > 0) await updateProfile(tx, plan.id, plan.profile)
  if (plan.active) {
    await updateStatus(tx, plan.id, { isActive: plan.active.to })
    if (!plan.active.to) await revokeUserSessions(tx, plan.id)
  }
  for (const role of plan.roles) await assign(tx, ROLE, plan.id, role.id)
  for (const group of plan.groups) await assign(tx, GROUP, plan.id, group.id)
  await writeAudit(tx, {
    actor: caller,
    action: 'user.update',
    targetType: 'user',
    targetId: plan.id,
    changes: {
      ...plan.profileChanges,
      ...(plan.active ? { isActive: plan.active } : {}),
      ...(plan.roles.length > 0 ? { rolesAdded: plan.roles.map((role) => role.name) } : {}),
      ...(plan.groups.length > 0 ? { groupsAdded: plan.groups.map((group) => group.name) } : {}),
      ...source,
    },
  })
  if (plan.active?.to === false) await assertAnAdminRemains(tx, ctx.config.admin.roleName)
  return plan.id
}

const resultOf = (row: UserImportRow, plan: RowPlan, id = 'id' in plan ? plan.id : undefined) => ({
  row: row.row,
  username: row.username,
  outcome: plan.outcome,
  ...(id !== undefined ? { id } : {}),
  present: plan.present,
  errors: plan.outcome === 'failed' ? plan.errors : [],
})

/** One row in a transaction of its own: all of it lands, or none of it. */
async function importRow(
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

/** `POST /api/admin/users/import`: a part of a CSV file, checked (dryRun) or applied row by row. */
export function userImportRoutes(ctx: ServerContext): RouteSpec[] {
  const { db } = ctx
  return [
    route({
      method: 'POST',
      url: USER_IMPORT_PATH,
      operationId: 'importUsers',
      summary: `Create users from rows of a CSV file (at most ${MAX_IMPORT_ROWS}), each in its own transaction: a username already present is left alone, or updated (profile, status, roles and groups added) with updateExisting. dryRun answers what would happen and changes nothing. Answers each row's outcome and errors by field`,
      tag: 'users',
      access: 'users.create',
      body: userImportRequestSchema,
      response: userImportResponseSchema,
      async handler({ body, caller, request }): Promise<UserImportResponse> {
        const names = await findImportNames(db, body.rows)
        const results: UserImportResult[] = []
        const preread = body.dryRun ? await prefetchedLookups(db, body.rows) : undefined
        for (const row of body.rows) {
          if (preread) {
            const plan = await planImportRow(
              row,
              body,
              names,
              caller.id,
              databaseLookups(db, false),
            )
            results.push(resultOf(row, plan))
            continue
          }
          try {
            results.push(await importRow(ctx, caller, row, body, names))
          } catch (error) {
            // Earlier rows are committed already: a failure is this row's result, never a 500.
            // It reads as the row's own request would answer (a name taken, a lost connection).
            const known = error instanceof ApiError ? error : databaseFailure(error)
            if (!known) request.log.error({ err: error, row: row.row }, 'import of a row failed')
            results.push({
              row: row.row,
              username: row.username,
              outcome: 'failed',
              present: false,
              errors: [{ field: '', message: known ? known.message : 'Internal server error' }],
            })
          }
        }
        const count = (outcome: UserImportResult['outcome']) =>
          results.filter((result) => result.outcome === outcome).length
        const summary = {
          dryRun: body.dryRun,
          results,
          created: count('created'),
          updated: count('updated'),
          unchanged: count('unchanged'),
          failed: count('failed'),
        }
        if (!body.dryRun) {
          await db.transaction((tx) =>
            writeAudit(tx, {
              actor: caller,
              action: 'user.import',
              targetType: 'user',
              targetId: null,
              changes: {
                file: body.fileName ?? null,
                rows: results.length,
                firstRow: body.rows[0]!.row,
                lastRow: body.rows.at(-1)!.row,
                created: summary.created,
                updated: summary.updated,
                unchanged: summary.unchanged,
                failed: summary.failed,
              },
            }),
          )
          if (summary.created > 0 && body.sendSetPasswordLink) ctx.mail.kick()
        }
        return summary
      },
    }),
  ]
}
