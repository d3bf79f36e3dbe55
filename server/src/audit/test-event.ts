import type { AuditTestEvent } from '@shared/contract'
import type { Actor } from '../db/audit'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'

/**
 * "Send test event": an audit record like any other, which every sink then receives, so that
 * an administrator can see it arrive in the SIEM. Written on its own (a record is linked into
 * the chain as its transaction commits); answers its id and place in the chain.
 */
export async function writeTestEvent(db: Queryable, actor: Actor): Promise<AuditTestEvent> {
  await writeAudit(db, {
    actor,
    action: 'audit.test_event',
    targetType: 'route',
    targetId: 'audit sinks',
  })
  const [row] = await db.query<{ id: string; seq: string }>(
    `SELECT id::text AS id, chain_seq::text AS seq FROM audit_log
     WHERE action = 'audit.test_event' AND actor_id = $1 ORDER BY chain_seq DESC LIMIT 1`,
    [actor.id],
  )
  return { id: Number(row!.id), seq: Number(row!.seq) }
}
