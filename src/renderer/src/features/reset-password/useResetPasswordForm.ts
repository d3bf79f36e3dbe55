import { useState, type FormEvent } from 'react'
import { resetTokenFrom } from '../../../../shared/reset-link'
import {
  fieldErrors,
  resetPasswordFormSchema,
  type FieldErrors,
} from '../../../../shared/validation'
import { admin } from '../../lib/bridge'

export const RESET_SUCCESS =
  'Password successfully changed! You can now log in with your new password.'

type Fields = { newPassword: string; confirmPassword: string }
const EMPTY: Fields = { newPassword: '', confirmPassword: '' }

/**
 * The reset form of SPEC.md section 2: the token from the link (or pasted), the rules of
 * section 5 with errors cleared on edit, the server's message inline.
 */
export function useResetPasswordForm(linkToken: string) {
  // What the token field shows, from the link at first; always editable.
  const [tokenText, setTokenText] = useState(linkToken)
  const [values, setValues] = useState<Fields>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors<Fields>>({})
  const [serverError, setServerError] = useState<string>()
  const [succeeded, setSucceeded] = useState(false)
  const [busy, setBusy] = useState(false)
  const token = resetTokenFrom(tokenText)

  const change = (field: keyof Fields, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setServerError(undefined)
    setSucceeded(false)
  }

  /** A pasted link gives way to the token it holds, so the token in use can be seen and fixed. */
  const changeToken = (text: string) => {
    setTokenText((text.includes('token=') && resetTokenFrom(text)) || text)
    setServerError(undefined)
    setSucceeded(false)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = resetPasswordFormSchema.safeParse({ token, ...values })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setBusy(true)
    const result = await admin().auth.changePassword({
      token: parsed.data.token,
      newPassword: parsed.data.newPassword,
    })
    setBusy(false)
    if (result.ok) {
      setValues(EMPTY)
      setSucceeded(true)
    } else setServerError(result.error.message || 'Password change failed')
  }

  return {
    token,
    tokenText,
    changeToken,
    values,
    errors,
    serverError,
    succeeded,
    busy,
    change,
    submit,
  }
}
