import type { AuditEntry } from './contract'
import { formatDateTime } from './dates'

/** The Audit Log table's columns and their headers, in table order. */
export const AUDIT_COLUMN_LABELS = {
  time: 'Time',
  actor: 'Actor',
  action: 'Action',
  target: 'Target',
  details: 'Details',
} as const
export type AuditColumnId = keyof typeof AUDIT_COLUMN_LABELS
export const AUDIT_COLUMN_IDS = Object.keys(AUDIT_COLUMN_LABELS) as AuditColumnId[]

/** The title of the Audit Log's PDF report. */
export const AUDIT_REPORT_TITLE = 'Audit Log Report'

/** Who acted when no signed-in user did: the command line, a stranger's failed sign-in. */
export const SYSTEM_ACTOR = 'System'

/** Keys whose values are never shown, whatever a server put there. */
const SECRET_KEY = /password|token|secret|hash/i

const TARGET_TYPE_LABELS: Record<string, string> = {
  user: 'User',
  role: 'Role',
  group: 'Group',
  session: 'Session',
  route: 'Route',
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(valueText).join(', ')
  if (typeof value === 'object' && 'name' in value && typeof value.name === 'string')
    return value.name
  return JSON.stringify(value)
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length === 2 &&
  'from' in value &&
  'to' in value

/**
 * An entry's changes in words: a changed field as "field: from → to", anything else as
 * "key: value", separated by "; ". Secrets are left out.
 */
export function auditDetails(changes: AuditEntry['changes']): string {
  const parts = Object.entries(changes)
    .filter(([key]) => !SECRET_KEY.test(key))
    .map(([key, value]) =>
      isChange(value)
        ? `${key}: ${valueText(value.from)} → ${valueText(value.to)}`
        : `${key}: ${valueText(value)}`,
    )
  return parts.length > 0 ? parts.join('; ') : '-'
}

/** "User: alice", "Role: Editors", "Session: 3f2a…": the target's name when known, else its id. */
export function auditTargetText(entry: AuditEntry): string {
  const type = TARGET_TYPE_LABELS[entry.targetType] ?? entry.targetType
  const name = entry.targetName ?? entry.targetId
  return name ? `${type}: ${name}` : type
}

/** A cell's text as the table shows it, and so as exports write it. */
export function auditCellText(entry: AuditEntry, column: AuditColumnId): string {
  switch (column) {
    case 'time':
      return formatDateTime(entry.createdAt)
    case 'actor':
      return entry.actor?.username || SYSTEM_ACTOR
    case 'action':
      return entry.action
    case 'target':
      return auditTargetText(entry)
    case 'details':
      return auditDetails(entry.changes)
  }
}
