import type { UserImportResult, UserImportRow } from '@shared/contract'
import { planImportRow, type ImportNames, type RowPlan } from '@shared/user-import-plan'
import type { Caller } from '../auth/guard'
import { auditReauthRefusal } from '../auth/reauth'
import { NO_PASSWORD_HASH } from '../auth/passwords'
import type { ServerContext } from '../context'
import { GROUP, ROLE, assignPairs, type AccessKind } from '../db/access'
import { writeAudits, type AuditRecord } from '../db/audit'
import { prefetchedLookups } from '../db/import-rows'
import { enqueueMails } from '../db/mail-outbox'
import { issueNewUsersResetTokens } from '../db/reset-tokens'
import { insertUsers } from '../db/users'
import {
  IMPORT_ROUTE,
  SET_PASSWORD_LINK_TTL_SECONDS,
  createdChanges,
  mayGiveIn,
  refusedResult,
  resultOf,
  ruleRefusal,
  setPasswordLink,
  updatedChanges,
  writeUpdate,
  type Created,
  type ImportOptions,
  type Updated,
} from './user-import-rows'

const key = (text: string) => text.trim().normalize('NFC').toLowerCase()

const repeats = (texts: string[]) => new Set(texts).size < texts.length

/**
 * Whether the rows, applied one after another, could depend on each other: when two name the
 * same username or email. Then a later row's plan would see what an earlier one did, which
 * plans made together from the users as they are do not. A deactivation is applied row by row
 * too: whether an administrator remains is decided after each row.
 */
function rowsInterlock(rows: UserImportRow[], options: ImportOptions): boolean {
  if (options.updateExisting && rows.some((row) => row.active === false)) return true
  return (
    repeats(rows.map((row) => key(row.username))) ||
    repeats(rows.flatMap((row) => (row.email ? [key(row.email)] : [])))
  )
}

/** Every user id and role (or group) id of the links the plans give, as two columns. */
function links(plans: { id: number; plan: Created | Updated }[], kind: AccessKind) {
  const userIds: number[] = []
  const ids: number[] = []
  for (const { id, plan } of plans) {
    for (const target of kind === ROLE ? plan.roles : plan.groups) {
      userIds.push(id)
      ids.push(target.id)
    }
  }
  return [userIds, ids] as const
}

/**
 * A chunk of rows in one transaction, the writes made set-wise: every row is planned and
 * allowed first (with the users it names locked), then the new users, their roles, groups,
 * set-password tokens and mails, and the audit rows are each one statement. A row refused by a rule is its
 * own result; anything that fails the statements (a name taken meanwhile by another request)
 * rolls the whole chunk back, and the caller applies its rows one by one instead. Answers
 * undefined, having changed nothing, when the rows interlock (`rowsInterlock`) once the users
 * they name are known.
 */
export async function importChunk(
  ctx: ServerContext,
  caller: Caller,
  rows: UserImportRow[],
  options: ImportOptions,
  names: ImportNames,
): Promise<UserImportResult[] | undefined> {
  if (rowsInterlock(rows, options)) return undefined
  return ctx.db.transaction(async (tx) => {
    const lookups = await prefetchedLookups(tx, rows, true)
    const plans: RowPlan[] = []
    for (const row of rows) plans.push(await planImportRow(row, options, names, caller.id, lookups))
    // A present user's email, which an update may give up, named by another row.
    const emails = new Set(rows.flatMap((row) => (row.email ? [key(row.email)] : [])))
    const presentEmails = await Promise.all(
      rows.map(async (row, index) => {
        const plan = plans[index]!
        if (!plan.present) return undefined
        const user = await lookups.present(row.username.trim().normalize('NFC'))
        return user && key(user.email) !== key(row.email ?? '') ? key(user.email) : undefined
      }),
    )
    if (presentEmails.some((email) => email !== undefined && emails.has(email))) return undefined

    const mayGive = mayGiveIn(tx, caller)
    /** Each row's refusal by a rule, by its place: the row applies nothing. */
    const refusals = new Map<number, string>()
    const created: { index: number; plan: Created }[] = []
    const updated: { index: number; plan: Updated }[] = []
    for (const [index, plan] of plans.entries()) {
      if (plan.outcome !== 'created' && plan.outcome !== 'updated') continue
      const refusal = await ruleRefusal(tx, caller, plan, mayGive)
      if (refusal) {
        // In the chunk's transaction: gone with it if the rows are then applied one by one.
        await auditReauthRefusal(ctx, tx, caller, IMPORT_ROUTE, refusal, { row: rows[index]!.row })
        refusals.set(index, refusal.message)
        continue
      }
      if (plan.outcome === 'created') created.push({ index, plan })
      else updated.push({ index, plan })
    }

    const ids = await insertUsers(
      tx,
      created.map(({ plan }) => ({
        ...plan.profile,
        passwordHash: NO_PASSWORD_HASH,
        isActive: plan.isActive,
      })),
    )
    const applied = [
      ...created.map(({ index, plan }, at) => ({ index, id: ids[at]!, plan })),
      ...updated.map(({ index, plan }) => ({ index, id: plan.id, plan })),
    ].sort((a, b) => a.index - b.index)
    for (const { plan } of updated) await writeUpdate(tx, plan)
    await assignPairs(tx, ROLE, ...links(applied, ROLE))
    await assignPairs(tx, GROUP, ...links(applied, GROUP))
    if (options.sendSetPasswordLink) {
      const sent = created.map(({ plan }, at) => setPasswordLink(ctx, ids[at]!, plan.profile))
      await issueNewUsersResetTokens(
        tx,
        sent.map(({ tokenHash }, at) => ({ userId: ids[at]!, tokenHash })),
        SET_PASSWORD_LINK_TTL_SECONDS,
      )
      await enqueueMails(
        tx,
        sent.map(({ mail }) => mail),
      )
    }
    await writeAudits(
      tx,
      applied.map(({ id, plan }): AuditRecord => ({
        actor: caller,
        action: plan.outcome === 'created' ? 'user.create' : 'user.update',
        targetType: 'user',
        targetId: id,
        changes:
          plan.outcome === 'created'
            ? createdChanges(plan, options)
            : updatedChanges(plan, options),
      })),
    )
    const idsOf = new Map(applied.map(({ index, id }) => [index, id]))
    return rows.map((row, index) => {
      const refusal = refusals.get(index)
      return refusal === undefined
        ? resultOf(row, plans[index]!, idsOf.get(index))
        : refusedResult(row, refusal)
    })
  })
}
