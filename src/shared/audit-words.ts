/**
 * Audit entries in the words an administrator reads (issue 33): "Role added", "Locked: No →
 * Yes", not the server's codes. The Audit Log screen, the History card and both exports use
 * these, so an entry reads the same everywhere.
 */

import type { MessageId, Translate } from './i18n/catalogues'

/** What each action the server writes did; an unknown one is read from its code. */
const ACTION_LABELS: Record<string, MessageId> = {
  'access.denied': 'cells.action.accessDenied',
  'group.activate': 'cells.action.groupActivate',
  'group.create': 'cells.action.groupCreate',
  'group.deactivate': 'cells.action.groupDeactivate',
  'group.update': 'cells.action.groupUpdate',
  'role.activate': 'cells.action.roleActivate',
  'role.create': 'cells.action.roleCreate',
  'role.deactivate': 'cells.action.roleDeactivate',
  'role.update': 'cells.action.roleUpdate',
  'seed.demo': 'cells.action.seedDemo',
  'session.login': 'cells.action.sessionLogin',
  'session.login_failed': 'cells.action.sessionLoginFailed',
  'session.logout': 'cells.action.sessionLogout',
  'session.password_change_required': 'cells.action.sessionPasswordChangeRequired',
  'session.reauth': 'cells.action.sessionReauth',
  'session.reauth_failed': 'cells.action.sessionReauthFailed',
  'session.reauth_required': 'cells.action.sessionReauthRequired',
  'session.refresh_reuse': 'cells.action.sessionRefreshReuse',
  'session.revoke': 'cells.action.sessionRevoke',
  'user.activate': 'cells.action.userActivate',
  'user.bootstrap': 'cells.action.userBootstrap',
  'user.create': 'cells.action.userCreate',
  'user.deactivate': 'cells.action.userDeactivate',
  'user.group_add': 'cells.action.userGroupAdd',
  'user.group_end_change': 'cells.action.userGroupEndChange',
  'user.group_expire': 'cells.action.userGroupExpire',
  'user.group_remove': 'cells.action.userGroupRemove',
  'user.lock': 'cells.action.userLock',
  'user.password_change': 'cells.action.userPasswordChange',
  'user.reset_password': 'cells.action.userResetPassword',
  'user.role_add': 'cells.action.userRoleAdd',
  'user.role_end_change': 'cells.action.userRoleEndChange',
  'user.role_expire': 'cells.action.userRoleExpire',
  'user.role_remove': 'cells.action.userRoleRemove',
  'user.second_factor_disable': 'cells.action.userSecondFactorDisable',
  'user.second_factor_enrol': 'cells.action.userSecondFactorEnrol',
  'user.recovery_codes_regenerate': 'cells.action.userRecoveryCodesRegenerate',
  'user.second_factor_enrol_begin': 'cells.action.userSecondFactorEnrolBegin',
  'user.second_factor_reset': 'cells.action.userSecondFactorReset',
  'user.second_step_paused': 'cells.action.userSecondStepPaused',
  'user.sign_out_everywhere': 'cells.action.userSignOutEverywhere',
  'user.temporary_lockout': 'cells.action.userTemporaryLockout',
  'user.temporary_password': 'cells.action.userTemporaryPassword',
  'user.unlock': 'cells.action.userUnlock',
  'user.update': 'cells.action.userUpdate',
}

/** "user.role_add" → "Role added"; "user.some_new_thing" → "Some new thing". */
export function auditActionText(action: string, t: Translate): string {
  const known = ACTION_LABELS[action]
  if (known) return t(known)
  const words = (action.split('.').pop() ?? action).replace(/_/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : action
}

/**
 * The names of the fields and facts the server records, as the screens label them, in the order
 * an entry's details show them: who or what, then status, access, sign-in facts, an import's
 * figures. The server's JSON keeps no order of its own.
 */
const FIELD_LABELS: Record<string, MessageId> = {
  username: 'cells.field.username',
  name: 'cells.field.name',
  fullName: 'cells.field.fullName',
  firstName: 'cells.field.firstName',
  lastName: 'cells.field.lastName',
  email: 'cells.field.email',
  phoneNumber: 'cells.field.phoneNumber',
  userId: 'cells.field.userId',
  users: 'cells.field.users',
  active: 'cells.field.active',
  isActive: 'cells.field.active',
  isLocked: 'cells.field.isLocked',
  role: 'cells.field.role',
  roles: 'cells.field.roles',
  group: 'cells.field.group',
  groups: 'cells.field.groups',
  until: 'cells.field.until',
  reason: 'cells.field.reason',
  by: 'cells.field.by',
  secondStep: 'cells.field.secondStep',
  failures: 'cells.field.failures',
  failedSecondSteps: 'cells.field.failedSecondSteps',
  sessionsEnded: 'cells.field.sessionsEnded',
  otherSessionsEnded: 'cells.field.otherSessionsEnded',
  address: 'cells.field.address',
  file: 'cells.field.file',
  rows: 'cells.field.rows',
  firstRow: 'cells.field.firstRow',
  lastRow: 'cells.field.lastRow',
  created: 'cells.field.created',
  updated: 'cells.field.updated',
  unchanged: 'cells.field.unchanged',
  failed: 'cells.field.failed',
  ended: 'cells.field.ended',
}

const FIELD_ORDER = new Map(Object.keys(FIELD_LABELS).map((key, index) => [key, index]))

/** Known keys in FIELD_LABELS' order, then any others alphabetically. */
const byFieldOrder = ([a]: [string, unknown], [b]: [string, unknown]) =>
  (FIELD_ORDER.get(a) ?? FIELD_ORDER.size) - (FIELD_ORDER.get(b) ?? FIELD_ORDER.size) ||
  (a < b ? -1 : a > b ? 1 : 0)

/** "phoneNumber" → "Phone number"; "someNewField" → "Some new field". */
export function auditFieldText(key: string, t: Translate): string {
  const known = FIELD_LABELS[key]
  if (known) return t(known)
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
  return words[0]!.toUpperCase() + words.slice(1)
}

/** Keys whose values are never shown, whatever a server put there. */
const SECRET_KEY = /password|token|secret|hash/i

/** A recorded value in words: Yes/No, a role's or group's name, a list, "-" for nothing. */
export function auditValueText(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return '-'
  if (typeof value === 'boolean') return t(value ? 'cells.yes' : 'cells.no')
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value))
    return value.length === 0
      ? '-'
      : value.map((item) => auditValueText(item, t)).join(t('cells.listSeparator'))
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
export function auditDetails(changes: Record<string, unknown>, t: Translate): string {
  const shown = Object.entries(changes)
    .filter(([key]) => !SECRET_KEY.test(key))
    .sort(byFieldOrder)
  const [only] = shown
  if (shown.length === 1 && only && (only[0] === 'role' || only[0] === 'group'))
    return auditValueText(only[1], t)
  const parts = shown.map(([key, value]) =>
    isChange(value)
      ? t('cells.fieldChange', {
          field: auditFieldText(key, t),
          from: auditValueText(value.from, t),
          to: auditValueText(value.to, t),
        })
      : t('cells.fieldValue', { field: auditFieldText(key, t), value: auditValueText(value, t) }),
  )
  return parts.length > 0 ? parts.join(t('cells.detailsSeparator')) : '-'
}
