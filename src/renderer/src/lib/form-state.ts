import type { z } from 'zod'
import { fieldErrors, type FieldErrors } from '@shared/validation'

/** A form as every form of the console holds it: what is typed, what is wrong, whether it is sending. */
export interface FormState<Values> {
  values: Values
  /** The first message per field, from the shared rules (or placed by the server). */
  errors: FieldErrors<Values>
  /** Why the last submit failed, as the server or the bridge said. */
  serverError: string | undefined
  busy: boolean
}

export type FormAction<Values> =
  | {
      type: 'change'
      field: keyof Values
      value: Values[keyof Values]
      /** Keep the server's message while the administrator fixes things (User Details). */
      keepServerError: boolean
    }
  /** New values; the messages stay (a saved form shows what the server kept). */
  | { type: 'values'; values: Values }
  /** New values and no message at all: a fresh start. */
  | { type: 'reset'; values: Values }
  | { type: 'errors'; errors: FieldErrors<Values> }
  | { type: 'fieldError'; field: keyof Values & string; message: string }
  | { type: 'serverError'; message: string | undefined }
  | { type: 'busy'; busy: boolean }

export const initialFormState = <Values>(values: Values): FormState<Values> => ({
  values,
  errors: {},
  serverError: undefined,
  busy: false,
})

/** An edit clears that field's message (and the server's, unless kept); a check replaces all. */
export function formReducer<Values>(
  state: FormState<Values>,
  action: FormAction<Values>,
): FormState<Values> {
  switch (action.type) {
    case 'change':
      return {
        ...state,
        values: { ...state.values, [action.field]: action.value },
        errors: { ...state.errors, [action.field]: undefined },
        serverError: action.keepServerError ? state.serverError : undefined,
      }
    case 'values':
      return { ...state, values: action.values }
    case 'reset':
      return initialFormState(action.values)
    case 'errors':
      return { ...state, errors: action.errors }
    case 'fieldError':
      return { ...state, errors: { ...state.errors, [action.field]: action.message } }
    case 'serverError':
      return { ...state, serverError: action.message }
    case 'busy':
      return { ...state, busy: action.busy }
  }
}

export type FormCheck<Schema extends z.ZodType> =
  { ok: true; data: z.output<Schema> } | { ok: false; errors: FieldErrors<z.input<Schema>> }

/** The shared zod rules (src/shared/validation.ts) applied to a form's input. */
export function checkForm<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): FormCheck<Schema> {
  const parsed = schema.safeParse(input)
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: fieldErrors(parsed.error) as FieldErrors<z.input<Schema>> }
}

/** Runs a submit's work with the form busy, however the work ends. */
export async function whileBusy<Values, T>(
  dispatch: (action: FormAction<Values>) => void,
  work: () => Promise<T>,
): Promise<T> {
  dispatch({ type: 'busy', busy: true })
  try {
    return await work()
  } finally {
    dispatch({ type: 'busy', busy: false })
  }
}
