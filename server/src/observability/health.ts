import type { ServerContext } from '../context'
import { sinkStatuses } from '../audit/sink-status'

export type Check = 'ok' | 'failing'

/**
 * What `/health` tells anyone: which dependency is failing, by name only. The errors
 * themselves (addresses, certificates, what a collector answered) are for those who may read
 * the audit log (Settings) and for the metrics' token holders.
 */
export async function dependencyChecks(ctx: ServerContext): Promise<Record<string, Check>> {
  const checks: Record<string, Check> = { database: 'ok' }
  // Mail is failing while a message waits whose last attempt failed.
  const [mail] = await ctx.db.query<{ failing: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL
       AND last_error IS NOT NULL) AS failing`,
  )
  checks.mail = mail?.failing ? 'failing' : 'ok'
  for (const sink of await sinkStatuses(ctx.db, ctx.auditSinks))
    checks[`audit sink ${sink.name}`] = sink.failing ? 'failing' : 'ok'
  return checks
}
