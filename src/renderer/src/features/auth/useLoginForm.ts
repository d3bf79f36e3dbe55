import type { FormEvent } from 'react'
import { MFA_ENROLMENT_REQUIRED, MFA_REQUIRED, PASSWORD_CHANGE_REQUIRED } from '@shared/contract'
import { loginFormSchema } from '@shared/validation'
import { admin } from '../../lib/bridge'
import { useText } from '../../lib/text'
import { useForm } from '../../lib/useForm'
import { adoptSession } from './session-store'

type Fields = { username: string; password: string }

/**
 * The login form: SPEC.md section 5 rules, errors cleared on edit, the server's message inline.
 * A temporary password leads to choosing a new one instead; a second factor, to its step.
 */
export function useLoginForm(
  onSignedIn: () => void,
  onPasswordChangeRequired: (username: string) => void,
  onSecondStep: (step: 'code' | 'enrolment') => void,
) {
  const form = useForm<Fields>({ username: '', password: '' })
  const t = useText()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = form.check(loginFormSchema(t))
    if (!checked.ok) return
    const result = await form.submitting(() => admin().auth.login(checked.data))
    if (result.ok) {
      adoptSession(result.data, t)
      onSignedIn()
    } else if (result.error.code === PASSWORD_CHANGE_REQUIRED) {
      form.change('password', '')
      onPasswordChangeRequired(checked.data.username)
    } else if (result.error.code === MFA_REQUIRED || result.error.code === MFA_ENROLMENT_REQUIRED) {
      form.change('password', '')
      onSecondStep(result.error.code === MFA_REQUIRED ? 'code' : 'enrolment')
    } else form.setServerError(result.error.message || t('passwords.loginFailed'))
  }

  return {
    values: form.values,
    errors: form.errors,
    serverError: form.serverError,
    busy: form.busy,
    change: form.change,
    submit,
  }
}
