/**
 * Audit entries in the words an administrator reads (issue 33): "Role added", "Locked: No →
 * Yes", not the server's codes. The Audit Log screen, the History card and both exports use
 * these, so an entry reads the same everywhere.
 */

/** What each action the server writes did; an unknown one is read from its code. */
const ACTION_LABELS: Record<string, string> = {
  'access.denied': 'Access denied',
  'group.activate': 'Group activated',
  'group.create': 'Group created',
  'group.deactivate': 'Group deactivated',
  'group.update': 'Group changed',
  'role.activate': 'Role activated',
  'role.create': 'Role created',
  'role.deactivate': 'Role deactivated',
  'role.update': 'Role changed',
  'seed.demo': 'Demo data loaded',
  'session.login': 'Signed in',
  'session.login_failed': 'Sign-in failed',
  'session.logout': 'Signed out',
  'session.password_change_required': 'Signed in with a temporary password',
  'session.reauth': "Confirmed it's them",
  'session.reauth_failed': "Confirming it's them failed",
  'session.reauth_required': "Change refused until they confirm it's them",
  'session.refresh_reuse': 'Reused session token refused',
  'session.revoke': 'Session ended',
  'user.activate': 'User activated',
  'user.bootstrap': 'First administrator created',
  'user.create': 'User created',
  'user.deactivate': 'User deactivated',
  'user.group_add': 'Group added',
  'user.group_end_change': "Group's end changed",
  'user.group_expire': 'Group ended',
  'user.group_remove': 'Group removed',
  'user.lock': 'User locked',
  'user.password_change': 'Password changed',
  'user.reset_password': 'Password reset link sent',
  'user.role_add': 'Role added',
  'user.role_end_change': "Role's end changed",
  'user.role_expire': 'Role ended',
  'user.role_remove': 'Role removed',
  'user.second_factor_disable': 'Two-step sign-in turned off',
  'user.second_factor_enrol': 'Two-step sign-in turned on',
  'user.recovery_codes_regenerate': 'Recovery codes replaced',
  'user.second_factor_enrol_begin': 'Two-step sign-in set-up started',
  'user.second_factor_reset': 'Two-step sign-in reset',
  'user.second_step_paused': 'Two-step sign-in paused after wrong codes',
  'user.sign_out_everywhere': 'Signed out everywhere',
  'user.temporary_lockout': 'Locked out for a while after failed sign-ins',
  'user.temporary_password': 'Temporary password set',
  'user.unlock': 'User unlocked',
  'user.update': 'Profile changed',
}

/** "user.role_add" → "Role added"; "user.some_new_thing" → "Some new thing". */
export function auditActionText(action: string): string {
  const known = ACTION_LABELS[action]
  if (known) return known
  const words = (action.split('.').pop() ?? action).replace(/_/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : action
}

/**
 * The names of the fields and facts the server records, as the screens label them, in the order
 * an entry's details show them: who or what, then status, access, sign-in facts, an import's
 * figures. The server's JSON keeps no order of its own.
 */
const FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  name: 'Name',
  fullName: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phoneNumber: 'Phone number',
  userId: 'User ID',
  users: 'Users',
  active: 'Active',
  isActive: 'Active',
  isLocked: 'Locked',
  role: 'Role',
  roles: 'Roles',
  group: 'Group',
  groups: 'Groups',
  until: 'Until',
  reason: 'Reason',
  by: 'By',
  secondStep: 'Second step',
  failures: 'Wrong codes',
  failedSecondSteps: 'Wrong codes since the last sign-in',
  sessionsEnded: 'Sessions ended',
  otherSessionsEnded: 'Other sessions ended',
  address: 'Address',
  file: 'File',
  rows: 'Rows',
  firstRow: 'First row',
  lastRow: 'Last row',
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  failed: 'Failed',
  ended: 'Ended',
}

const FIELD_ORDER = new Map(Object.keys(FIELD_LABELS).map((key, index) => [key, index]))

/** Known keys in FIELD_LABELS' order, then any others alphabetically. */
const byFieldOrder = ([a]: [string, unknown], [b]: [string, unknown]) =>
  (FIELD_ORDER.get(a) ?? FIELD_ORDER.size) - (FIELD_ORDER.get(b) ?? FIELD_ORDER.size) ||
  (a < b ? -1 : a > b ? 1 : 0)

/** "phoneNumber" → "Phone number"; "someNewField" → "Some new field". */
export function auditFieldText(key: string): string {
  const known = FIELD_LABELS[key]
  if (known) return known
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
  return words[0]!.toUpperCase() + words.slice(1)
}

/** Keys whose values are never shown, whatever a server put there. */
const SECRET_KEY = /password|token|secret|hash/i

/** A recorded value in words: Yes/No, a role's or group's name, a list, "-" for nothing. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(auditValueText).join(', ')
  if (typeof value === 'object' && 'name' in value && typeof value.name === 'string')
    return value.name
  return JSON.stringify(value)
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length === 2 &&
  'from' in value &&
  'to' in value

/**
 * An entry's changes in words: a changed field as "Locked: No → Yes", anything else as
 * "Sessions ended: 2", separated by "; " in a stable order (`byFieldOrder`); "-" when there is
 * nothing to say. A lone role or group
 * that the action already names ("Role added") is just its name. Secrets are left out.
 */
export function auditDetails(changes: Record<string, unknown>): string {
  const shown = Object.entries(changes)
    .filter(([key]) => !SECRET_KEY.test(key))
    .sort(byFieldOrder)
  const [only] = shown
  if (shown.length === 1 && only && (only[0] === 'role' || only[0] === 'group'))
    return auditValueText(only[1])
  const parts = shown.map(([key, value]) =>
    isChange(value)
      ? `${auditFieldText(key)}: ${auditValueText(value.from)} → ${auditValueText(value.to)}`
      : `${auditFieldText(key)}: ${auditValueText(value)}`,
  )
  return parts.length > 0 ? parts.join('; ') : '-'
}
