import { z } from 'zod'
import { REFUSAL_MESSAGES } from './contract/refusal-codes'
import { formatDateTime } from './dates'
import { CONTROL_CHARACTERS, controlCharactersMessage } from './validation'

/**
 * Grants with an end (issue 57): what the console offers and the server checks of a direct role
 * or group membership given for a while.
 */

export const MAX_GRANT_REASON_LENGTH = 500
export const GRANT_REASON_REQUIRED = REFUSAL_MESSAGES.grant_reason_required
export const GRANT_END_IN_PAST = REFUSAL_MESSAGES.grant_end_in_past
export const GRANT_END_INVALID = 'Until must be a date and time, such as 2026-12-12T14:00:00Z.'

/** The presets of "Until", after "None": how many hours from now. */
export const GRANT_END_PRESET_HOURS = [1, 8, 24, 7 * 24, 30 * 24] as const

/** Why the grant ends: trimmed, one line of ordinary text, or none. */
export const grantReasonSchema = z
  .string({ error: 'Reason must be text' })
  .trim()
  .normalize('NFC')
  .max(MAX_GRANT_REASON_LENGTH, {
    error: `Reason must be at most ${MAX_GRANT_REASON_LENGTH} characters`,
  })
  .refine((value) => !CONTROL_CHARACTERS.test(value), {
    error: controlCharactersMessage('Reason'),
  })

/**
 * PUT /api/admin/users/{id}/role-grants/{roleId} and /group-grants/{groupId}: give the role or
 * group with an end (`until`) or without (null), or change the end of one held. A reason is
 * required when it ends and grants a permission (the server knows which do).
 */
export const grantInputSchema = z.strictObject({
  until: z.iso.datetime({ offset: true, error: GRANT_END_INVALID }).nullable(),
  reason: grantReasonSchema.optional(),
})
export type GrantInput = z.input<typeof grantInputSchema>

/** Whether a reason must go with a grant: it ends, and it grants something. */
export const grantNeedsReason = (until: string | null, grantsPermissions: boolean) =>
  until !== null && grantsPermissions

/**
 * The "Until" of a grant as chosen in the console: kept as it is (a grant held), none, a preset
 * (hours from now) or a date and time typed in the local zone (`YYYY-MM-DDTHH:mm`, as a
 * datetime-local field gives it).
 */
export type EndChoice =
  | { kind: 'keep' }
  | { kind: 'none' }
  | { kind: 'preset'; hours: number }
  | { kind: 'at'; local: string }

/** The end a choice sends, as ISO text (null: no end); undefined to keep the grant's end. */
export function untilOf(choice: EndChoice, now: number): string | null | undefined {
  switch (choice.kind) {
    case 'keep':
      return undefined
    case 'none':
      return null
    case 'preset':
      return new Date(now + choice.hours * 3_600_000).toISOString()
    case 'at': {
      const time = new Date(choice.local).getTime()
      return Number.isNaN(time) ? '' : new Date(time).toISOString()
    }
  }
}

/** Whether a choice gives an end (a preset or a date and time), so that a reason goes with it. */
export const endsAt = (choice: EndChoice) => choice.kind === 'preset' || choice.kind === 'at'

/** What is wrong with chosen ends and their reason, by field. */
export interface GrantEndProblems {
  until?: string
  reason?: string
}

/** What is wrong with chosen ends (null: none) and reason, by field; empty when they can be sent. */
export function grantEndProblems(
  ends: readonly (string | null)[],
  reason: string,
  now: number,
): GrantEndProblems {
  const given = ends.filter((end): end is string => end !== null)
  if (given.some((end) => end === '')) return { until: GRANT_END_INVALID }
  if (given.some((end) => Date.parse(end) <= now)) return { until: GRANT_END_IN_PAST }
  if (given.length > 0 && reason.trim() === '') return { reason: GRANT_REASON_REQUIRED }
  return {}
}

/** The grant of a role or group given with `until` (null: none); a reason goes only with an end. */
export function grantInputOf(until: string | null, reason: string): GrantInput {
  const trimmed = reason.trim()
  return { until, ...(until !== null && trimmed && { reason: trimmed }) }
}

/** "until Dec 12, 2026, 2:00 PM": a grant's end as the console shows it wherever it is held. */
export const untilText = (until: string) => `until ${formatDateTime(until)}`
