/** The error catalogue of SPEC.md section 8, as the main process words its failures. */
export const NOT_AUTHENTICATED = 'Not authenticated'
export const SESSION_EXPIRED = 'Session expired'

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
