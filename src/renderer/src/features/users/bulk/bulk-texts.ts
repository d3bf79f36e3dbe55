import type { BulkSummary } from '@shared/bridge'
import { BULK_ACTION_PERMISSIONS, type BulkAction, type Permission } from '@shared/contract'

/** The bar's buttons, in order, and what each asks before it runs. */
export const BULK_BUTTONS: { action: BulkAction; label: string; danger: boolean }[] = [
  { action: 'activate', label: 'Activate', danger: false },
  { action: 'deactivate', label: 'Deactivate', danger: true },
  { action: 'lock', label: 'Lock', danger: true },
  { action: 'unlock', label: 'Unlock', danger: false },
  { action: 'assign-role', label: 'Assign Role', danger: false },
  { action: 'add-to-group', label: 'Add to Group', danger: false },
  { action: 'remove-from-group', label: 'Remove from Group', danger: true },
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

export const bulkLabel = (action: BulkAction) =>
  BULK_BUTTONS.find((button) => button.action === action)!.label

export const usersCount = (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`

/** "Lock 37 users?", "Lock 1 user?"; the access actions name their role or group. */
export function confirmText(action: BulkAction, count: number, targetName?: string): string {
  const users = usersCount(count)
  const target = targetName ? ` "${targetName}"` : ''
  switch (action) {
    case 'assign-role':
      return `Assign role${target} to ${users}?`
    case 'add-to-group':
      return `Add ${users} to group${target}?`
    case 'remove-from-group':
      return `Remove ${users} from group${target}?`
    default:
      return `${bulkLabel(action)} ${users}?`
  }
}

export const summaryText = (summary: BulkSummary) => `${summary.ok} done, ${summary.failed} failed`

/** Why a run ended before every user was sent, if it did. */
export function stopReason(summary: BulkSummary): string | null {
  if (summary.cancelled) return 'Cancelled: the users not yet reached were left as they were.'
  if (summary.error) return `Stopped: ${summary.error}`
  return null
}

/** A failure's line: who, and why. */
export const failureText = (failure: BulkSummary['failures'][number]) =>
  `${failure.username ?? `User ${failure.id}`}: ${failure.message}`
