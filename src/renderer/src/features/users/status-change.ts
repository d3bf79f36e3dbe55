import type { User } from '../../../../shared/contract'

export type StatusAction = 'activate' | 'deactivate' | 'lock' | 'unlock'

/** What clicking a user's Active or Locked cell asks for, in the words of SPEC.md sections 2 and 8. */
export interface StatusChange {
  action: StatusAction
  /** The confirm button. */
  label: string
  question: string
  /** Shown when the server gives no message of its own. */
  fallback: string
  /** Taking access away is styled as destructive. */
  danger: boolean
}

export type StatusField = 'isActive' | 'isLocked'

const LABELS: Record<StatusAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  lock: 'Lock',
  unlock: 'Unlock',
}

export function statusChange(user: User, field: StatusField): StatusChange {
  const action: StatusAction =
    field === 'isActive'
      ? user.isActive
        ? 'deactivate'
        : 'activate'
      : user.isLocked
        ? 'unlock'
        : 'lock'
  return {
    action,
    label: LABELS[action],
    question: `Are you sure you want to ${action} user "${user.username}"?`,
    fallback: `Failed to ${action} user`,
    danger: action === 'deactivate' || action === 'lock',
  }
}

/** The text of the Active and Locked cells. */
export const activeText = (user: User) => (user.isActive ? 'Active' : 'Inactive')
export const lockedText = (user: User) => (user.isLocked ? 'Locked' : 'Unlocked')
