import type { FormEvent } from 'react'
import { changeOwnPasswordFormSchema } from '@shared/validation'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { showPasswordFormFailure } from '../../lib/password-rejection'
import { useText } from '../../lib/text'
import { useForm } from '../../lib/useForm'

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string }
const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' }

/**
 * Change Password, the signed-in administrator's own: the Reset Password rules and texts for
 * the new one; the server ends every other session of theirs, this one stays.
 */
export function useChangePasswordForm(onChanged: () => void) {
  const form = useForm<Fields>(EMPTY)
  const t = useText()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = form.check(changeOwnPasswordFormSchema(t))
    if (!checked.ok) return
    const result = await form.submitting(() =>
      admin().auth.changePassword({
        currentPassword: checked.data.currentPassword,
        newPassword: checked.data.newPassword,
      }),
    )
    if (result.ok) {
      notify(t('passwords.changed'))
      onChanged()
    } else showPasswordFormFailure(form, 'newPassword', result.error, t('passwords.changeFailed'))
  }

  const { values, errors, serverError, busy, change } = form
  return { values, errors, serverError, busy, change, submit }
}
