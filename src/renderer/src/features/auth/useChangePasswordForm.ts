import { useState, type FormEvent } from 'react'
import {
  changeOwnPasswordFormSchema,
  fieldErrors,
  type FieldErrors,
} from '../../../../shared/validation'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string }
const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' }

/**
 * Change Password, the signed-in administrator's own: the Reset Password rules and texts for
 * the new one; the server ends every other session of theirs, this one stays.
 */
export function useChangePasswordForm(onChanged: () => void) {
  const [values, setValues] = useState<Fields>(EMPTY)
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
    const parsed = changeOwnPasswordFormSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setBusy(true)
    const result = await admin().auth.changePassword({
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.newPassword,
    })
    setBusy(false)
    if (result.ok) {
      notify('Password changed')
      onChanged()
    } else setServerError(result.error.message || 'Password change failed')
  }

  return { values, errors, serverError, busy, change, submit }
}
