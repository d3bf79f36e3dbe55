import type { FormEvent } from 'react'
import { z } from 'zod'
import { totpCodeSchema } from '@shared/contract'
import type { Result } from '@shared/result'
import { useForm } from '../../lib/useForm'

const codeFormSchema = z.object({ code: totpCodeSchema })

/** A form of one code of the authenticator app: checked here, then sent by `send`. */
export function useCodeForm<T>(
  send: (code: string) => Promise<Result<T>>,
  onDone: (data: T) => void,
) {
  const form = useForm<{ code: string }>({ code: '' })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = form.check(codeFormSchema)
    if (!checked.ok) return
    const result = await form.submitting(() => send(checked.data.code))
    if (result.ok) onDone(result.data)
    else {
      form.change('code', '')
      form.setServerError(result.error.message)
    }
  }

  const { values, errors, serverError, busy, change } = form
  return { values, errors, serverError, busy, change, submit }
}
