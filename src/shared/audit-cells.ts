import type { AuditEntry } from './contract'
import { auditActionText, auditDetails } from './audit-words'
import type { DateText } from './dates'

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

const TARGET_TYPE_LABELS: Record<string, string> = {
  user: 'User',
  role: 'Role',
  group: 'Group',
  session: 'Session',
  route: 'Route',
}

/** "User: alice", "Role: Editors", "Session: 3f2a…": the target's name when known, else its id. */
export function auditTargetText(entry: AuditEntry): string {
  const type = TARGET_TYPE_LABELS[entry.targetType] ?? entry.targetType
  const name = entry.targetName ?? entry.targetId
  return name ? `${type}: ${name}` : type
}

/** A cell's text as the table shows it, and so as exports write it, its time as `date` writes it. */
export function auditCellText(entry: AuditEntry, column: AuditColumnId, date: DateText): string {
  switch (column) {
    case 'time':
      return date(entry.createdAt)
    case 'actor':
      return entry.actor?.username || SYSTEM_ACTOR
    case 'action':
      return auditActionText(entry.action)
    case 'target':
      return auditTargetText(entry)
    case 'details':
      return auditDetails(entry.changes)
  }
}
