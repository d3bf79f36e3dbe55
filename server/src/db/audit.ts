import type { AuditAction, AuditEntry, AuditParams, Page } from '@shared/contract'
import { requestOrigin } from '../audit/request-origin'
import type { Queryable } from './database'

export interface Actor {
  id: number
  username: string
}

export interface AuditRecord {
  actor: Actor | null
  action: AuditAction
  targetType: 'user' | 'role' | 'group' | 'session' | 'route'
  targetId: string | number | null
  changes?: Record<string, unknown>
}

const AUDIT_COLUMNS =
  'actor_id, actor_username, action, target_type, target_id, changes, client_address, request_id'

/**
 * A record's values for `AUDIT_COLUMNS` but its target's id: the first four, then the changes,
 * then the origin of the request being handled (none from the command line).
 */
function valuesOf(record: Omit<AuditRecord, 'targetId'>): unknown[] {
  const origin = requestOrigin()
  return [
    record.actor?.id ?? null,
    record.actor?.username ?? null,
    record.action,
    record.targetType,
    JSON.stringify(record.changes ?? {}),
    origin?.clientAddress ?? null,
    origin?.requestId ?? null,
  ]
}

/** Called inside the transaction of the change it records, so both land or neither does. */
export async function writeAudit(tx: Queryable, record: AuditRecord): Promise<void> {
  const [actorId, actorName, action, targetType, changes, address, requestId] = valuesOf(record)
  const targetId = record.targetId === null ? null : String(record.targetId)
  await tx.query(
    `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)`,
    [actorId, actorName, action, targetType, targetId, changes, address, requestId],
    { prepare: true },
  )
}

/**
 * The record of a change made by the same statement, as one of its `WITH` queries: its target's
 * id is the `id` of `source`, the change's `RETURNING`; its other values are parameters
 * numbered from `first`, to follow the statement's own.
 */
export function auditOfStatement(
  source: string,
  record: Omit<AuditRecord, 'targetId'>,
  first: number,
): { sql: string; params: unknown[] } {
  const [actorId, actorName, action, targetType, changes, address, requestId] = [
    0, 1, 2, 3, 4, 5, 6,
  ].map((offset) => `$${first + offset}`)
  return {
    sql: `INSERT INTO audit_log (${AUDIT_COLUMNS})
      SELECT ${actorId}::int, ${actorName}::text, ${action}::text, ${targetType}::text, id::text, ${changes}::jsonb, ${address}::text, ${requestId}::text
      FROM ${source}`,
    params: valuesOf(record),
  }
}

/** Many records in one statement, in the order given (a bulk action's, one per user). */
export async function writeAudits(tx: Queryable, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return
  const origin = requestOrigin()
  await tx.query(
    `INSERT INTO audit_log (${AUDIT_COLUMNS})
     SELECT actor_id, actor_username, action, target_type, target_id, changes, $7::text, $8::text
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[])
       WITH ORDINALITY AS r (actor_id, actor_username, action, target_type, target_id, changes, n)
     ORDER BY n`,
    [
      records.map((record) => record.actor?.id ?? null),
      records.map((record) => record.actor?.username ?? null),
      records.map((record) => record.action),
      records.map((record) => record.targetType),
      records.map((record) => (record.targetId === null ? null : String(record.targetId))),
      records.map((record) => JSON.stringify(record.changes ?? {})),
      origin?.clientAddress ?? null,
      origin?.requestId ?? null,
    ],
  )
}

/**
 * Records of what strangers can cause at will (failed sign-ins, refused calls): each instance
 * writes at most `perMinute` of each action a minute, so that a flood cannot fill the disk. The
 * budget is the action's own, so that a flood of one (refused calls, which any signed-in user
 * causes) cannot hide another (failed sign-ins). The first record of an action after its budget
 * ran out says how many of it were left out.
 */
export function createSecurityAudit(perMinute: number) {
  const budgets = new Map<
    AuditAction,
    { windowStart: number; written: number; suppressed: number }
  >()
  return async function writeSecurityAudit(tx: Queryable, record: AuditRecord): Promise<void> {
    const now = Date.now()
    let budget = budgets.get(record.action)
    if (!budget) {
      budget = { windowStart: now, written: 0, suppressed: 0 }
      budgets.set(record.action, budget)
    }
    if (now - budget.windowStart >= 60_000) {
      budget.windowStart = now
      budget.written = 0
    }
    if (budget.written >= perMinute) {
      budget.suppressed += 1
      return
    }
    budget.written += 1
    const left = budget.suppressed
    budget.suppressed = 0
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

/** An id in plain digits within the int4 range of the ids. */
const PLAIN_ID = /^[1-9][0-9]{0,9}$/
const MAX_ID = 2_147_483_647

/** A user named by id (plain digits) or username; null when no such user exists. */
async function resolveUser(db: Queryable, reference: string): Promise<number | null> {
  if (PLAIN_ID.test(reference)) {
    const id = Number(reference)
    return id <= MAX_ID ? id : null
  }
  const [row] = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE lower(username) = lower($1)',
    [reference],
  )
  return row?.id ?? null
}

const DAY_MS = 86_400_000

/** Where the name of each kind of numbered target is kept. */
const NAMED_TARGETS = [
  { type: 'user', sql: 'SELECT id, username AS name FROM users WHERE id = ANY($1::int[])' },
  { type: 'role', sql: 'SELECT id, name FROM roles WHERE id = ANY($1::int[])' },
  { type: 'group', sql: 'SELECT id, name FROM groups WHERE id = ANY($1::int[])' },
] as const

/** The current names of a page's users, roles and groups, keyed "type:id". */
async function targetNames(db: Queryable, rows: AuditRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  for (const target of NAMED_TARGETS) {
    const ids = [
      ...new Set(
        rows
          .filter((row) => row.target_type === target.type && PLAIN_ID.test(row.target_id ?? ''))
          .map((row) => Number(row.target_id))
          .filter((id) => id <= MAX_ID),
      ),
    ]
    if (ids.length === 0) continue
    for (const { id, name } of await db.query<{ id: number; name: string }>(target.sql, [ids]))
      names.set(`${target.type}:${id}`, name)
  }
  return names
}

/** The log's filters with their users resolved to ids. */
export interface AuditSelection {
  actorId?: number
  targetUserId?: number
  action?: string
  from?: string
  to?: string
}

/** The queries of one page of a selection and of its count, with their parameters. */
export function auditSql(selection: AuditSelection, page: number, size: number) {
  const conditions: string[] = []
  const values: unknown[] = []
  const where = (condition: (parameter: string) => string, value: unknown) => {
    values.push(value)
    conditions.push(condition(`$${values.length}`))
  }
  if (selection.actorId !== undefined) where((p) => `actor_id = ${p}`, selection.actorId)
  if (selection.targetUserId !== undefined) {
    conditions.push(`target_type = 'user'`)
    where((p) => `target_id = ${p}`, String(selection.targetUserId))
  }
  if (selection.action !== undefined) where((p) => `action = ${p}`, selection.action)
  if (selection.from !== undefined)
    where((p) => `created_at >= ${p}`, new Date(`${selection.from}T00:00:00Z`))
  if (selection.to !== undefined)
    where((p) => `created_at < ${p}`, new Date(Date.parse(`${selection.to}T00:00:00Z`) + DAY_MS))
  const filter = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''
  return {
    page: {
      text: `SELECT id, actor_id, actor_username, action, target_type, target_id, changes, created_at
       FROM audit_log ${filter}
       ORDER BY created_at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      values: [...values, size, page * size],
    },
    count: { text: `SELECT count(*)::int AS total FROM audit_log ${filter}`, values },
  }
}

/**
 * The entries matching every given filter, newest first, with their exact count. An actor or
 * target naming nobody matches nothing. Days are UTC days; `to` includes its whole day.
 */
export async function listAudit(db: Queryable, query: AuditParams): Promise<Page<AuditEntry>> {
  const { page, size } = query
  const empty = { content: [], page: { number: page, size, totalElements: 0, totalPages: 0 } }
  const selection: AuditSelection = { action: query.action, from: query.from, to: query.to }
  if (query.actor !== undefined) {
    const actorId = await resolveUser(db, query.actor)
    if (actorId === null) return empty
    selection.actorId = actorId
  }
  if (query.target !== undefined) {
    const targetUserId = await resolveUser(db, query.target)
    if (targetUserId === null) return empty
    selection.targetUserId = targetUserId
  }
  const sql = auditSql(selection, page, size)
  const [rows, [count]] = await Promise.all([
    db.query<AuditRow>(sql.page.text, sql.page.values),
    db.query<{ total: number }>(sql.count.text, sql.count.values),
  ])
  const total = count?.total ?? 0
  const names = await targetNames(db, rows)
  return {
    content: rows.map((row) => ({
      id: Number(row.id),
      actor:
        row.actor_id === null ? null : { id: row.actor_id, username: row.actor_username ?? '' },
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      targetName: names.get(`${row.target_type}:${row.target_id}`) ?? null,
      changes: row.changes,
      createdAt: row.created_at.toISOString(),
    })),
    page: { number: page, size, totalElements: total, totalPages: Math.ceil(total / size) },
  }
}
