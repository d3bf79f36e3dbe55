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
  type BulkUserResult,
  type Effect,
  type Group,
  type ImportFieldError,
  type ImportOutcome,
  type Page,
  type Permission,
  type RecoveryCodes,
  type Role,
  type ServerFeature,
  type SessionsEnded,
  type User,
} from './contract'
import type { Result } from './result'
import { LOCALES, type Locale } from './i18n/locales'
import { THEME_CHOICES } from './theme'
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
  /** IT's language by machine policy (null: the user chooses), and the system's, most preferred first. */
  language: { fixed: Locale | null; system: string[] }
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

export type ExportOutcome =
  | { status: 'saved'; file: string; rows: number }
  /** printToPDF failed: the report went to the print window instead. */
  | { status: 'printed'; rows: number }
  /** Neither printToPDF nor the print window worked; `reason` says why. */
  | { status: 'unprinted'; rows: number; reason: string }
  | { status: 'cancelled' }

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

/**
 * An operation the renderer calls: `input` checks what it sends in the main process, before
 * anything goes to the server. The schema's input is what the renderer sends and its output what
 * the handler receives; `Output` is what the call answers (a type only).
 */
export interface CallOperation<Input extends z.ZodType, Output> {
  kind: 'call'
  input: Input
  output?: Output
  /** The endpoint a pass-through operation calls with its input, answering what it answers. */
  endpoint?: Endpoint
}

/** The events the main process pushes to the renderer (session changes, progress, updates). */
export interface EventOperation {
  kind: 'event'
}

/** An operation with its handler: `call(schema).returns<Output>()`. */
const call = <Input extends z.ZodType>(input: Input) => ({
  returns: <Output>(): CallOperation<Input, Output> => ({ kind: 'call', input }),
})
const event: EventOperation = { kind: 'event' }
/**
 * An operation that is one call of an endpoint: its input, checked here by `input` (as the
 * renderer sends it: numbers for ids), goes to the endpoint as it is, and its answer comes back.
 */
const through = <E extends Endpoint, Input extends z.ZodType<EndpointInput<E>>>(
  endpoint: E,
  input: Input,
): CallOperation<Input, EndpointOutput<E>> & { endpoint: E } => ({
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
  'auth.login': call(loginRequestSchema).returns<SessionInfo>(),
  'auth.logout': call(nothing).returns<null>(),
  'auth.session': call(nothing).returns<SessionInfo | null>(),
  /** With a reset token, or signed in with the current password (other sessions end). */
  'auth.changePassword': call(changePasswordSchema).returns<null>(),
  /** After a sign-in with a temporary password: sets the new one, then signs in with it. */
  'auth.completePasswordChange': call(
    z.object({ newPassword: newPasswordSchema }),
  ).returns<SessionInfo>(),
  /** "Confirm it's you" before a dangerous change (issue 30): the password goes, nothing comes back. */
  'auth.reauth': through(endpoints.reauthenticate, reauthRequestSchema),
  /**
   * Two-step sign-in (issue 30). The second step of a sign-in answered mfa_required: the token
   * it needs stays in the main process.
   */
  'auth.secondStep': call(secondStepInput).returns<SessionInfo>(),
  /** A sign-in answered mfa_enrolment_required: the new factor, then its first code. */
  'auth.beginEnrolment': call(nothing).returns<EnrolmentView>(),
  'auth.confirmEnrolment': call(secondFactorCodeSchema).returns<EnrolledSignIn>(),
  /** The signed-in user's own factor, from the avatar menu. */
  'secondFactor.status': through(endpoints.getOwnSecondFactor, nothing),
  'secondFactor.begin': call(nothing).returns<EnrolmentView>(),
  'secondFactor.confirm': through(endpoints.confirmOwnEnrolment, secondFactorCodeSchema),
  'secondFactor.disable': through(endpoints.disableOwnSecondFactor, secondFactorCodeSchema),
  'secondFactor.regenerateRecoveryCodes': through(endpoints.regenerateOwnRecoveryCodes, nothing),
  /** The recovery codes just shown, written to a file the native save dialog chooses. */
  'secondFactor.saveRecoveryCodes': call(recoveryCodesInput).returns<ExportOutcome>(),
  'users.list': through(endpoints.listUsers, userListQuerySchema),
  'users.get': call(idInput).returns<UserWithVersion>(),
  'users.create': through(endpoints.createUser, createUserSchema),
  'users.update': call(
    z.object({ id, changes: updateUserSchema, etag: z.string().max(200).nullish() }),
  ).returns<UserWithVersion>(),
  'users.activate': through(endpoints.activateUser, idInput),
  'users.deactivate': through(endpoints.deactivateUser, idInput),
  'users.lock': through(endpoints.lockUser, idInput),
  'users.unlock': through(endpoints.unlockUser, idInput),
  'users.resetPassword': through(endpoints.resetUserPassword, idInput),
  'users.setTemporaryPassword': through(endpoints.setTemporaryPassword, idInput),
  'users.sessions': through(endpoints.listUserSessions, idInput),
  'users.endSession': call(z.object({ id, sessionId: sessionIdSchema })).returns<SessionsEnded>(),
  'users.endAllSessions': call(idInput).returns<SessionsEnded>(),
  'users.secondFactor': through(endpoints.getUserSecondFactor, idInput),
  'users.resetSecondFactor': call(idInput).returns<SessionsEnded>(),
  'users.roles': through(endpoints.listUserRoles, idInput),
  'users.addRole': through(endpoints.addUserRole, roleAssignmentInput),
  'users.grantRole': through(endpoints.grantUserRole, roleGrantInput),
  'users.removeRole': through(endpoints.removeUserRole, roleAssignmentInput),
  'users.groups': through(endpoints.listUserGroups, idInput),
  'users.addGroup': through(endpoints.addUserGroup, groupAssignmentInput),
  'users.grantGroup': through(endpoints.grantUserGroup, groupGrantInput),
  'users.removeGroup': through(endpoints.removeUserGroup, groupAssignmentInput),
  'users.effectiveRoles': through(endpoints.listUserEffectiveRoles, idInput),
  'users.bulk': call(bulkRequestInput).returns<BulkSummary>(),
  'users.bulkCancel': call(z.object({ bulkId })).returns<null>(),
  'roles.list': call(nothing).returns<Page<Role>>(),
  'roles.create': through(endpoints.createRole, roleInputSchema),
  'roles.update': through(endpoints.updateRole, roleUpdateInput),
  'roles.activate': through(endpoints.activateRole, idInput),
  'roles.deactivate': through(endpoints.deactivateRole, idInput),
  'roles.members': through(endpoints.listRoleMembers, membersInput),
  'groups.list': call(nothing).returns<Page<Group>>(),
  'groups.create': through(endpoints.createGroup, groupInputSchema),
  'groups.update': through(endpoints.updateGroup, groupUpdateInput),
  'groups.activate': through(endpoints.activateGroup, idInput),
  'groups.deactivate': through(endpoints.deactivateGroup, idInput),
  'groups.members': through(endpoints.listGroupMembers, membersInput),
  /**
   * Who would gain and who would lose which permission by a change (issue 57), from a server
   * that names the 'effect-preview' feature: the server makes it and rolls it back.
   */
  'effects.preview': call(effectPreviewInput).returns<Effect>(),
  'audit.list': through(endpoints.listAuditEntries, auditQuerySchema),
  /** Where the server forwards its audit records, with each one's lag and last error. */
  'audit.sinks': through(endpoints.listAuditSinks, nothing),
  /** An audited record of its own, which every sink then receives. */
  'audit.sendTestEvent': through(endpoints.sendAuditTestEvent, nothing),
  /** Our server's dormant-accounts policy (issue 57): its next run's outcome; 404 elsewhere. */
  'policies.dormant': through(endpoints.getDormantPolicy, nothing),
  /** The dormant-accounts policy run now, after the administrator confirmed it. */
  'policies.runDormant': through(endpoints.runDormantPolicy, nothing),
  'exports.users': call(userExportInput).returns<ExportOutcome>(),
  'exports.audit': call(auditExportInput).returns<ExportOutcome>(),
  'exports.cancel': call(z.object({ exportId })).returns<null>(),
  /** The native open dialog, then the chosen CSV file read and checked in the main process. */
  'imports.open': call(z.object({ importId })).returns<ImportOpenOutcome>(),
  /** The opened file checked against the server (a dry run): nothing changes. */
  'imports.preview': call(importPreviewInput).returns<ImportPreview>(),
  'imports.apply': call(importApplyInput).returns<ImportReport>(),
  /** Stops an import after the requests in flight. */
  'imports.cancel': call(z.object({ importId })).returns<null>(),
  /** Every row with its outcome and reason, as CSV, through the native save dialog. */
  'imports.saveReport': call(z.object({ importId })).returns<ExportOutcome>(),
  /** Forgets an opened file. */
  'imports.close': call(z.object({ importId })).returns<null>(),
  'app.info': call(nothing).returns<AppInfo>(),
  /** Quits and installs the downloaded update (see AppInfo.updateReady). */
  'app.restartToUpdate': call(nothing).returns<null>(),
  /** Native menus and dialogs follow the theme chosen in the console. */
  'app.setTheme': call(
    z.object({
      theme: z.enum(THEME_CHOICES, { error: `theme must be one of ${THEME_CHOICES.join(', ')}` }),
    }),
  ).returns<null>(),
  /** The main process's dialogs, menus and exports speak the console's language. */
  'app.setLanguage': call(
    z.object({
      locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }),
    }),
  ).returns<null>(),
  /** Session changes and expiry, pushed by the main process. Answers an unsubscribe. */
  'app.onEvent': event,
}

type Operations = typeof bridgeOperations
type Name = keyof Operations

/** The operations the renderer calls, one IPC channel each. */
export type Channel = {
  [N in Name]: Operations[N] extends CallOperation<z.ZodType, unknown> ? N : never
}[Name]
type SchemaOf<C extends Channel> = Operations[C]['input']
/** What the renderer sends on a channel: its schema's input. */
export type InputOf<C extends Channel> = z.input<SchemaOf<C>>
/** What the channel's handler receives: its schema's output, once it parsed the input. */
export type ParsedInputOf<C extends Channel> = z.output<SchemaOf<C>>
export type OutputOf<C extends Channel> =
  Operations[C] extends CallOperation<z.ZodType, infer Output> ? Output : never

/**
 * The table seen one channel at a time: indexed by a channel, its schema parses exactly that
 * channel's input, which lets the main process hand it to that channel's handler uncast.
 */
export const bridgeCalls: {
  [C in Channel]: CallOperation<z.ZodType<ParsedInputOf<C>, InputOf<C>>, OutputOf<C>>
} = bridgeOperations

const byName: Record<string, CallOperation<z.ZodType, unknown> | EventOperation> = bridgeOperations

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
  InputOf<C> extends undefined | null
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
