import { createUserSchema, fieldErrors, type FieldErrors } from '../../../../shared/validation'
import type { CreateUserRequest } from '../../../../shared/contract'
import { userDetailsError } from '../../../../shared/messages'
import { passwordRejection } from '../../lib/password-rejection'

/** What the Add New User modal holds: the create payload's fields and the status toggle. */
export interface NewUserFields {
  username: string
  email: string
  password: string
  firstName: string
  lastName: string
  phoneNumber: string
  active: boolean
}

export type NewUserTextField = Exclude<keyof NewUserFields, 'active'>

export const EMPTY_NEW_USER: NewUserFields = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  active: true,
}

export type NewUserCheck =
  | { ok: true; request: CreateUserRequest; active: boolean }
  | { ok: false; errors: FieldErrors<CreateUserRequest> }

/** SPEC.md section 5, on submit: the first message per field, else the trimmed payload. */
export function checkNewUser({ active, ...fields }: NewUserFields): NewUserCheck {
  const parsed = createUserSchema.safeParse(fields)
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) }
  return { ok: true, request: parsed.data, active }
}

/**
 * A failed create that belongs under one field, as every field error is: a taken username or
 * email, or a password the server refuses. Anything else is the dialog's banner.
 */
export function newUserFieldFailure(
  error: unknown,
): { field: NewUserTextField; message: string } | undefined {
  const rejected = passwordRejection(error)
  if (rejected !== undefined) return { field: 'password', message: rejected }
  return userDetailsError(error).inline
}
