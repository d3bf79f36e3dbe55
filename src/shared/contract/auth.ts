import { z } from 'zod'
import { serverFeaturesSchema } from './features'
import { permissionSchema } from './permissions'
import {
  CONTROL_CHARACTERS,
  controlCharactersMessage,
  MAX_PASSWORD_LENGTH,
  changePasswordSchema,
} from '../validation'
import { userSchema } from './user'

/** POST /auth/login: the identifier is a username or an email address. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'username is required' })
    .trim()
    .normalize('NFC')
    .min(1, { error: 'username is required' })
    .max(320, { error: 'username is too long' })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      error: controlCharactersMessage('username'),
    }),
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(MAX_PASSWORD_LENGTH, { error: 'password is too long' }),
})
export type LoginRequest = z.input<typeof loginRequestSchema>

const tokenGrant = {
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.string().default('Bearer'),
  expiresIn: z.number(),
  user: userSchema,
  sessionId: z.string(),
}

export const loginResponseSchema = z.object({
  ...tokenGrant,
  /**
   * Wrong codes or recovery codes of the second step tried on the account since its last
   * sign-in, when there were any: someone else may hold the password. Absent otherwise, and
   * from servers that do not count them.
   */
  failedSecondSteps: z.number().int().positive().optional(),
})

export const refreshRequestSchema = z.object({
  refreshToken: z
    .string({ error: 'refreshToken is required' })
    .min(1, { error: 'refreshToken is required' })
    .max(512, { error: 'refreshToken is too long' }),
})

/** SPEC.md section 3: the refresh grant comes wrapped in a field named response. */
export const refreshResponseSchema = z.object({ response: z.object(tokenGrant) })

/**
 * GET /auth/me: the signed-in user, the names of the active roles they hold and what they may
 * do (sorted; none from a server without delegated administration), and what the server offers
 * beyond the contract (none from a server of the contract alone).
 */
export const meResponseSchema = userSchema.extend({
  roles: z.array(z.string()).optional(),
  permissions: z.array(permissionSchema).optional(),
  features: serverFeaturesSchema.optional(),
})

export { changePasswordSchema }
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>

/**
 * POST /auth/reauth: the signed-in user's password again, and a code of the second factor when
 * they have one enrolled (a 6-digit code, or a recovery code).
 */
export const reauthRequestSchema = z.object({
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(MAX_PASSWORD_LENGTH, { error: 'password is too long' }),
  code: z
    .string({ error: 'code must be text' })
    .trim()
    .min(1, { error: 'code is required when given' })
    .max(64, { error: 'code is too long' })
    .optional(),
})
export type ReauthRequest = z.input<typeof reauthRequestSchema>
