import { userDetailsError } from '../../../../shared/messages'
import type { User } from '../../../../shared/contract'

export type StatusAction = 'lock' | 'unlock' | 'activate' | 'deactivate'
export type QuickAction = StatusAction | 'resetPassword'

export interface QuickActionText {
  /** The button in the card and the confirm button of its dialog. */
  label: string
  question: (user: User) => string
  /** Lock and Deactivate take something away: their confirm button is styled as destructive. */
  danger: boolean
  failure: string
}

/** SPEC.md sections 2, 4 and 8. Reset Password mails a link, as the list does. */
export const QUICK_ACTIONS: Record<QuickAction, QuickActionText> = {
  lock: {
    label: 'Lock',
    question: (user) => `Are you sure you want to lock user "${user.username}"?`,
    danger: true,
    failure: 'Failed to lock user',
  },
  unlock: {
    label: 'Unlock',
    question: (user) => `Are you sure you want to unlock user "${user.username}"?`,
    danger: false,
    failure: 'Failed to unlock user',
  },
  activate: {
    label: 'Activate',
    question: (user) => `Are you sure you want to activate user "${user.username}"?`,
    danger: false,
    failure: 'Failed to activate user',
  },
  deactivate: {
    label: 'Deactivate',
    question: (user) => `Are you sure you want to deactivate user "${user.username}"?`,
    danger: true,
    failure: 'Failed to deactivate user',
  },
  resetPassword: {
    label: 'Reset Password',
    question: (user) => `Reset password for ${user.email}?`,
    danger: false,
    failure: 'Failed to reset password',
  },
}

/** The card's lock button offers the opposite of the user's lock state. */
export const lockToggle = (user: User): StatusAction => (user.isLocked ? 'unlock' : 'lock')

/** The card's status button offers the opposite of the user's active state. */
export const activeToggle = (user: User): StatusAction =>
  user.isActive ? 'deactivate' : 'activate'

export const PASSWORD_RESET_TITLE = 'Password Reset'
export const passwordResetNotice = (email: string) =>
  `An email has been sent to ${email} with link to change their password`

/** A failed quick action in the words of SPEC.md section 8's user-details mapping. */
export const quickActionError = (error: Error, fallback: string): string =>
  error.message.trim() ? userDetailsError(error).message : fallback
