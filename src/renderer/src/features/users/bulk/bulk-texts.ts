import type { BulkSummary } from '@shared/bridge'
import { BULK_ACTION_PERMISSIONS, type BulkAction, type Permission } from '@shared/contract'
import type { MessageId, Translate } from '@shared/i18n/catalogues'

/** The bar's buttons, in order, and what each asks before it runs. */
export const BULK_BUTTONS: { action: BulkAction; label: MessageId; danger: boolean }[] = [
  { action: 'activate', label: 'bulk.activate', danger: false },
  { action: 'deactivate', label: 'bulk.deactivate', danger: true },
  { action: 'lock', label: 'bulk.lock', danger: true },
  { action: 'unlock', label: 'bulk.unlock', danger: false },
  { action: 'assign-role', label: 'bulk.assignRole', danger: false },
  { action: 'add-to-group', label: 'bulk.addToGroup', danger: false },
  { action: 'remove-from-group', label: 'bulk.removeFromGroup', danger: true },
]

/** Export Selected reads users, as the export route requires. */
const EXPORT_SELECTED_PERMISSION: Permission = 'users.read'

/**
 * What the bar offers the signed-in user (issue 29): each bulk action by the permission of its
 * route; the server refuses the others anyway.
 */
export const offeredBulkActions = (may: (permission: Permission) => boolean) => ({
  buttons: BULK_BUTTONS.filter((button) => may(BULK_ACTION_PERMISSIONS[button.action])),
  exports: may(EXPORT_SELECTED_PERMISSION),
})

export const bulkLabel = (t: Translate, action: BulkAction) =>
  t(BULK_BUTTONS.find((button) => button.action === action)!.label)

/** Each action's question, and, for the access actions, the one naming its role or group. */
const CONFIRMS: Record<BulkAction, { plain: MessageId; named?: MessageId }> = {
  activate: { plain: 'bulk.confirmActivate' },
  deactivate: { plain: 'bulk.confirmDeactivate' },
  lock: { plain: 'bulk.confirmLock' },
  unlock: { plain: 'bulk.confirmUnlock' },
  'assign-role': { plain: 'bulk.confirmAssignRole', named: 'bulk.confirmAssignNamedRole' },
  'add-to-group': { plain: 'bulk.confirmAddToGroup', named: 'bulk.confirmAddToNamedGroup' },
  'remove-from-group': {
    plain: 'bulk.confirmRemoveFromGroup',
    named: 'bulk.confirmRemoveFromNamedGroup',
  },
}

/** "Lock 37 users?", "Lock 1 user?"; the access actions name their role or group. */
export function confirmText(
  t: Translate,
  action: BulkAction,
  count: number,
  targetName?: string,
): string {
  const { plain, named } = CONFIRMS[action]
  return named && targetName ? t(named, { count, target: targetName }) : t(plain, { count })
}

export const summaryText = (t: Translate, summary: BulkSummary) =>
  t('bulk.summary', { ok: summary.ok, failed: summary.failed })

/** Why a run ended before every user was sent, if it did. */
export function stopReason(t: Translate, summary: BulkSummary): string | null {
  if (summary.cancelled) return t('bulk.cancelled')
  if (summary.error) return t('bulk.stopped', { error: summary.error })
  return null
}

/** A failure's line: who, and why. */
export const failureText = (t: Translate, failure: BulkSummary['failures'][number]) =>
  failure.username === undefined
    ? t('bulk.failureOfId', { id: failure.id, message: failure.message })
    : t('bulk.failure', { username: failure.username, message: failure.message })
