/**
 * Issue 59, item 5: every refusal of the reference server carries a stable `code` beside its
 * English `message`, so that a console can show its own words for the codes it knows and the
 * server's text for any other. This table is the one place each refusal's English text is
 * written: the server builds its messages from it, with the values a text names sent as the
 * body's `params`, so that a translation can name them too.
 */

type Plural = (count: number, one: string, many: string) => string
const plural: Plural = (count, one, many) => (count === 1 ? one : many)

/** Who lacks what, in a refusal of the rule of delegation (issues 29 and 54). */
interface AccessNamed {
  /** The kind of what is named: role or group. */
  kind: 'role' | 'group'
  name: string
  /** The permissions the caller lacks, comma-separated. */
  missing: string
}

export const REFUSAL_MESSAGES = {
  // The request itself
  body_not_json: 'Request body is not valid JSON',
  body_not_object: 'Request body must be a JSON object',
  body_too_large: 'Request body is larger than 1 MiB',
  body_not_json_media_type: 'Send the request body as application/json',
  url_segment_too_long: 'A segment of the URL is longer than 100 characters',
  url_invalid: 'The URL is not valid',
  http_invalid: 'The request is not valid HTTP',
  headers_too_large: 'Request headers are larger than the server accepts',
  request_too_slow: 'The request took too long to arrive',
  route_not_found: ({ method, path }: { method: string; path: string }) =>
    `Route ${method} ${path} not found`,
  operation_not_served: ({ operation }: { operation: string }) => `${operation} is not served here`,
  value_not_storable: 'The request holds a value the database cannot store',
  text_malformed: 'must be valid Unicode text',
  cursor_malformed: 'cursor is not one this server gave',
  cursor_foreign:
    'cursor belongs to another sort, direction, search, filter or page size; start again from the first page',
  unknown_links: ({ field, kind, ids }: { field: string; kind: string; ids: string }) =>
    `${field}: unknown ${kind} ${ids}`,
  bulk_filter_too_broad: ({ max }: { max: number }) =>
    `filter matches more than ${max} users; send their ids in parts instead`,

  // Sign-in and the session
  not_authenticated: 'Not authenticated',
  access_token_invalid: 'Access token is invalid or expired',
  session_ended: 'Session has ended. Sign in again.',
  session_expired: 'Session expired',
  session_account_locked: 'This account is locked.',
  session_account_inactive: 'This account is inactive.',
  invalid_credentials: 'Invalid username or password',
  account_locked: 'This account is locked. Ask an administrator to unlock it.',
  account_inactive: 'This account is inactive. Ask an administrator to activate it.',
  too_many_attempts: ({ seconds }: { seconds: number }) =>
    `Too many attempts. Try again in ${seconds} ${plural(seconds, 'second', 'seconds')}.`,
  rate_limited: ({ after }: { after: string }) => `Too many attempts. Try again in ${after}.`,
  password_change_required:
    'This is a temporary password: choose a new password to finish signing in.',
  temporary_password_spent:
    'This temporary password has already been used. Ask an administrator for a new one.',
  same_as_temporary_password: 'The new password must be different from the temporary password.',
  wrong_current_password: 'The current password is not correct.',
  wrong_password: 'The password is not correct.',
  reset_link_invalid:
    'This password reset link is invalid, used or expired. Ask an administrator for a new one.',
  reauth_required:
    'Confirm your password to make this change: it needs a sign-in or confirmation in the last 5 minutes.',
  metrics_token_required: 'A valid metrics token is required',

  // Two-step sign-in
  mfa_required: 'Enter the code from your authenticator app.',
  /** At a sign-in (401, with an enrolmentToken) or on a request of a session made before (403). */
  mfa_enrolment_required: ({ at }: { at: 'sign_in' | 'request' }) =>
    at === 'sign_in'
      ? 'Two-step sign-in is required for administrators: set it up to finish signing in.'
      : 'Two-step sign-in is required for administrators: turn it on from your account menu first.',
  sign_in_ended: 'This sign-in has expired or ended. Sign in again.',
  second_step_paused: ({ minutes }: { minutes: number }) =>
    `Too many wrong codes for this account: its two-step sign-in is paused. Sign in again in ${minutes} ${plural(minutes, 'minute', 'minutes')}.`,
  wrong_code: 'The code is not correct.',
  wrong_recovery_code: 'The recovery code is not correct or has been used.',
  second_factor_already_on: 'Two-step sign-in is already on.',
  second_factor_not_on: 'Two-step sign-in is not on.',
  second_factor_required_by_policy:
    'Two-step sign-in is required for administrators: it cannot be turned off.',
  no_second_factor_to_reset: ({ userId }: { userId: number }) =>
    `User ${userId} has no two-step sign-in to reset.`,

  // Passwords
  password_rejected: (rule: { rule: 'too_short'; minLength: number } | { rule: 'too_common' }) =>
    rule.rule === 'too_short'
      ? `Password must be at least ${rule.minLength} characters`
      : 'This password is too common. Choose another.',

  // Rights
  administrator_required: 'Administrator rights are required for this action.',
  permissions_required: ({ permissions, count }: { permissions: string; count: number }) =>
    `The ${permissions} ${plural(count, 'permission is', 'permissions are')} required for this action.`,
  holds_more_permissions: ({ missing }: { missing: string }) =>
    `${HOLDS_MORE_PERMISSIONS} Missing: ${missing}.`,
  may_not_give: ({ kind, name, missing }: AccessNamed) =>
    `You cannot give the ${kind} "${name}" without holding ${missing}.`,
  may_not_create: ({ kind, name, missing }: AccessNamed) =>
    `You cannot create the ${kind} "${name}" without holding ${missing}.`,
  may_not_create_with_roles: ({ kind, name, missing }: AccessNamed) =>
    `You cannot create the ${kind} "${name}" with these roles without holding ${missing}.`,
  may_not_give_permissions: ({ kind, name, missing }: AccessNamed) =>
    `You cannot give the ${kind} "${name}" these permissions without holding ${missing}.`,
  may_not_link: ({ kind, name, missing, other }: AccessNamed & { other: string }) =>
    `You cannot link the ${kind} "${name}" to these ${other} without holding ${missing}.`,
  may_not_activate: ({ kind, name, missing }: AccessNamed) =>
    `You cannot activate the ${kind} "${name}" without holding ${missing}.`,
  may_not_change_access: ({ kind, name, missing }: AccessNamed) =>
    `You cannot change the ${kind} "${name}": someone who holds or could hold it has permissions you do not have. Missing: ${missing}.`,
  own_account_deactivate: 'You cannot deactivate your own account.',
  own_account_lock: 'You cannot lock your own account.',
  own_account_temporary_password:
    'Use Change Password in the account menu to change your own password.',
  no_administrator_left: ({ role }: { role: string }) =>
    `This change would leave no active administrator. Give another user the ${role} role first.`,
  administrator_role_fixed: ({ role }: { role: string }) =>
    `The ${role} role always carries every permission.`,
  administrator_role_stays: ({ role }: { role: string }) =>
    `The ${role} role is the administrator role: it cannot be deactivated.`,

  // Users, roles, groups and what they hold
  user_not_found: ({ id }: { id: number }) => `User ${id} not found`,
  role_not_found: ({ id }: { id: number }) => `Role ${id} not found`,
  group_not_found: ({ id }: { id: number }) => `Group ${id} not found`,
  session_not_found: ({ userId, sessionId }: { userId: number; sessionId: string }) =>
    `User ${userId} has no live session ${sessionId}`,
  import_run_not_open: 'No import run of yours with this id is open',
  user_changed:
    'This user was changed by someone else since you opened it. Reload to see the latest version.',
  username_taken: ({ username }: { username: string }) => `Username "${username}" is already taken`,
  email_taken: ({ email }: { email: string }) => `Email "${email}" is already taken`,
  /** The same clash caught by the database's unique index, without the name. */
  username_exists: 'Username is already taken',
  email_exists: 'Email is already taken',
  username_taken_as_email: ({ username }: { username: string }) =>
    `Username "${username}" is already taken as another user's email`,
  email_taken_as_username: ({ email }: { email: string }) =>
    `Email "${email}" is already taken as another user's sign-in name`,
  role_name_taken: ({ name }: { name: string }) => `A role named "${name}" already exists`,
  group_name_taken: ({ name }: { name: string }) => `A group named "${name}" already exists`,
  role_name_exists: 'A role with this name already exists',
  group_name_exists: 'A group with this name already exists',
  grant_end_in_past: 'Until must be in the future.',
  grant_reason_required: 'Give a reason for access that ends.',
  dormant_policy_off: 'The dormant-accounts policy is off (DORMANT_AFTER_DAYS is not set)',
  dormant_exempt_group_missing: ({ group }: { group: string }) =>
    `The group "${group}" that DORMANT_EXEMPT_GROUP names does not exist: no one is deactivated until it does.`,

  // The server's own trouble
  change_conflicted:
    'The change ran into another made at the same moment and was not applied. Try again.',
  database_unreachable: 'The database is not reachable right now. Try again in a moment.',
  database_unavailable: 'Database unavailable',
  exports_busy: 'Too many exports are running at the moment. Try again in a moment.',
  internal_error: 'Internal server error',
} as const satisfies Record<string, string | ((params: never) => string)>

/**
 * The start of the 403 of acting on a user who holds more (issue 29): the console's details page
 * says it instead of offering changes.
 */
export const HOLDS_MORE_PERMISSIONS =
  'You cannot change an account that holds permissions you do not have.'

export type RefusalCode = keyof typeof REFUSAL_MESSAGES

/** The values the message of `code` names, or undefined for a fixed text. */
export type RefusalParams<C extends RefusalCode> = (typeof REFUSAL_MESSAGES)[C] extends (
  params: infer P,
) => string
  ? P
  : undefined

/** A refusal as a client reads it: its code, and the values its message names. */
export type CodedRefusal = {
  [C in RefusalCode]: RefusalParams<C> extends undefined
    ? { code: C; params?: undefined }
    : { code: C; params: RefusalParams<C> }
}[RefusalCode]

/** What follows the code of a refusal built from its parts: its params, when its text has any. */
export type RefusalArgs<C extends RefusalCode> =
  RefusalParams<C> extends undefined ? [] : [params: RefusalParams<C>]

export const codedRefusal = <C extends RefusalCode>(code: C, ...args: RefusalArgs<C>) =>
  ({ code, params: args[0] }) as CodedRefusal

/** The English text of a refusal. */
export function refusalMessage(refusal: CodedRefusal): string {
  const text: string | ((params: CodedRefusal['params']) => string) = REFUSAL_MESSAGES[
    refusal.code
  ] as string | ((params: CodedRefusal['params']) => string)
  return typeof text === 'string' ? text : text(refusal.params)
}

/**
 * Codes of a refusal no more is known of than its status (a Fastify error of its own): its
 * message is the server's own text, to be shown as it is.
 */
export const GENERAL_REFUSAL_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  428: 'precondition_required',
  429: 'too_many_requests',
  431: 'request_headers_too_large',
  500: 'internal',
  503: 'unavailable',
}

/** The code of a 400 naming fields that break the request's schema: see the body's details. */
export const INVALID_FIELDS = 'invalid_fields'

/** The general code of `status`, for a status the table does not name by its class. */
export const generalRefusalCode = (status: number): string =>
  GENERAL_REFUSAL_CODES[status] ?? (status >= 500 ? 'internal' : 'bad_request')
