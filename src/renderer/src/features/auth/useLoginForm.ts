import { useState, type FormEvent } from 'react'
import { PASSWORD_CHANGE_REQUIRED } from '../../../../shared/contract'
import { fieldErrors, loginFormSchema, type FieldErrors } from '../../../../shared/validation'
import { admin } from '../../lib/bridge'
import { adoptSession } from './session-store'

type Fields = { username: string; password: string }

/**
 * The login form: SPEC.md section 5 rules, errors cleared on edit, the server's message inline.
 * A temporary password leads to choosing a new one instead.
 */
export function useLoginForm(
  onSignedIn: () => void,
  onPasswordChangeRequired: (username: string) => void,
) {
  const [values, setValues] = useState<Fields>({ username: '', password: '' })
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
    const parsed = loginFormSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setBusy(true)
    const result = await admin().auth.login(parsed.data)
    setBusy(false)
    if (result.ok) {
      adoptSession(result.data)
      onSignedIn()
    } else if (result.error.code === PASSWORD_CHANGE_REQUIRED) {
      setValues((current) => ({ ...current, password: '' }))
      onPasswordChangeRequired(parsed.data.username)
    } else setServerError(result.error.message || 'Login failed')
  }

  return { values, errors, serverError, busy, change, submit }
}
