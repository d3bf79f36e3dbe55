import type { FormEvent } from 'react'
import { PASSWORD_CHANGED_ADMIN_REQUIRED } from '@shared/messages'
import { choosePasswordFormSchema } from '@shared/validation'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { showPasswordFormFailure } from '../../lib/password-rejection'
import { useText } from '../../lib/text'
import { useForm } from '../../lib/useForm'
import { adoptSession } from './session-store'

type Fields = { newPassword: string; confirmPassword: string }

/**
 * Choose a New Password, after a sign-in with a temporary password: the Reset Password rules
 * and texts; on success the main process signs in with the new password.
 */
export function useChoosePasswordForm(onSignedIn: () => void) {
  const form = useForm<Fields>({ newPassword: '', confirmPassword: '' })
  const t = useText()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = form.check(choosePasswordFormSchema(t))
    if (!checked.ok) return
    const result = await form.submitting(() =>
      admin().auth.completePasswordChange({ newPassword: checked.data.newPassword }),
    )
    if (result.ok) {
      notify(t('passwords.changed'))
      adoptSession(result.data, t)
      onSignedIn()
    } else if (result.error.message === PASSWORD_CHANGED_ADMIN_REQUIRED) {
      // Done, though the console is not theirs: nothing is left to submit again.
      form.reset({ newPassword: '', confirmPassword: '' })
      form.setServerError(result.error.message)
    } else showPasswordFormFailure(form, 'newPassword', result.error, t('passwords.changeFailed'))
  }

  const { values, errors, serverError, busy, change } = form
  return { values, errors, serverError, busy, change, submit }
}
