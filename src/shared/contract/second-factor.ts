import { z } from 'zod'
import { loginResponseSchema } from './auth'
import type { RefusalCode } from './refusal-codes'

/**
 * Two-step sign-in with TOTP (issue 30). The 401 of POST /auth/login when the password was
 * right and the user has a second factor: the mfaToken (five minutes, five wrong codes) goes to
 * POST /auth/mfa with a code or a recovery code.
 */
export const MFA_REQUIRED = 'mfa_required' satisfies RefusalCode
/**
 * The 401 of POST /auth/login when the password was right and the user must have a second
 * factor but has none (MFA_REQUIRED=admins): the enrolmentToken enrols one, then signs in. On
 * an admin route, a 403 of a session made before the user had to have one.
 */
export const MFA_ENROLMENT_REQUIRED = 'mfa_enrolment_required' satisfies RefusalCode

export const mfaRequiredSchema = z.object({ code: z.literal(MFA_REQUIRED), mfaToken: z.string() })
export const mfaEnrolmentRequiredSchema = z.object({
  code: z.literal(MFA_ENROLMENT_REQUIRED),
  enrolmentToken: z.string(),
})

const challengeToken = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, { error: `${name} is required` })
    .max(200, { error: `${name} is too long` })

/** A code of an authenticator app: six digits (spaces typed between them are dropped). */
export const totpCodeSchema = z
  .string({ error: 'code is required' })
  .transform((value) => value.replace(/\s/g, ''))
  .refine((value) => /^\d{6}$/.test(value), { error: 'code must be the 6 digits of the app' })

export const recoveryCodeSchema = z
  .string({ error: 'recoveryCode is required' })
  .trim()
  .min(1, { error: 'recoveryCode is required' })
  .max(40, { error: 'recoveryCode is too long' })

/** POST /auth/mfa: the second step, with a code of the app or one of the recovery codes. */
export const mfaRequestSchema = z.union(
  [
    z.strictObject({ mfaToken: challengeToken('mfaToken'), code: totpCodeSchema }),
    z.strictObject({ mfaToken: challengeToken('mfaToken'), recoveryCode: recoveryCodeSchema }),
  ],
  { error: 'give mfaToken and either code or recoveryCode' },
)

/** POST /auth/mfa/enrolment: the secret of a new factor, for the enrolment token. */
export const enrolmentTokenRequestSchema = z.object({
  enrolmentToken: challengeToken('enrolmentToken'),
})

/** POST /auth/mfa/enrolment/confirm: its first code. */
export const confirmEnrolmentRequestSchema = z.object({
  enrolmentToken: challengeToken('enrolmentToken'),
  code: totpCodeSchema,
})

/** A new factor's secret: answered during its enrolment only, never after. */
export const enrolmentSecretSchema = z.object({ secret: z.string(), otpauthUri: z.string() })
export type EnrolmentSecret = z.infer<typeof enrolmentSecretSchema>

/** The ten single-use recovery codes of a factor just confirmed: answered this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>

/** A sign-in completed by an enrolment: the ordinary grant, and the recovery codes. */
export const enrolledLoginResponseSchema = loginResponseSchema.extend(recoveryCodesSchema.shape)

/** POST /auth/second-factor/confirm (signed in): the first code of the new factor. */
export const secondFactorCodeSchema = z.object({ code: totpCodeSchema })
export type SecondFactorCode = z.input<typeof secondFactorCodeSchema>

/** GET /auth/second-factor: the caller's own factor. */
export const secondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  /** The server's policy requires the caller to have one: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
})
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>

/** GET /api/admin/users/{id}/second-factor: whether the user has one. */
export const userSecondFactorSchema = z.object({ enrolled: z.boolean() })
export type UserSecondFactor = z.infer<typeof userSecondFactorSchema>
