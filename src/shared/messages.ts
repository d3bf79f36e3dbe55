import { REFUSAL_MESSAGES, refusalMessage } from './contract/refusal-codes'

/** The error catalogue of SPEC.md section 8, as the main process words its failures. */
export const NOT_AUTHENTICATED = REFUSAL_MESSAGES.not_authenticated
export const SESSION_EXPIRED = REFUSAL_MESSAGES.session_expired
/** A signed-in user without administrator rights, at sign-in or when the rights go. */
export const ADMIN_REQUIRED = 'Administrator rights are required to use this console.'
/**
 * A new password chosen after a temporary one by a user without administrator rights (issue
 * 56): the change worked, and the console says so before it says they cannot use it.
 */
export const PASSWORD_CHANGED_ADMIN_REQUIRED = `Your new password is set. ${ADMIN_REQUIRED}`
export { HOLDS_MORE_PERMISSIONS } from './contract/refusal-codes'
/** Why the administrator role's permissions cannot be changed: the server's 409, the dialog's note. */
export const administratorRoleFixed = (role: string) =>
  refusalMessage({ code: 'administrator_role_fixed', params: { role } })
/** The administrator signed out the very session the console was using. */
export const OWN_SESSION_ENDED = 'You signed out this session.'
/** The choice of a new password after a temporary one, when the sign-in is no longer waiting. */
export const NO_PASSWORD_CHANGE_WAITING = 'No sign-in is waiting for a new password. Sign in again.'
/** The second step of a sign-in was asked for, but no sign-in awaits one (issue 30). */
export const NO_SECOND_STEP_WAITING = 'No sign-in is waiting for its second step. Sign in again.'

/** Fallbacks with the status, used when the server says nothing readable. */
export const FALLBACKS = {
  login: (status: number) => `Login failed (${status})`,
  profile: (status: number) => `Failed to fetch profile (${status})`,
  listUsers: (status: number) => `Failed to fetch users (${status})`,
  createUser: (status: number) => `Failed to create user (${status})`,
  updateUser: (status: number) => `Failed to update user (${status})`,
  request: (status: number) => `Request failed (${status})`,
} as const
export type Fallback = keyof typeof FALLBACKS

/** The server's `message`, else its `error` field, else nothing. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { message, error } = body as { message?: unknown; error?: unknown }
  if (typeof message === 'string' && message.trim()) return message
  if (typeof error === 'string' && error.trim()) return error
  return undefined
}

/** A User Details failure as the administrator reads it, with its line under a field if any. */
export interface UserDetailsError {
  message: string
  inline?: { field: 'username' | 'email'; message: string }
}

export const USER_DETAILS_MESSAGES = {
  usernameTaken: 'This username is already taken. Please choose a different one.',
  usernameTakenInline: 'This username is already taken',
  emailTaken: 'This email address is already in use. Please use a different email.',
  emailTakenInline: 'This email is already in use',
  notFound: 'User not found. The user may have been deleted.',
  noPermission: 'You do not have permission to update this user.',
  network: 'Network error. Please check your connection and try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const

/** Quoted text is the administrator's own value, as in `Email "username@x.io" is already taken`. */
const QUOTED = /"[^"]*"/g

/**
 * SPEC.md section 8, "User details maps messages (case-insensitive)", rule by rule in its
 * order. Quoted values are left out of the matching so that what was typed cannot pick the
 * rule: an email address containing "username" still reads as the email being taken. A 403
 * reads as a missing permission whatever its wording, as a 404 reads as not found.
 */
export function userDetailsError(error: unknown): UserDetailsError {
  if (!(error instanceof Error)) return { message: USER_DETAILS_MESSAGES.unexpected }
  const status = (error as { status?: unknown }).status
  const text = error.message.replace(QUOTED, '').toLowerCase()
  const has = (word: string) => text.includes(word)
  if (has('username') && has('taken')) {
    return {
      message: USER_DETAILS_MESSAGES.usernameTaken,
      inline: { field: 'username', message: USER_DETAILS_MESSAGES.usernameTakenInline },
    }
  }
  if (has('email') && has('taken')) {
    return {
      message: USER_DETAILS_MESSAGES.emailTaken,
      inline: { field: 'email', message: USER_DETAILS_MESSAGES.emailTakenInline },
    }
  }
  if (has('not found') || status === 404) return { message: USER_DETAILS_MESSAGES.notFound }
  if (has('permission') || has('unauthorized') || status === 403) {
    return { message: USER_DETAILS_MESSAGES.noPermission }
  }
  if (has('network') || has('timeout')) return { message: USER_DETAILS_MESSAGES.network }
  const message = error.message.trim()
  if (!message) return { message: USER_DETAILS_MESSAGES.unexpected }
  return { message: message.charAt(0).toUpperCase() + message.slice(1) }
}
