import type { AuditEntry } from './contract'
import { auditActionText, auditDetails } from './audit-words'
import type { DateText } from './dates'
import type { MessageId, Translate } from './i18n/catalogues'

/** The Audit Log table's columns and their headers, in table order. */
export const AUDIT_COLUMN_LABELS = {
  time: 'cells.auditTime',
  actor: 'cells.auditActor',
  action: 'cells.auditAction',
  target: 'cells.auditTarget',
  details: 'cells.auditDetails',
} as const satisfies Record<string, MessageId>
export type AuditColumnId = keyof typeof AUDIT_COLUMN_LABELS
export const AUDIT_COLUMN_IDS = Object.keys(AUDIT_COLUMN_LABELS) as AuditColumnId[]

const TARGET_TYPE_LABELS: Record<string, MessageId> = {
  user: 'cells.targetUser',
  role: 'cells.targetRole',
  group: 'cells.targetGroup',
  session: 'cells.targetSession',
  route: 'cells.targetRoute',
}

/** "User: alice", "Role: Editors", "Session: 3f2a…": the target's name when known, else its id. */
export function auditTargetText(entry: AuditEntry, t: Translate): string {
  const label = TARGET_TYPE_LABELS[entry.targetType]
  const type = label ? t(label) : entry.targetType
  const name = entry.targetName ?? entry.targetId
  return name ? t('cells.target', { type, name }) : type
}

/** A cell's text as the table shows it, and so as exports write it, its time as `date` writes it. */
export function auditCellText(
  entry: AuditEntry,
  column: AuditColumnId,
  date: DateText,
  t: Translate,
): string {
  switch (column) {
    case 'time':
      return date(entry.createdAt)
    case 'actor':
      // Who acted when no signed-in user did: the command line, a stranger's failed sign-in.
      return entry.actor?.username || t('cells.systemActor')
    case 'action':
      return auditActionText(entry.action, t)
    case 'target':
      return auditTargetText(entry, t)
    case 'details':
      return auditDetails(entry.changes, t)
  }
}
