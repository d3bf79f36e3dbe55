import { z } from 'zod'
import {
  groupAssignmentInput,
  groupGrantInput,
  groupUpdateInput,
  auditExportInput,
  bulkId,
  bulkRequestInput,
  effectPreviewInput,
  exportId,
  id,
  importApplyInput,
  importId,
  importPreviewInput,
  idInput,
  membersInput,
  nothing,
  roleAssignmentInput,
  roleGrantInput,
  roleUpdateInput,
  recoveryCodesInput,
  secondStepInput,
  userExportInput,
  type EffectPreviewInput,
  type SecondStepInput,
} from './bridge-inputs'
import {
  endpoints,
  auditQuerySchema,
  changePasswordSchema,
  createUserSchema,
  groupInputSchema,
  loginRequestSchema,
  reauthRequestSchema,
  roleInputSchema,
  secondFactorCodeSchema,
  sessionIdSchema,
  updateUserSchema,
  userListQuerySchema,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type AuditFilter,
  type BulkAction,
  type BulkFilter,
  type BulkUserResult,
  type ChangePasswordRequest,
  type Effect,
  type Group,
  type ImportFieldError,
  type ImportOutcome,
  type LoginRequest,
  type MemberListQuery,
  type Page,
  type Permission,
  type RecoveryCodes,
  type Role,
  type SecondFactorCode,
  type ServerFeature,
  type SessionsEnded,
  type SortDirection,
  type UpdateUserRequest,
  type User,
  type UserFilter,
  type UserSortField,
} from './contract'
import type { GrantInput } from './grant-ends'
import type { Result } from './result'
import { THEME_CHOICES, type ThemeChoice } from './theme'
import type { ExportableUserColumn } from './user-columns'
import { newPasswordSchema } from './validation'

/** The signed-in administrator as the renderer sees it: never a token. */
export interface SessionInfo {
  user: User
  roles: string[]
  /**
   * What the user may do (issue 29), as the server said; absent when it says nothing, and the
   * console then offers everything.
   */
  permissions?: Permission[]
  /** What the server offers beyond the contract (issue 57); none from a server that names none. */
  features: ServerFeature[]
  serverUrl: string
  /** False when no keychain was available: the session ends with the app. */
  remembered: boolean
  /**
   * On the answer of a sign-in only: the wrong second-step codes tried on the account since its
   * last sign-in, when the server counted any (someone else may hold the password).
   */
  failedSecondSteps?: number
}

/**
 * A new second factor as the enrolment shows it: the secret as text, its otpauth:// URI and
 * that URI as a QR code (an image data URL). Crosses the bridge during the enrolment only.
 */
export interface EnrolmentView {
  secret: string
  otpauthUri: string
  qrCode: string
}

/** A sign-in completed by enrolling a second factor: the session and its recovery codes. */
export interface EnrolledSignIn extends RecoveryCodes {
  session: SessionInfo
}

export interface AppInfo {
  serverUrl: string
  version: string
  /** False when the OS keychain could not be reached. */
  keychain: boolean
  /** True when IT's machine policy names the server: the user cannot change it. */
  serverManaged: boolean
  /** The version of a downloaded update waiting for a restart, or null. */
  updateReady: string | null
}

export interface UserWithVersion {
  user: User
  /** The ETag to send back with an update, when the server gave one. */
  etag: string | null
}

export type BridgeEvent =
  | { type: 'session-changed'; session: SessionInfo | null }
  | { type: 'session-expired'; message: string }
  | { type: 'export-progress'; exportId: string; done: number; total: number }
  /** While a bulk action first lists the users it selects, then applies them (issue 12). */
  | {
      type: 'bulk-progress'
      bulkId: string
      phase: 'selecting' | 'applying'
      done: number
      total: number
    }
  | { type: 'update-ready'; version: string }
  /** While a CSV import is checked against the server (preview), then applied (issue 32). */
  | {
      type: 'import-progress'
      importId: string
      phase: 'checking' | 'applying'
      done: number
      total: number
    }

export type ExportFormat = 'csv' | 'pdf'

/** Every user matching the list's search, in its sort, with its visible columns. */
export interface UserExportRequest {
  /** Chosen by the renderer, so it can follow progress and cancel. */
  exportId: string
  format: ExportFormat
  search?: string
  /** The list's filters (issue 12), combined with the search. */
  filter?: UserFilter
  /** Export Selected: only these users, in this order (search and filter then do not apply). */
  ids?: number[]
  sort: UserSortField
  direction: SortDirection
  columns: ExportableUserColumn[]
  /** The zone the console shows times in (Settings); absent, this computer's. */
  timeZone?: string
}

/** Every audit entry matching the Audit Log's filters, newest first. */
export interface AuditExportRequest {
  exportId: string
  format: ExportFormat
  filter?: AuditFilter
  /** As UserExportRequest's. */
  timeZone?: string
}

export type ExportOutcome =
  | { status: 'saved'; file: string; rows: number }
  /** printToPDF failed: the report went to the print window instead. */
  | { status: 'printed'; rows: number }
  /** Neither printToPDF nor the print window worked; `reason` says why. */
  | { status: 'unprinted'; rows: number; reason: string }
  | { status: 'cancelled' }

/** The users of a bulk action: chosen ones, or every one the list's search and filters match. */
export type BulkSelectionInput =
  { ids: number[] } | { search?: string; filter?: Omit<BulkFilter, 'search'> }

export interface BulkRequest {
  /** Chosen by the renderer, so it can follow progress and cancel. */
  bulkId: string
  action: BulkAction
  selection: BulkSelectionInput
  /** The role (assign-role) or group (add-to-group, remove-from-group) of an access action. */
  targetId?: number
  /** Given for a while (assign-role, add-to-group; issue 57): the end and its reason. */
  grant?: GrantInput
}

/** How a bulk action ended: counts, each failure with its reason, and whether it was stopped. */
export interface BulkSummary {
  ok: number
  failed: number
  failures: Extract<BulkUserResult, { ok: false }>[]
  /** True when Cancel stopped it: the users not yet sent were left as they were. */
  cancelled: boolean
  /** Why it stopped early, when a request failed as a whole (e.g. the network). */
  error?: string
}

/** A CSV file chosen and read for import, or the open dialog cancelled. */
export type ImportOpenOutcome =
  | { status: 'opened'; fileName: string; rows: number; unknownColumns: string[] }
  | { status: 'cancelled' }

/** One row's outcome (in a preview: what would happen), with its errors by field. */
export interface ImportRowOutcome {
  row: number
  username: string
  outcome: ImportOutcome
  present: boolean
  errors: ImportFieldError[]
}

/** What an import would do, before anything changes. */
export interface ImportPreview {
  created: number
  present: number
  /** Of those present, the rows that would change them (only with updateExisting). */
  updated: number
  failed: number
  /** The file's first rows with their outcome. */
  firstRows: ImportRowOutcome[]
  /** Every error by row number and field (the first MAX_PREVIEW_ERRORS of them). */
  errors: ImportRowError[]
}

/** How an import ended. */
export interface ImportReport {
  created: number
  updated: number
  unchanged: number
  failed: number
  /** Rows sent and answered, of every row of the file. */
  done: number
  total: number
  /** True when Cancel stopped it after the requests in flight: what was created stays. */
  cancelled: boolean
  /** The first row not imported, when it stopped early. */
  stoppedAtRow?: number
  /** Why it stopped early, when a request failed as a whole (e.g. the network). */
  error?: string
  /** Every error by row number and field, as the preview lists them (issue 56). */
  errors: ImportRowError[]
}

/** A row's error, its field named by the file's own header ("Last Name"). */
export interface ImportRowError {
  row: number
  field: string
  message: string
}

export type ImportChoices = { updateExisting: boolean; sendSetPasswordLink: boolean }

export type IdInput = { id: number }
export type SessionInput = { id: number; sessionId: string }
/** Which role or group, and the page and search of its members. */
export type MembersInput = { id: number } & MemberListQuery

/**
 * An operation the renderer calls: `input` checks what it sends in the main process, before
 * anything goes to the server. Its parsed value must be an `Input`, which ties each schema to
 * the type the renderer sends; `Output` is what the call answers (a type only).
 */
export interface CallOperation<Input, Output> {
  kind: 'call'
  input: z.ZodType<Input>
  output?: Output
  /** The endpoint a pass-through operation calls with its input, answering what it answers. */
  endpoint?: Endpoint
}

/** The events the main process pushes to the renderer (session changes, progress, updates). */
export interface EventOperation {
  kind: 'event'
}

const call = <Input, Output>(input: z.ZodType<Input>): CallOperation<Input, Output> => ({
  kind: 'call',
  input,
})
const event: EventOperation = { kind: 'event' }
/**
 * An operation that is one call of an endpoint: its input, checked here by `input` (as the
 * renderer sends it: numbers for ids), goes to the endpoint as it is, and its answer comes back.
 */
const through = <E extends Endpoint>(
  endpoint: E,
  input: z.ZodType<EndpointInput<E>>,
): CallOperation<EndpointInput<E>, EndpointOutput<E>> & { endpoint: E } => ({
  kind: 'call',
  input,
  endpoint,
})

/**
 * Every operation of the bridge, `'<group>.<op>'`, as `window.admin.<group>.<op>` exposes it:
 * `window.admin`'s type, `createBridge`, the main process's input checks and its IPC handlers
 * all come from this table. An operation that calls one endpoint straight through names it
 * here and needs nothing else; any other has its handler in src/main/core/ipc/handlers.ts.
 */
export const bridgeOperations = {
  'auth.login': call<LoginRequest, SessionInfo>(loginRequestSchema),
  'auth.logout': call<undefined, null>(nothing),
  'auth.session': call<undefined, SessionInfo | null>(nothing),
  /** With a reset token, or signed in with the current password (other sessions end). */
  'auth.changePassword': call<ChangePasswordRequest, null>(changePasswordSchema),
  /** After a sign-in with a temporary password: sets the new one, then signs in with it. */
  'auth.completePasswordChange': call<{ newPassword: string }, SessionInfo>(
    z.object({ newPassword: newPasswordSchema }),
  ),
  /** "Confirm it's you" before a dangerous change (issue 30): the password goes, nothing comes back. */
  'auth.reauth': through(endpoints.reauthenticate, reauthRequestSchema),
  /**
   * Two-step sign-in (issue 30). The second step of a sign-in answered mfa_required: the token
   * it needs stays in the main process.
   */
  'auth.secondStep': call<SecondStepInput, SessionInfo>(secondStepInput),
  /** A sign-in answered mfa_enrolment_required: the new factor, then its first code. */
  'auth.beginEnrolment': call<undefined, EnrolmentView>(nothing),
  'auth.confirmEnrolment': call<SecondFactorCode, EnrolledSignIn>(secondFactorCodeSchema),
  /** The signed-in user's own factor, from the avatar menu. */
  'secondFactor.status': through(endpoints.getOwnSecondFactor, nothing),
  'secondFactor.begin': call<undefined, EnrolmentView>(nothing),
  'secondFactor.confirm': through(endpoints.confirmOwnEnrolment, secondFactorCodeSchema),
  'secondFactor.disable': through(endpoints.disableOwnSecondFactor, secondFactorCodeSchema),
  'secondFactor.regenerateRecoveryCodes': through(endpoints.regenerateOwnRecoveryCodes, nothing),
  /** The recovery codes just shown, written to a file the native save dialog chooses. */
  'secondFactor.saveRecoveryCodes': call<RecoveryCodes, ExportOutcome>(recoveryCodesInput),
  'users.list': through(endpoints.listUsers, userListQuerySchema),
  'users.get': call<IdInput, UserWithVersion>(idInput),
  'users.create': through(endpoints.createUser, createUserSchema),
  'users.update': call<
    { id: number; changes: UpdateUserRequest; etag?: string | null },
    UserWithVersion
  >(z.object({ id, changes: updateUserSchema, etag: z.string().max(200).nullish() })),
  'users.activate': through(endpoints.activateUser, idInput),
  'users.deactivate': through(endpoints.deactivateUser, idInput),
  'users.lock': through(endpoints.lockUser, idInput),
  'users.unlock': through(endpoints.unlockUser, idInput),
  'users.resetPassword': through(endpoints.resetUserPassword, idInput),
  'users.setTemporaryPassword': through(endpoints.setTemporaryPassword, idInput),
  'users.sessions': through(endpoints.listUserSessions, idInput),
  'users.endSession': call<SessionInput, SessionsEnded>(
    z.object({ id, sessionId: sessionIdSchema }),
  ),
  'users.endAllSessions': call<IdInput, SessionsEnded>(idInput),
  'users.secondFactor': through(endpoints.getUserSecondFactor, idInput),
  'users.resetSecondFactor': call<IdInput, SessionsEnded>(idInput),
  'users.roles': through(endpoints.listUserRoles, idInput),
  'users.addRole': through(endpoints.addUserRole, roleAssignmentInput),
  'users.grantRole': through(endpoints.grantUserRole, roleGrantInput),
  'users.removeRole': through(endpoints.removeUserRole, roleAssignmentInput),
  'users.groups': through(endpoints.listUserGroups, idInput),
  'users.addGroup': through(endpoints.addUserGroup, groupAssignmentInput),
  'users.grantGroup': through(endpoints.grantUserGroup, groupGrantInput),
  'users.removeGroup': through(endpoints.removeUserGroup, groupAssignmentInput),
  'users.effectiveRoles': through(endpoints.listUserEffectiveRoles, idInput),
  'users.bulk': call<BulkRequest, BulkSummary>(bulkRequestInput),
  'users.bulkCancel': call<{ bulkId: string }, null>(z.object({ bulkId })),
  'roles.list': call<undefined, Page<Role>>(nothing),
  'roles.create': through(endpoints.createRole, roleInputSchema),
  'roles.update': through(endpoints.updateRole, roleUpdateInput),
  'roles.activate': through(endpoints.activateRole, idInput),
  'roles.deactivate': through(endpoints.deactivateRole, idInput),
  'roles.members': through(endpoints.listRoleMembers, membersInput),
  'groups.list': call<undefined, Page<Group>>(nothing),
  'groups.create': through(endpoints.createGroup, groupInputSchema),
  'groups.update': through(endpoints.updateGroup, groupUpdateInput),
  'groups.activate': through(endpoints.activateGroup, idInput),
  'groups.deactivate': through(endpoints.deactivateGroup, idInput),
  'groups.members': through(endpoints.listGroupMembers, membersInput),
  /**
   * Who would gain and who would lose which permission by a change (issue 57), from a server
   * that names the 'effect-preview' feature: the server makes it and rolls it back.
   */
  'effects.preview': call<EffectPreviewInput, Effect>(effectPreviewInput),
  'audit.list': through(endpoints.listAuditEntries, auditQuerySchema),
  /** Where the server forwards its audit records, with each one's lag and last error. */
  'audit.sinks': through(endpoints.listAuditSinks, nothing),
  /** An audited record of its own, which every sink then receives. */
  'audit.sendTestEvent': through(endpoints.sendAuditTestEvent, nothing),
  /** Our server's dormant-accounts policy (issue 57): its next run's outcome; 404 elsewhere. */
  'policies.dormant': through(endpoints.getDormantPolicy, nothing),
  /** The dormant-accounts policy run now, after the administrator confirmed it. */
  'policies.runDormant': through(endpoints.runDormantPolicy, nothing),
  'exports.users': call<UserExportRequest, ExportOutcome>(userExportInput),
  'exports.audit': call<AuditExportRequest, ExportOutcome>(auditExportInput),
  'exports.cancel': call<{ exportId: string }, null>(z.object({ exportId })),
  /** The native open dialog, then the chosen CSV file read and checked in the main process. */
  'imports.open': call<{ importId: string }, ImportOpenOutcome>(z.object({ importId })),
  /** The opened file checked against the server (a dry run): nothing changes. */
  'imports.preview': call<{ importId: string; updateExisting: boolean }, ImportPreview>(
    importPreviewInput,
  ),
  'imports.apply': call<{ importId: string } & ImportChoices, ImportReport>(importApplyInput),
  /** Stops an import after the requests in flight. */
  'imports.cancel': call<{ importId: string }, null>(z.object({ importId })),
  /** Every row with its outcome and reason, as CSV, through the native save dialog. */
  'imports.saveReport': call<{ importId: string }, ExportOutcome>(z.object({ importId })),
  /** Forgets an opened file. */
  'imports.close': call<{ importId: string }, null>(z.object({ importId })),
  'app.info': call<undefined, AppInfo>(nothing),
  /** Quits and installs the downloaded update (see AppInfo.updateReady). */
  'app.restartToUpdate': call<undefined, null>(nothing),
  /** Native menus and dialogs follow the theme chosen in the console. */
  'app.setTheme': call<{ theme: ThemeChoice }, null>(
    z.object({
      theme: z.enum(THEME_CHOICES, { error: `theme must be one of ${THEME_CHOICES.join(', ')}` }),
    }),
  ),
  /** Session changes and expiry, pushed by the main process. Answers an unsubscribe. */
  'app.onEvent': event,
}

type Operations = typeof bridgeOperations
type Name = keyof Operations

/** The operations the renderer calls, one IPC channel each. */
export type Channel = {
  [N in Name]: Operations[N] extends CallOperation<unknown, unknown> ? N : never
}[Name]
export type InputOf<C extends Channel> =
  Operations[C] extends CallOperation<infer Input, unknown> ? Input : never
export type OutputOf<C extends Channel> =
  Operations[C] extends CallOperation<unknown, infer Output> ? Output : never

/**
 * The table seen one channel at a time: indexed by a channel, its schema parses exactly that
 * channel's input, which lets the main process hand it to that channel's handler uncast.
 */
export const bridgeCalls: { [C in Channel]: CallOperation<InputOf<C>, OutputOf<C>> } =
  bridgeOperations

const byName: Record<string, CallOperation<unknown, unknown> | EventOperation> = bridgeOperations

/** True for the name of an operation the renderer calls (not an event, nor an unknown name). */
export function isChannel(name: string): name is Channel {
  return Object.hasOwn(byName, name) && byName[name]?.kind === 'call'
}

/** Every channel, for the hosts to register one handler each. */
export const channels: Channel[] = Object.keys(bridgeOperations).filter(isChannel)

export type Invoke = <C extends Channel>(
  channel: C,
  input: InputOf<C>,
) => Promise<Result<OutputOf<C>>>
export type Subscribe = (listener: (event: BridgeEvent) => void) => () => void

type Call<C extends Channel> =
  InputOf<C> extends undefined
    ? () => Promise<Result<OutputOf<C>>>
    : (input: InputOf<C>) => Promise<Result<OutputOf<C>>>

type Method<N extends Name> = N extends Channel ? Call<N> : Subscribe
type GroupOf<N extends Name> = N extends `${infer G}.${string}` ? G : never

/**
 * `window.admin`: typed admin operations, grouped as the renderer thinks of them, and the one
 * `invoke` they all go through, for the renderer to wrap (re-authentication).
 */
export type AdminBridge = {
  [G in GroupOf<Name>]: { [N in Name as N extends `${G}.${infer Op}` ? Op : never]: Method<N> }
} & { invoke: Invoke }

/** The IPC channel name of an operation, shared by preload and main. */
export const ipcChannel = (channel: Channel) => `admin:${channel}`
export const IPC_EVENT_CHANNEL = 'admin:event'

/** Builds `window.admin` over a transport: Electron IPC in the app, a page binding in the preview. */
export function createBridge(invoke: Invoke, subscribe: Subscribe): AdminBridge {
  const bridge: Record<string, Record<string, unknown>> = {}
  for (const name of Object.keys(bridgeOperations) as Name[]) {
    const [group, op] = name.split('.') as [string, string]
    const methods = (bridge[group] ??= {})
    methods[op] = isChannel(name) ? (input?: unknown) => invoke(name, input as never) : subscribe
  }
  // Built from the table's own names, so it has exactly AdminBridge's groups and methods.
  return Object.assign(bridge as Omit<AdminBridge, 'invoke'>, { invoke })
}
