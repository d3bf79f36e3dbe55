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

/** What the Active control offers: the opposite of the user's state. */
export const activeToggle = (user: Pick<User, 'isActive'>): StatusAction =>
  user.isActive ? 'deactivate' : 'activate'

/** What the Locked control offers: Unlock while either lock holds (it clears a temporary one). */
export const lockToggle = (user: Pick<User, 'isLocked' | 'loginBlockedUntil'>): StatusAction =>
  user.isLocked || user.loginBlockedUntil ? 'unlock' : 'lock'

export function statusChange(
  user: Pick<User, 'username'>,
  action: StatusAction,
  t: Translate,
): StatusChange {
  const values = { action, username: user.username }
  return {
    action,
    label: t('users.actionLabel', values),
    question: t('users.actionQuestion', values),
    failure: t('users.actionFailure', values),
    danger: action === 'deactivate' || action === 'lock',
    done: t('users.actionDone', values),
  }
}

/** The words of the two states, in cells, pills and exports alike. */
export const activeText = (user: Pick<User, 'isActive'>, t: Translate) =>
  t(user.isActive ? 'cells.activeState' : 'cells.inactiveState')
export const lockedText = (user: Pick<User, 'isLocked'>, t: Translate) =>
  t(user.isLocked ? 'cells.lockedState' : 'cells.unlockedState')

/** After a password reset (SPEC.md section 2): the server has mailed the user a link. */
export const passwordResetSent = (email: string, t: Translate) =>
  email ? t('users.passwordResetSentTo', { email }) : t('users.passwordResetSent')
