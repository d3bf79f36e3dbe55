import type { DormantOutcome } from '@shared/contract'
import { revokeSessionsOf } from '../auth/sessions'
import type { ServerConfig } from '../config'
import { anAdminRemainsBesides, lockAdminRights } from '../db/admins'
import { writeAudits, type Actor } from '../db/audit'
import { bulkTargets } from '../db/bulk-targets'
import type { Database, Queryable } from '../db/database'
import { retireResetTokensOf } from '../db/reset-tokens'
import { userFilterSql } from '../db/user-list/filters'
import { updateStatusOf } from '../db/users'
import { clash } from '../db/refusal'

type Policy = NonNullable<ServerConfig['dormant']>

const DAY_MS = 86_400_000

/** Held by every run, so that two (two processes, or Run now beside the daily run) never race. */
const DORMANT_RUN_LOCK = 7_310_057

/**
 * The users list's filter of those a run at `at` looks at: active, and not signed in (or, never
 * signed in, not created) since `afterDays` days before it. The preview's list is this filter.
 */
export const dormantFilter = (policy: Policy, at: number) => ({
  status: 'active' as const,
  lastSignIn: new Date(at - policy.afterDays * DAY_MS).toISOString(),
})

/** The exempt group's id; a group the policy names and the server lacks stops every run. */
async function exemptGroupId(db: Queryable, policy: Policy): Promise<number | undefined> {
  if (policy.exemptGroup === undefined) return undefined
  const [group] = await db.query<{ id: number }>(
    'SELECT id FROM groups WHERE lower(name) = lower($1)',
    [policy.exemptGroup],
  )
  if (!group) {
    throw clash('dormant_exempt_group_missing', { group: policy.exemptGroup })
  }
  return group.id
}

interface Selection {
  /** In id order. */
  deactivated: number[]
  exempt: number
  /** Administrators left active: without them, none would remain (the last-administrator rule). */
  kept: number
}

/**
 * Who a run at `at` deactivates: the users of `dormantFilter` but the exempt group's members and,
 * when deactivating every one of them would leave no administrator (`anAdminRemainsBesides`, the
 * rule of every change), the administrators among them. An administrator holds every
 * permission, so while one remains no permission loses its last holder.
 */
async function select(db: Queryable, policy: Policy, at: number): Promise<Selection> {
  const params: unknown[] = []
  const where = userFilterSql(dormantFilter(policy, at), params)
  const groupId = await exemptGroupId(db, policy)
  const exemptParam = `$${params.push(groupId ?? null)}::int`
  const rows = await db.query<{ id: number; exempt: boolean }>(
    `SELECT id, EXISTS (SELECT 1 FROM user_groups g WHERE g.user_id = users.id
       AND g.group_id = ${exemptParam}) AS exempt
     FROM users WHERE ${where} ORDER BY id`,
    params,
  )
  const candidates = rows.filter((row) => !row.exempt).map((row) => row.id)
  const exempt = rows.length - candidates.length
  if (candidates.length === 0 || (await anAdminRemainsBesides(db, candidates))) {
    return { deactivated: candidates, exempt, kept: 0 }
  }
  const targets = await bulkTargets(db, candidates, { forUpdate: false })
  const deactivated = candidates.filter((id) => !targets.get(id)?.is_admin)
  return { deactivated, exempt, kept: candidates.length - deactivated.length }
}

/** What a run at `at` would do, as things stand. */
export async function dormantOutcome(
  db: Queryable,
  policy: Policy,
  at: number,
): Promise<DormantOutcome> {
  return outcomeOf(policy, at, await select(db, policy, at))
}

/** What a run at `at` does, as the preview and the run both answer it. */
function outcomeOf(
  policy: Policy,
  at: number,
  { deactivated, exempt, kept }: { deactivated: unknown[]; exempt: number; kept: number },
): DormantOutcome {
  return {
    at: new Date(at).toISOString(),
    since: dormantFilter(policy, at).lastSignIn,
    count: deactivated.length,
    exempt,
    kept,
  }
}

/**
 * A run at `at`, in one transaction: the users selected deactivated, their sessions ended and
 * reset links retired, each audited as a deactivation with the reason "dormant" (by `actor`, who
 * ran it now, or by no one, the daily run). `claim(tx)` first, under the runs' lock: false, and
 * the run does nothing (its day was done by another process). Done again, it finds the users
 * already inactive: nothing more changes. The daily run names its `day`, claimed in
 * dormant_runs (migration 035): a day already claimed, and the run does nothing.
 */
export async function runDormant(
  db: Database,
  policy: Policy,
  at: number,
  actor: Actor | null,
  day?: string,
): Promise<DormantOutcome | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [DORMANT_RUN_LOCK])
    if (day !== undefined) {
      const claimed = await tx.query(
        `INSERT INTO dormant_runs (day, ran_at, deactivated) VALUES ($1::date, $2, 0)
         ON CONFLICT (day) DO NOTHING RETURNING day`,
        [day, new Date(at).toISOString()],
      )
      if (claimed.length === 0) return undefined
    }
    // Deactivating takes rights away: the last-administrator rule's lock, as every such change.
    await lockAdminRights(tx)
    const found = await select(tx, policy, at)
    // Locked, then chosen again: a sign-in that came first is seen, one after waits for the run.
    const locked = await tx.query<{ id: number }>(
      'SELECT id FROM users WHERE id = ANY ($1::int[]) ORDER BY id FOR UPDATE',
      [found.deactivated],
    )
    const { exempt, kept, ...chosen } = await select(tx, policy, at)
    const lockedIds = new Set(locked.map((row) => row.id))
    const deactivated = chosen.deactivated.filter((id) => lockedIds.has(id))
    if (day !== undefined) {
      await tx.query('UPDATE dormant_runs SET deactivated = $2 WHERE day = $1::date', [
        day,
        deactivated.length,
      ])
    }
    if (deactivated.length > 0) {
      await updateStatusOf(tx, deactivated, { isActive: false })
      await revokeSessionsOf(tx, deactivated)
      await retireResetTokensOf(tx, deactivated)
      await writeAudits(
        tx,
        deactivated.map((id) => ({
          actor,
          action: 'user.deactivate',
          targetType: 'user',
          targetId: id,
          changes: { isActive: { from: true, to: false }, reason: 'dormant' },
        })),
      )
    }
    return outcomeOf(policy, at, { deactivated, exempt, kept })
  })
}
