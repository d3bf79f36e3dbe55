import type { FormEvent } from 'react'
import { confirmIdentityFormSchema } from '@shared/validation'
import { admin } from '../../lib/bridge'
import { settleIdentity } from '../../lib/confirm-identity'
import { useText } from '../../lib/text'
import { useForm } from '../../lib/useForm'

type Fields = { password: string; code: string }

/**
 * "Confirm it's you" (issue 30): the password (and the code when `askCode`) go to
 * POST /auth/reauth; confirmed, the refused change is sent again. A wrong password shows the
 * server's message here, and the dialog stays.
 */
export function useConfirmIdentityForm(askCode: boolean) {
  const form = useForm<Fields>({ password: '', code: '' })
  const t = useText()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = form.check(confirmIdentityFormSchema(t, askCode))
    if (!checked.ok) return
    const { password, code } = checked.data
    const result = await form.submitting(() =>
      admin().auth.reauth(askCode ? { password, code } : { password }),
    )
    if (result.ok) settleIdentity(true)
    else form.setServerError(result.error.message || t('passwords.confirmFailed'))
  }

  const cancel = () => {
    if (!form.busy) settleIdentity(false)
  }

  const { values, errors, serverError, busy, change } = form
  return { values, errors, serverError, busy, change, submit, cancel }
}
