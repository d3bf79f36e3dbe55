import { useState, type FormEvent } from 'react'
import { z } from 'zod'
import type { SessionInfo } from '@shared/bridge'
import { recoveryCodeSchema, totpCodeSchema } from '@shared/contract'
import { admin } from '../../lib/bridge'
import { useForm } from '../../lib/useForm'

type Fields = { code: string; recoveryCode: string }

/** The second step of a sign-in: a code of the app, or one of the recovery codes. */
export function useSecondStepForm(onSignedIn: (session: SessionInfo) => void) {
  const form = useForm<Fields>({ code: '', recoveryCode: '' })
  const [recovery, setRecovery] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = recovery
      ? form.check(z.object({ recoveryCode: recoveryCodeSchema }))
      : form.check(z.object({ code: totpCodeSchema }))
    if (!checked.ok) return
    const input = recovery
      ? { recoveryCode: form.values.recoveryCode }
      : { code: form.values.code.replace(/\s/g, '') }
    const result = await form.submitting(() => admin().auth.secondStep(input))
    if (result.ok) onSignedIn(result.data)
    else form.setServerError(result.error.message)
  }

  const toggleRecovery = () => {
    form.setServerError(undefined)
    setRecovery((shown) => !shown)
  }

  const { values, errors, serverError, busy, change } = form
  return { values, errors, serverError, busy, change, submit, recovery, toggleRecovery }
}
