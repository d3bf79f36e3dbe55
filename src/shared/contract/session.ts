import { z } from 'zod'
import type { RefusalCode } from './refusal-codes'

/** A live session of a user, as GET /api/admin/users/{id}/sessions lists it; never a token. */
export const userSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The sign-in, the latest refresh, or a call in the last minute or so. */
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** The address and user agent of the sign-in or latest refresh, as the server saw them. */
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session the call was made with. */
  current: z.boolean(),
})
export type UserSession = z.infer<typeof userSessionSchema>

export const userSessionListSchema = z.array(userSessionSchema)

/** What signing out one session or every session of a user ended. */
export const sessionsEndedSchema = z.object({
  ended: z.number().int(),
  /** The caller signed themselves out: their next call is refused. */
  currentSessionEnded: z.boolean(),
})
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const sessionIdSchema = z
  .string({ error: 'sessionId is required' })
  .regex(UUID, { error: 'sessionId must be a session id (a UUID)' })

/**
 * POST /api/admin/users/{id}/temporary-password: the password, answered this once and
 * never again (only its hash is kept).
 */
export const temporaryPasswordSchema = z.object({ temporaryPassword: z.string() })
export type TemporaryPassword = z.infer<typeof temporaryPasswordSchema>

/**
 * The 403 of POST /auth/login for a temporary password: no session is made; the token lets
 * PUT /auth/change-password set the new password (once, within minutes).
 */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required' satisfies RefusalCode
export const passwordChangeRequiredSchema = z.object({
  code: z.literal(PASSWORD_CHANGE_REQUIRED),
  passwordChangeToken: z.string(),
})

/**
 * The 400 of a new password the server's rules refuse (too short for its minimum, too common,
 * or containing the username): its message belongs on the password field of the form.
 */
export const PASSWORD_REJECTED = 'password_rejected' satisfies RefusalCode
