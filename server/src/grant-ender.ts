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

export interface GrantEnder {
  /** Takes away every grant ended by the server's clock now; answers how many. */
  run(): Promise<number>
  close(): Promise<void>
}

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
  // One run at a time in this process; a run asked for during another follows it, so that it
  // sees the clock as it is when asked.
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false

  async function endBatch(kind: (typeof KINDS)[number]): Promise<number> {
    return db.transaction(async (tx) => {
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
  }

  async function endAll(): Promise<number> {
    let total = 0
    for (const kind of KINDS) {
      let ended: number
      do {
        ended = await endBatch(kind)
        total += ended
      } while (ended === GRANTS_ENDED_PER_STATEMENT && !closed)
    }
    return total
  }

  function run(): Promise<number> {
    const next = queue.then(endAll)
    queue = next.catch(() => {})
    return next
  }

  const timer = setInterval(() => {
    if (!closed) run().catch(failed)
  }, GRANT_END_POLL_MILLISECONDS)
  timer.unref()

  return {
    run,
    async close() {
      closed = true
      clearInterval(timer)
      await queue
    },
  }
}
