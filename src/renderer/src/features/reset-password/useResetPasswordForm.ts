import { useState, type FormEvent } from 'react'
import { resetTokenFrom } from '@shared/reset-link'
import { resetPasswordFormSchema } from '@shared/validation'
import { admin } from '../../lib/bridge'
import { showPasswordFormFailure } from '../../lib/password-rejection'
import { useText } from '../../lib/text'
import { useForm } from '../../lib/useForm'

type Fields = { newPassword: string; confirmPassword: string }
const EMPTY: Fields = { newPassword: '', confirmPassword: '' }

/**
 * The reset form of SPEC.md section 2: the token from the link (or pasted), the rules of
 * section 5 with errors cleared on edit, the server's message inline.
 */
export function useResetPasswordForm(linkToken: string) {
  // What the token field shows, from the link at first; always editable.
  const [tokenText, setTokenText] = useState(linkToken)
  const form = useForm<Fields>(EMPTY)
  const t = useText()
  const [succeeded, setSucceeded] = useState(false)
  const token = resetTokenFrom(tokenText)

  const change = (field: keyof Fields, value: string) => {
    form.change(field, value)
    setSucceeded(false)
  }

  /** A pasted link gives way to the token it holds, so the token in use can be seen and fixed. */
  const changeToken = (text: string) => {
    setTokenText((text.includes('token=') && resetTokenFrom(text)) || text)
    form.setServerError(undefined)
    setSucceeded(false)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = form.check(resetPasswordFormSchema(t), { token, ...form.values })
    if (!checked.ok) return
    const result = await form.submitting(() =>
      admin().auth.changePassword({
        token: checked.data.token,
        newPassword: checked.data.newPassword,
      }),
    )
    if (result.ok) {
      form.setValues(EMPTY)
      setSucceeded(true)
    } else showPasswordFormFailure(form, 'newPassword', result.error, t('passwords.changeFailed'))
  }

  return {
    token,
    tokenText,
    changeToken,
    values: form.values,
    errors: form.errors,
    serverError: form.serverError,
    succeeded,
    busy: form.busy,
    change,
    submit,
  }
}
