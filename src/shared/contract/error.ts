import { z } from 'zod'
import type { RefusalCode } from './refusal-codes'

/** Every error the server answers: Fastify's shape, plus per-field details on a 400. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  // Optional: a server other than ours may send no code.
  code: z
    .string()
    .describe(
      'Why, for a machine: a stable snake_case code (src/shared/contract/refusal-codes.ts). A client shows its own words for a code it knows, else the message.',
    )
    .optional(),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .describe('The values the message of the code names, for a translation to name them too.')
    .optional(),
  /** With code password_change_required only: see passwordChangeRequiredSchema. */
  passwordChangeToken: z.string().optional(),
  /** With code mfa_required only: see mfaRequiredSchema. */
  mfaToken: z.string().optional(),
  /** With code mfa_enrolment_required, after a sign-in only: see mfaEnrolmentRequiredSchema. */
  enrolmentToken: z.string().optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>

/**
 * The code of a 403 refusing a dangerous change (issue 30, item 4) until the caller proves it is
 * still them with POST /auth/reauth: the console asks, then retries the change once.
 */
export const REAUTH_REQUIRED = 'reauth_required' satisfies RefusalCode
