import { z } from 'zod'
import { CONTROL_CHARACTERS } from '../validation'
import { pageQueryFields, pageSchema } from './page'

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /**
   * Our server's extension: the current username of a target user, or name of a target role or
   * group; null when it has none. Other servers of the contract may not send it.
   */
  targetName: z.string().nullable().optional(),
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditPageSchema = pageSchema(auditEntrySchema)

/** The Audit Log screen's page size, the same as the Users list's. */
export const AUDIT_PAGE_SIZE = 20
/** The History card of User Details: a user's latest entries. */
export const USER_HISTORY_SIZE = 20

/**
 * The actions our server writes, offered by the screen's Action filter: the type of every
 * action the server's writeAudit takes, so that a new one cannot be written without being listed.
 */
export const AUDIT_ACTIONS = [
  'access.denied',
  'audit.test_event',
  'group.activate',
  'group.create',
  'group.deactivate',
  'group.update',
  'role.activate',
  'role.create',
  'role.deactivate',
  'role.update',
  'session.login',
  'session.login_failed',
  'session.logout',
  'session.password_change_required',
  'session.reauth',
  'session.reauth_failed',
  'session.reauth_required',
  'session.refresh_reuse',
  'session.revoke',
  'user.activate',
  'user.bootstrap',
  'user.create',
  'user.deactivate',
  'user.group_add',
  'user.group_end_change',
  'user.group_expire',
  'user.group_remove',
  'user.import',
  'user.lock',
  'user.password_change',
  'user.recovery_codes_regenerate',
  'user.reset_password',
  'user.role_add',
  'user.role_end_change',
  'user.role_expire',
  'user.role_remove',
  'user.second_factor_disable',
  'user.second_factor_enrol',
  'user.second_factor_enrol_begin',
  'user.second_factor_reset',
  'user.second_step_paused',
  'user.sign_out_everywhere',
  'user.temporary_lockout',
  'user.temporary_password',
  'user.unlock',
  'user.update',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

const MAX_USER_REFERENCE_LENGTH = 100
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar day as YYYY-MM-DD that exists (no February 30). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value)
  if (!match) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const userReference = (name: string) =>
  z
    .string({ error: `${name} must be a user id or username` })
    .trim()
    .min(1, { error: `${name} must be a user id or username` })
    .max(MAX_USER_REFERENCE_LENGTH, {
      error: `${name} must be at most ${MAX_USER_REFERENCE_LENGTH} characters`,
    })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      error: `${name} must not contain control characters`,
    })
    .optional()

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date as YYYY-MM-DD` })
    .refine(isIsoDay, { error: `${name} must be a date as YYYY-MM-DD` })
    .optional()

/**
 * The log's filters, all optional and combined: who did it (`actor`) and which user it was done
 * to (`target`), each a user id in plain digits or a username; the action; and an inclusive
 * range of UTC days.
 */
export const auditFilterFields = {
  actor: userReference('actor'),
  target: userReference('target'),
  action: z
    .string({ error: 'action must be an action name such as user.update' })
    .max(64, { error: 'action must be at most 64 characters' })
    .regex(/^[a-z][a-z_]*\.[a-z][a-z_]*$/, {
      error: 'action must be an action name such as user.update',
    })
    .optional(),
  from: day('from'),
  to: day('to'),
}

const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to
const FROM_AFTER_TO = { error: 'from must not be after to', path: ['from'] }

export const auditFilterSchema = z.object(auditFilterFields).refine(fromNotAfterTo, FROM_AFTER_TO)
export type AuditFilter = z.input<typeof auditFilterSchema>

export const auditQuerySchema = z
  .object({ ...pageQueryFields(50), ...auditFilterFields })
  .refine(fromNotAfterTo, FROM_AFTER_TO)
export type AuditQuery = z.input<typeof auditQuerySchema>
export type AuditParams = z.output<typeof auditQuerySchema>
