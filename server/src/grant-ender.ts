import { startBatchJob, type BatchJob } from './batch-job'
import type { Clock } from './clock'
import { writeAudit } from './db/audit'
import type { Database } from './db/database'
import { GRANTS_ENDED_PER_STATEMENT, endGrants } from './db/grant-ends'

/**
 * How often each API process looks for ended grants: a grant is taken away within a minute of
 * its end (issue 57), although it stops counting at its end already (`grantCounts`).
 */
export const GRANT_END_POLL_MILLISECONDS = 20_000

const KINDS = [
  { table: 'user_roles', column: 'role_id', named: 'roles', noun: 'role' },
  { table: 'user_groups', column: 'group_id', named: 'groups', noun: 'group' },
] as const

/** Takes away every grant ended by the server's clock; `run` answers how many. */
export type GrantEnder = BatchJob

/**
 * The job that ends grants at their time: each batch is deleted and audited
 * (`user.role_expire`, `user.group_expire`, with the end and the reason it was given for) in one
 * transaction, so a grant is never taken away unrecorded nor recorded twice, whichever of the
 * API processes running it gets there first.
 */
export function startGrantEnder(
  db: Database,
  clock: Clock,
  failed: (error: unknown) => void,
): GrantEnder {
  const endBatch = (kind: (typeof KINDS)[number]): Promise<number> =>
    db.transaction(async (tx) => {
      const ended = await endGrants(tx, kind.table, kind.column, kind.named, new Date(clock.now()))
      for (const grant of ended) {
        await writeAudit(tx, {
          actor: null,
          action: `user.${kind.noun}_expire`,
          targetType: 'user',
          targetId: grant.userId,
          changes: {
            [kind.noun]: { id: grant.id, name: grant.name },
            until: grant.endsAt.toISOString(),
            reason: grant.reason,
          },
        })
      }
      return ended.length
    })
  return startBatchJob({
    everyMs: GRANT_END_POLL_MILLISECONDS,
    batchSize: GRANTS_ENDED_PER_STATEMENT,
    batches: KINDS.map((kind) => () => endBatch(kind)),
    failed,
  })
}
