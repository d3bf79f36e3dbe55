import { createUserSchema, fieldErrors, type FieldErrors } from '@shared/validation'
import type { CreateUserRequest } from '@shared/contract'

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
