import type {
  Assignment,
  ChangePasswordRequest,
  CreateUserRequest,
  Group,
  GroupInput,
  LoginRequest,
  Page,
  Role,
  RoleInput,
  SortDirection,
  UpdateUserRequest,
  User,
  UserFilter,
  UserListQuery,
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
  sort: UserSortField
  direction: SortDirection
  columns: ExportableUserColumn[]
}

export type ExportOutcome =
  | { status: 'saved'; file: string; rows: number }
  /** printToPDF failed: the report went to the print window instead. */
  | { status: 'printed'; rows: number }
  /** Neither printToPDF nor the print window worked; `reason` says why. */
  | { status: 'unprinted'; rows: number; reason: string }
  | { status: 'cancelled' }

export type IdInput = { id: number }
export type AssignmentInput = { id: number; targetId: number }

/**
 * Every operation of the admin API, one channel each, with its input and what it answers.
 * The main process validates each input (bridge-inputs.ts) before anything is sent.
 */
export interface BridgeOperations {
  'auth.login': [LoginRequest, SessionInfo]
  'auth.logout': [undefined, null]
  'auth.session': [undefined, SessionInfo | null]
  'auth.changePassword': [ChangePasswordRequest, null]
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
  'users.roles': [IdInput, Assignment[]]
  'users.addRole': [AssignmentInput, Assignment[]]
  'users.removeRole': [AssignmentInput, Assignment[]]
  'users.groups': [IdInput, Assignment[]]
  'users.addGroup': [AssignmentInput, Assignment[]]
  'users.removeGroup': [AssignmentInput, Assignment[]]
  'roles.list': [undefined, Page<Role>]
  'roles.create': [RoleInput, Role]
  'roles.update': [RoleInput & IdInput, Role]
  'roles.activate': [IdInput, Role]
  'roles.deactivate': [IdInput, Role]
  'groups.list': [undefined, Page<Group>]
  'groups.create': [GroupInput, Group]
  'groups.update': [GroupInput & IdInput, Group]
  'groups.activate': [IdInput, Group]
  'groups.deactivate': [IdInput, Group]
  'exports.users': [UserExportRequest, ExportOutcome]
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
    roles: Call<'users.roles'>
    addRole: Call<'users.addRole'>
    removeRole: Call<'users.removeRole'>
    groups: Call<'users.groups'>
    addGroup: Call<'users.addGroup'>
    removeGroup: Call<'users.removeGroup'>
  }
  roles: {
    list: Call<'roles.list'>
    create: Call<'roles.create'>
    update: Call<'roles.update'>
    activate: Call<'roles.activate'>
    deactivate: Call<'roles.deactivate'>
  }
  groups: {
    list: Call<'groups.list'>
    create: Call<'groups.create'>
    update: Call<'groups.update'>
    activate: Call<'groups.activate'>
    deactivate: Call<'groups.deactivate'>
  }
  exports: {
    users: Call<'exports.users'>
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
      roles: call('users.roles'),
      addRole: call('users.addRole'),
      removeRole: call('users.removeRole'),
      groups: call('users.groups'),
      addGroup: call('users.addGroup'),
      removeGroup: call('users.removeGroup'),
    },
    roles: {
      list: call('roles.list'),
      create: call('roles.create'),
      update: call('roles.update'),
      activate: call('roles.activate'),
      deactivate: call('roles.deactivate'),
    },
    groups: {
      list: call('groups.list'),
      create: call('groups.create'),
      update: call('groups.update'),
      activate: call('groups.activate'),
      deactivate: call('groups.deactivate'),
    },
    exports: {
      users: call('exports.users'),
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
