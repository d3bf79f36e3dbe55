import type { User } from './contract'
import type { Translate } from './i18n/catalogues'

/** The four status changes of a user (SPEC.md sections 2 and 4); each returns the user. */
export type StatusAction = 'activate' | 'deactivate' | 'lock' | 'unlock'

/** A status change as the confirm dialog words it, in the list and on the details page. */
export interface StatusChange {
  action: StatusAction
  /** The button that offers it, and the confirm button of its dialog. */
  label: string
  question: string
  /** Shown when the server gives no message of its own. */
  failure: string
  /** Taking access away is styled as destructive. */
  danger: boolean
  /** The notification once it is done (issue 12), e.g. 'User john.doe locked'. */
  done: string
}

const DONE: Record<StatusAction, string> = {
  activate: 'activated',
  deactivate: 'deactivated',
  lock: 'locked',
  unlock: 'unlocked',
}

const LABELS: Record<StatusAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  lock: 'Lock',
  unlock: 'Unlock',
}

/** What the Active control offers: the opposite of the user's state. */
export const activeToggle = (user: Pick<User, 'isActive'>): StatusAction =>
  user.isActive ? 'deactivate' : 'activate'

/** What the Locked control offers: Unlock while either lock holds (it clears a temporary one). */
export const lockToggle = (user: Pick<User, 'isLocked' | 'loginBlockedUntil'>): StatusAction =>
  user.isLocked || user.loginBlockedUntil ? 'unlock' : 'lock'

export function statusChange(user: Pick<User, 'username'>, action: StatusAction): StatusChange {
  return {
    action,
    label: LABELS[action],
    question: `Are you sure you want to ${action} user "${user.username}"?`,
    failure: `Failed to ${action} user`,
    danger: action === 'deactivate' || action === 'lock',
    done: `User ${user.username} ${DONE[action]}`,
  }
}

/** The words of the two states, in cells, pills and exports alike. */
export const activeText = (user: Pick<User, 'isActive'>, t: Translate) =>
  t(user.isActive ? 'cells.activeState' : 'cells.inactiveState')
export const lockedText = (user: Pick<User, 'isLocked'>, t: Translate) =>
  t(user.isLocked ? 'cells.lockedState' : 'cells.unlockedState')

/** After a password reset (SPEC.md section 2): the server has mailed the user a link. */
export const PASSWORD_RESET_TITLE = 'Password Reset'
export const passwordResetSent = (email: string) =>
  `An email has been sent to ${email || 'the user'} with link to change their password`
export const RESET_PASSWORD_FAILURE = 'Failed to reset password'

/** The notifications of the other successful changes to a user (issue 12). */
export const userCreated = (username: string) => `User ${username} created`
export const CHANGES_SAVED = 'Changes saved'
export const assignmentsSaved = (kind: 'roles' | 'groups', username: string) =>
  `${kind === 'roles' ? 'Roles' : 'Groups'} of ${username} saved`
