import type { AuditSink } from '@shared/contract'
import type { Queryable } from '../db/database'
import type { Sink } from './sink'

interface Row {
  name: string
  lag: string
  delivered_at: Date | null
  last_error: string | null
  last_error_at: Date | null
}

/** Each configured sink's lag behind the chain's head and its last error, in their order. */
export async function sinkStatuses(db: Queryable, sinks: Sink[]): Promise<AuditSink[]> {
  if (sinks.length === 0) return []
  const rows = await db.query<Row>(
    `SELECT n.name, (h.seq - coalesce(s.delivered_seq, 0))::text AS lag, s.delivered_at,
       s.last_error, s.last_error_at
     FROM unnest($1::text[]) AS n (name) CROSS JOIN audit_chain_head h
     LEFT JOIN audit_sinks s ON s.name = n.name`,
    [sinks.map((sink) => sink.name)],
  )
  const byName = new Map(rows.map((row) => [row.name, row]))
  return sinks.map((sink) => {
    const row = byName.get(sink.name)!
    const lag = Math.max(0, Number(row.lag))
    const erredLast =
      row.last_error_at !== null &&
      (row.delivered_at === null || row.last_error_at > row.delivered_at)
    return {
      name: sink.name,
      target: sink.target,
      lag,
      deliveredAt: row.delivered_at?.toISOString() ?? null,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at?.toISOString() ?? null,
      failing: erredLast && lag > 0,
    }
  })
}
