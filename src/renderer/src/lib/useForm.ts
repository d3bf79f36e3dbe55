import { useCallback, useMemo, useReducer } from 'react'
import type { z } from 'zod'
import type { FieldErrors } from '@shared/validation'
import { checkForm, formReducer, initialFormState, whileBusy, type FormCheck } from './form-state'

export interface FormOptions {
  /** Editing leaves the server's message shown until the next submit (User Details' banner). */
  keepServerErrorOnEdit?: boolean
}

/**
 * The one form hook of the console: values, field errors, the server's error and the busy
 * state, checked with the shared zod schemas. Each form keeps only what is its own.
 */
export function useForm<Values extends object>(initial: Values, options: FormOptions = {}) {
  const [state, dispatch] = useReducer(formReducer<Values>, initial, initialFormState)
  const keepServerError = options.keepServerErrorOnEdit ?? false

  const change = useCallback(
    <Field extends keyof Values>(field: Field, value: Values[Field]) =>
      dispatch({ type: 'change', field, value, keepServerError }),
    [keepServerError],
  )

  const actions = useMemo(
    () => ({
      setValues: (values: Values) => dispatch({ type: 'values', values }),
      reset: (values: Values) => dispatch({ type: 'reset', values }),
      setErrors: (errors: FieldErrors<Values>) => dispatch({ type: 'errors', errors }),
      setFieldError: (field: keyof Values & string, message: string) =>
        dispatch({ type: 'fieldError', field, message }),
      setServerError: (message: string | undefined) => dispatch({ type: 'serverError', message }),
      /** Runs the submit's work with the form busy, however it ends. */
      submitting: <T>(work: () => Promise<T>) => whileBusy(dispatch, work),
    }),
    [],
  )

  /** Checks `input` (the values by default) against `schema`; a failure shows its messages. */
  const check = <Schema extends z.ZodType>(
    schema: Schema,
    input: unknown = state.values,
  ): FormCheck<Schema> => {
    const checked = checkForm(schema, input)
    if (!checked.ok) actions.setErrors(checked.errors as FieldErrors<Values>)
    return checked
  }

  return { ...state, change, check, ...actions }
}
