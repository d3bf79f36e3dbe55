import type { AuditEntry, Page } from '../../../src/shared/contract'
import type { Queryable } from './database'

export interface Actor {
  id: number
  username: string
}

export interface AuditRecord {
  actor: Actor | null
  action: string
  targetType: 'user' | 'role' | 'group' | 'session' | 'route'
  targetId: string | number | null
  changes?: Record<string, unknown>
}

/** Called inside the transaction of the change it records, so both land or neither does. */
export async function writeAudit(tx: Queryable, record: AuditRecord): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, changes)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      record.actor?.id ?? null,
      record.actor?.username ?? null,
      record.action,
      record.targetType,
      record.targetId === null ? null : String(record.targetId),
      JSON.stringify(record.changes ?? {}),
    ],
  )
}

/**
 * Records of what strangers can cause at will (failed sign-ins, refused calls): each instance
 * writes at most `perMinute` of them a minute, so that a flood cannot fill the disk. The first
 * record after a quiet spell says how many were left out.
 */
export function createSecurityAudit(perMinute: number) {
  let windowStart = 0
  let written = 0
  let suppressed = 0
  return async function writeSecurityAudit(tx: Queryable, record: AuditRecord): Promise<void> {
    const now = Date.now()
    if (now - windowStart >= 60_000) {
      windowStart = now
      written = 0
    }
    if (written >= perMinute) {
      suppressed += 1
      return
    }
    written += 1
    const left = suppressed
    suppressed = 0
    await writeAudit(tx, {
      ...record,
      changes: left > 0 ? { ...record.changes, suppressedBefore: left } : record.changes,
    })
  }
}
export type SecurityAudit = ReturnType<typeof createSecurityAudit>

interface AuditRow {
  id: string | number
  actor_id: number | null
  actor_username: string | null
  action: string
  target_type: string
  target_id: string | null
  changes: Record<string, unknown>
  created_at: Date
}

export async function listAudit(
  db: Queryable,
  page: number,
  size: number,
): Promise<Page<AuditEntry>> {
  const [rows, [count]] = await Promise.all([
    db.query<AuditRow>(
      `SELECT id, actor_id, actor_username, action, target_type, target_id, changes, created_at
       FROM audit_log ORDER BY id DESC LIMIT $1 OFFSET $2`,
      [size, page * size],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM audit_log'),
  ])
  const total = count?.total ?? 0
  return {
    content: rows.map((row) => ({
      id: Number(row.id),
      actor:
        row.actor_id === null ? null : { id: row.actor_id, username: row.actor_username ?? '' },
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      changes: row.changes,
      createdAt: row.created_at.toISOString(),
    })),
    page: { number: page, size, totalElements: total, totalPages: Math.ceil(total / size) },
  }
}
