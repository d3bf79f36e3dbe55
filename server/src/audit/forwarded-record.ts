import type { Queryable } from '../db/database'

/**
 * An audit record as it leaves the server, the same in every sink: who did what to which
 * target, how it ended, from where, when, and its place and hash in the chain (audit/chain.ts),
 * so that the copy in a SIEM proves the one here.
 */
export interface ForwardedRecord {
  seq: number
  id: number
  time: string
  actor: { id: number; username: string } | null
  action: string
  outcome: 'success' | 'failure'
  target: { type: string; id: string | null }
  clientAddress: string | null
  requestId: string | null
  changes: Record<string, unknown>
  hash: string
}

/** The actions that record something refused or failed; every other records what was done. */
const FAILURES = new Set([
  'access.denied',
  'session.login_failed',
  'session.reauth_failed',
  'session.refresh_reuse',
])

interface Row {
  seq: string
  id: string
  created_at: Date
  actor_id: number | null
  actor_username: string | null
  action: string
  target_type: string
  target_id: string | null
  changes: Record<string, unknown>
  client_address: string | null
  request_id: string | null
  chain_hash: string
}

/** The records after `afterSeq` in the chain's order, at most `limit`. */
export async function recordsAfter(
  db: Queryable,
  afterSeq: number,
  limit: number,
): Promise<ForwardedRecord[]> {
  const rows = await db.query<Row>(
    `SELECT chain_seq::text AS seq, id::text AS id, created_at, actor_id, actor_username,
       action, target_type, target_id, changes, client_address, request_id, chain_hash
     FROM audit_log WHERE chain_seq > $1 ORDER BY chain_seq LIMIT $2`,
    [afterSeq, limit],
    { prepare: true },
  )
  return rows.map((row) => ({
    seq: Number(row.seq),
    id: Number(row.id),
    time: row.created_at.toISOString(),
    actor: row.actor_id === null ? null : { id: row.actor_id, username: row.actor_username ?? '' },
    action: row.action,
    outcome: FAILURES.has(row.action) ? 'failure' : 'success',
    target: { type: row.target_type, id: row.target_id },
    clientAddress: row.client_address,
    requestId: row.request_id,
    changes: row.changes,
    hash: row.chain_hash,
  }))
}
