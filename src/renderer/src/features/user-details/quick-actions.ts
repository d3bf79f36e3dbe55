import type { User } from '@shared/contract'
import type { Translate } from '@shared/i18n/catalogues'
import { userDetailsError } from '@shared/messages'
import { passwordResetSent, statusChange, type StatusAction } from '@shared/user-actions'

export type QuickAction = StatusAction | 'resetPassword'

export interface QuickActionText {
  label: string
  question: string
  danger: boolean
  failure: string
  /** The notification once it is done. */
  done: string
}

/** SPEC.md sections 2, 4 and 8. Reset Password mails a link, as the list does. */
export function quickAction(t: Translate, user: User, action: QuickAction): QuickActionText {
  if (action !== 'resetPassword') return statusChange(user, action, t)
  return {
    label: t('userDetails.resetPassword'),
    question: t('userDetails.resetPasswordQuestion', { email: user.email }),
    danger: false,
    failure: t('users.resetPasswordFailure'),
    done: passwordResetSent(user.email, t),
  }
}

/** A failed quick action in the words of SPEC.md section 8's user-details mapping. */
export const quickActionError = (error: Error, fallback: string): string =>
  error.message.trim() ? userDetailsError(error).message : fallback
