import { useState, type FormEvent } from 'react'
import {
  choosePasswordFormSchema,
  fieldErrors,
  type FieldErrors,
} from '../../../../shared/validation'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { adoptSession } from './session-store'

type Fields = { newPassword: string; confirmPassword: string }

/**
 * Choose a New Password, after a sign-in with a temporary password: the Reset Password rules
 * and texts; on success the main process signs in with the new password.
 */
export function useChoosePasswordForm(onSignedIn: () => void) {
  const [values, setValues] = useState<Fields>({ newPassword: '', confirmPassword: '' })
  const [errors, setErrors] = useState<FieldErrors<Fields>>({})
  const [serverError, setServerError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const change = (field: keyof Fields, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setServerError(undefined)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = choosePasswordFormSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setBusy(true)
    const result = await admin().auth.completePasswordChange({
      newPassword: parsed.data.newPassword,
    })
    setBusy(false)
    if (result.ok) {
      notify('Password changed')
      adoptSession(result.data)
      onSignedIn()
    } else setServerError(result.error.message || 'Password change failed')
  }

  return { values, errors, serverError, busy, change, submit }
}
