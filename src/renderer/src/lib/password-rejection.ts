import { PASSWORD_REJECTED } from '../../../shared/contract'
import type { BridgeError } from '../../../shared/result'

/**
 * The server's refusal of a new password (shorter than its minimum, too common, built on the
 * username), read from a bridge error or a BridgeFailure: its message, which belongs on the
 * password field itself rather than in a banner.
 */
export function passwordRejection(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return code === PASSWORD_REJECTED && typeof message === 'string' ? message : undefined
}

interface PasswordForm<Field extends string> {
  setFieldError: (field: Field, message: string) => void
  setServerError: (message: string | undefined) => void
}

/** A failed submit of a form that sets a password: a refused password on `field`, else the form's error. */
export function showPasswordFormFailure<Field extends string>(
  form: PasswordForm<Field>,
  field: Field,
  error: BridgeError,
  fallback: string,
): void {
  const rejected = passwordRejection(error)
  form.setServerError(rejected === undefined ? error.message || fallback : undefined)
  if (rejected !== undefined) form.setFieldError(field, rejected)
}
