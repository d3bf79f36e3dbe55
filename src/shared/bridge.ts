import type {
  Assignment,
  BulkAction,
  BulkFilter,
  BulkUserResult,
  AuditEntry,
  AuditFilter,
  AuditQuery,
  ChangePasswordRequest,
  CreateUserRequest,
  EffectiveRole,
  Group,
  GroupInput,
  LoginRequest,
  Member,
  MemberListQuery,
  Page,
  Role,
  RoleInput,
  SessionsEnded,
  SortDirection,
  TemporaryPassword,
  UpdateUserRequest,
  User,
  UserFilter,
  UserListQuery,
  UserSession,
  UserSortField,
} from './contract'
import type { Result } from './result'
import type { ThemeChoice } from './theme'
import type { ExportableUserColumn } from './user-columns'

/** The signed-in administrator as the renderer sees it: never a token. */
export interface SessionInfo {
  user: User
  roles: string[]
  serverUrl: string
  /** False when no keychain was available: the session ends with the app. */
  remembered: boolean
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
}

/** Every audit entry matching the Audit Log's filters, newest first. */
export interface AuditExportRequest {
  exportId: string
  format: ExportFormat
  filter?: AuditFilter
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

export type IdInput = { id: number }
export type SessionInput = { id: number; sessionId: string }
export type AssignmentInput = { id: number; targetId: number }
/** Which role or group, and the page and search of its members. */
export type MembersInput = { id: number } & MemberListQuery

/**
 * Every operation of the admin API, one channel each, with its input and what it answers.
 * The main process validates each input (bridge-inputs.ts) before anything is sent.
 */
export interface BridgeOperations {
  'auth.login': [LoginRequest, SessionInfo]
  'auth.logout': [undefined, null]
  'auth.session': [undefined, SessionInfo | null]
  /** With a reset token, or signed in with the current password (other sessions end). */
  'auth.changePassword': [ChangePasswordRequest, null]
  /** After a sign-in with a temporary password: sets the new one, then signs in with it. */
  'auth.completePasswordChange': [{ newPassword: string }, SessionInfo]
  'users.list': [UserListQuery, Page<User>]
  'users.get': [IdInput, UserWithVersion]
  'users.create': [CreateUserRequest, User]
  'users.update': [
    { id: number; changes: UpdateUserRequest; etag?: string | null },
    UserWithVersion,
  ]
  'users.activate': [IdInput, User]
  'users.deactivate': [IdInput, User]
  'users.lock': [IdInput, User]
  'users.unlock': [IdInput, User]
  'users.resetPassword': [IdInput, User]
  'users.setTemporaryPassword': [IdInput, TemporaryPassword]
  'users.sessions': [IdInput, UserSession[]]
  'users.endSession': [SessionInput, SessionsEnded]
  'users.endAllSessions': [IdInput, SessionsEnded]
  'users.roles': [IdInput, Assignment[]]
  'users.addRole': [AssignmentInput, Assignment[]]
  'users.removeRole': [AssignmentInput, Assignment[]]
  'users.groups': [IdInput, Assignment[]]
  'users.addGroup': [AssignmentInput, Assignment[]]
  'users.removeGroup': [AssignmentInput, Assignment[]]
  'users.effectiveRoles': [IdInput, EffectiveRole[]]
  'users.bulk': [BulkRequest, BulkSummary]
  'users.bulkCancel': [{ bulkId: string }, null]
  'roles.list': [undefined, Page<Role>]
  'roles.create': [RoleInput, Role]
  'roles.update': [RoleInput & IdInput, Role]
  'roles.activate': [IdInput, Role]
  'roles.deactivate': [IdInput, Role]
  'roles.members': [MembersInput, Page<Member>]
  'groups.list': [undefined, Page<Group>]
  'groups.create': [GroupInput, Group]
  'groups.update': [GroupInput & IdInput, Group]
  'groups.activate': [IdInput, Group]
  'groups.deactivate': [IdInput, Group]
  'groups.members': [MembersInput, Page<Member>]
  'audit.list': [AuditQuery, Page<AuditEntry>]
  'exports.users': [UserExportRequest, ExportOutcome]
  'exports.audit': [AuditExportRequest, ExportOutcome]
  'exports.cancel': [{ exportId: string }, null]
  'app.info': [undefined, AppInfo]
  'app.restartToUpdate': [undefined, null]
  'app.setTheme': [{ theme: ThemeChoice }, null]
}

export type Channel = keyof BridgeOperations
export type InputOf<C extends Channel> = BridgeOperations[C][0]
export type OutputOf<C extends Channel> = BridgeOperations[C][1]

export type Invoke = <C extends Channel>(
  channel: C,
  input: InputOf<C>,
) => Promise<Result<OutputOf<C>>>
export type Subscribe = (listener: (event: BridgeEvent) => void) => () => void

type Call<C extends Channel> =
  InputOf<C> extends undefined
    ? () => Promise<Result<OutputOf<C>>>
    : (input: InputOf<C>) => Promise<Result<OutputOf<C>>>

/** `window.admin`: typed admin operations, grouped as the renderer thinks of them. */
export interface AdminBridge {
  auth: {
    login: Call<'auth.login'>
    logout: Call<'auth.logout'>
    session: Call<'auth.session'>
    changePassword: Call<'auth.changePassword'>
    completePasswordChange: Call<'auth.completePasswordChange'>
  }
  users: {
    list: Call<'users.list'>
    get: Call<'users.get'>
    create: Call<'users.create'>
    update: Call<'users.update'>
    activate: Call<'users.activate'>
    deactivate: Call<'users.deactivate'>
    lock: Call<'users.lock'>
    unlock: Call<'users.unlock'>
    resetPassword: Call<'users.resetPassword'>
    setTemporaryPassword: Call<'users.setTemporaryPassword'>
    sessions: Call<'users.sessions'>
    endSession: Call<'users.endSession'>
    endAllSessions: Call<'users.endAllSessions'>
    roles: Call<'users.roles'>
    addRole: Call<'users.addRole'>
    removeRole: Call<'users.removeRole'>
    groups: Call<'users.groups'>
    addGroup: Call<'users.addGroup'>
    removeGroup: Call<'users.removeGroup'>
    effectiveRoles: Call<'users.effectiveRoles'>
    bulk: Call<'users.bulk'>
    bulkCancel: Call<'users.bulkCancel'>
  }
  roles: {
    list: Call<'roles.list'>
    create: Call<'roles.create'>
    update: Call<'roles.update'>
    activate: Call<'roles.activate'>
    deactivate: Call<'roles.deactivate'>
    members: Call<'roles.members'>
  }
  groups: {
    list: Call<'groups.list'>
    create: Call<'groups.create'>
    update: Call<'groups.update'>
    activate: Call<'groups.activate'>
    deactivate: Call<'groups.deactivate'>
    members: Call<'groups.members'>
  }
  audit: {
    list: Call<'audit.list'>
  }
  exports: {
    users: Call<'exports.users'>
    audit: Call<'exports.audit'>
    cancel: Call<'exports.cancel'>
  }
  app: {
    info: Call<'app.info'>
    /** Quits and installs the downloaded update (see AppInfo.updateReady). */
    restartToUpdate: Call<'app.restartToUpdate'>
    /** Native menus and dialogs follow the theme chosen in the console. */
    setTheme: Call<'app.setTheme'>
    /** Session changes and expiry, pushed by the main process. Answers an unsubscribe. */
    onEvent: (listener: (event: BridgeEvent) => void) => () => void
  }
}

/** The IPC channel name of an operation, shared by preload and main. */
export const ipcChannel = (channel: Channel) => `admin:${channel}`
export const IPC_EVENT_CHANNEL = 'admin:event'

/** Builds `window.admin` over a transport: Electron IPC in the app, a page binding in the preview. */
export function createBridge(invoke: Invoke, subscribe: Subscribe): AdminBridge {
  const call =
    <C extends Channel>(channel: C) =>
    (input?: InputOf<C>) =>
      invoke(channel, input as InputOf<C>)
  return {
    auth: {
      login: call('auth.login'),
      logout: call('auth.logout'),
      session: call('auth.session'),
      changePassword: call('auth.changePassword'),
      completePasswordChange: call('auth.completePasswordChange'),
    },
    users: {
      list: call('users.list'),
      get: call('users.get'),
      create: call('users.create'),
      update: call('users.update'),
      activate: call('users.activate'),
      deactivate: call('users.deactivate'),
      lock: call('users.lock'),
      unlock: call('users.unlock'),
      resetPassword: call('users.resetPassword'),
      setTemporaryPassword: call('users.setTemporaryPassword'),
      sessions: call('users.sessions'),
      endSession: call('users.endSession'),
      endAllSessions: call('users.endAllSessions'),
      roles: call('users.roles'),
      addRole: call('users.addRole'),
      removeRole: call('users.removeRole'),
      groups: call('users.groups'),
      addGroup: call('users.addGroup'),
      removeGroup: call('users.removeGroup'),
      effectiveRoles: call('users.effectiveRoles'),
      bulk: call('users.bulk'),
      bulkCancel: call('users.bulkCancel'),
    },
    roles: {
      list: call('roles.list'),
      create: call('roles.create'),
      update: call('roles.update'),
      activate: call('roles.activate'),
      deactivate: call('roles.deactivate'),
      members: call('roles.members'),
    },
    groups: {
      list: call('groups.list'),
      create: call('groups.create'),
      update: call('groups.update'),
      activate: call('groups.activate'),
      deactivate: call('groups.deactivate'),
      members: call('groups.members'),
    },
    audit: {
      list: call('audit.list'),
    },
    exports: {
      users: call('exports.users'),
      audit: call('exports.audit'),
      cancel: call('exports.cancel'),
    },
    app: {
      info: call('app.info'),
      restartToUpdate: call('app.restartToUpdate'),
      setTheme: call('app.setTheme'),
      onEvent: subscribe,
    },
  }
}
