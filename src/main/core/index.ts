import { ACCESS_PAGE_SIZE, endpoints } from '@shared/contract'
import type { AppInfo, BridgeEvent } from '@shared/bridge'
import { chooseLocale, type Locale } from '@shared/i18n/locales'
import type { ThemeChoice } from '@shared/theme'
import { adminApi } from './api/admin'
import type { Fetch } from './api/http'
import { createBulkActions } from './bulk/bulk-actions'
import { createExports } from './export/exports'
import type { ExportPorts } from './export/user-export'
import { importSender } from './import/import-sender'
import { createImports } from './import/imports'
import { specImport } from './import/spec-import'
import { coreLanguage, type LanguageText } from './host/language'
import { createHandlers, type Handle } from './ipc/handlers'
import type { Log } from './log/rotating-log'
import { Session } from './session/session'
import type { Updates } from './updates/updates'
import type { Vault } from './vault/vault'

/** The ports a host gives the core: the core itself imports no Electron and no browser. */
export interface CorePorts {
  serverUrl: string
  fetch: Fetch
  vault: Vault
  /** Save dialog, PDF rendering and printing for exports. */
  exportPorts: ExportPorts
  /** The native open dialog of the CSV import: the chosen file, or null when cancelled. */
  chooseImportFile?: () => Promise<string | null>
  version: string
  /** Where failures the administrator may need to report are written (never a secret). */
  log?: Pick<Log, 'error'>
  /** True when IT's machine policy set serverUrl. */
  serverManaged?: boolean
  /** Self-updating, where the host has it. */
  updates?: Updates
  /** Native menus and dialogs follow the console's theme, where the host has them. */
  setNativeTheme?: (theme: ThemeChoice) => void
  /** IT's language by machine policy, and the system's languages, most preferred first. */
  language?: { fixed?: Locale; system: readonly string[] }
  /**
   * Native menus and dialogs follow the console's language, where the host has them: called with
   * the first language's texts, then on every change.
   */
  setNativeLanguage?: (text: LanguageText) => void
  clock?: () => number
  timeoutMs?: number
  /** IT's machine policy IdleTimeoutMinutes, in milliseconds: see SessionDeps. */
  idleTimeoutMs?: number
}

export interface Core {
  handle: Handle
  /** Session changes and expiry, for the host to push to the renderer. */
  onEvent(listener: (event: BridgeEvent) => void): () => void
}

export const DEFAULT_TIMEOUT_MS = 30_000

export function createCore(ports: CorePorts): Core {
  const listeners = new Set<(event: BridgeEvent) => void>()
  const emit = (event: BridgeEvent) => listeners.forEach((listener) => listener(event))
  const http = {
    baseUrl: ports.serverUrl,
    fetch: ports.fetch,
    timeoutMs: ports.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  }
  const session = new Session({
    http,
    vault: ports.vault,
    clock: ports.clock ?? Date.now,
    emit,
    idleTimeoutMs: ports.idleTimeoutMs,
  })
  const api = adminApi(http, session)
  const language = {
    fixed: ports.language?.fixed ?? null,
    system: [...(ports.language?.system ?? [])],
  }
  // The system's language until the renderer says which the console speaks.
  const spoken = coreLanguage(chooseLocale(language.fixed, 'system', language.system))
  const speak = (text: LanguageText) => {
    // A language chosen meanwhile wins over one whose texts arrive late.
    if (text.locale === spoken.locale()) ports.setNativeLanguage?.(text)
  }
  void spoken.text().then(speak)
  const exports = createExports({
    text: spoken.text,
    source: { listUsers: api.users.list, streamUsers: api.users.stream },
    getUser: api.users.get,
    accessName: async (kind, id) => {
      const list = kind === 'role' ? endpoints.listRoles : endpoints.listGroups
      try {
        const page = await api.call(list, { page: 0, size: ACCESS_PAGE_SIZE })
        return page.content.find((item) => item.id === id)?.name
      } catch {
        return undefined // the header then names it by its number
      }
    },
    listAudit: (query) => api.call(endpoints.listAuditEntries, query),
    ports: ports.exportPorts,
    emit,
    log: ports.log,
  })
  const bulk = createBulkActions({ listUsers: api.users.list, applyChunk: api.users.bulk, emit })
  const imports = createImports({
    chooseFile: ports.chooseImportFile,
    send: importSender(
      (body) => api.call(endpoints.importUsers, body),
      specImport({
        listUsers: api.users.list,
        createUser: (input) => api.call(endpoints.createUser, input, { fallback: 'createUser' }),
        updateUser: api.users.update,
        activate: (input) => api.call(endpoints.activateUser, input),
        deactivate: (input) => api.call(endpoints.deactivateUser, input),
        heldRoles: (input) => api.call(endpoints.listUserRoles, input),
        heldGroups: (input) => api.call(endpoints.listUserGroups, input),
        addRole: (input) => api.call(endpoints.addUserRole, input),
        addGroup: (input) => api.call(endpoints.addUserGroup, input),
        resetPassword: (input) => api.call(endpoints.resetUserPassword, input),
        roles: () => api.call(endpoints.listRoles, { page: 0, size: ACCESS_PAGE_SIZE }),
        groups: () => api.call(endpoints.listGroups, { page: 0, size: ACCESS_PAGE_SIZE }),
        callerId: async () => (await session.current())?.user.id,
      }),
    ),
    importRuns: {
      offered: async () => (await session.current())?.features.includes('import-runs') ?? false,
      finish: (importId, ending) => api.call(endpoints.finishImport, { importId, ending }),
    },
    saveFile: (name, format) => ports.exportPorts.chooseFile(name, format),
    emit,
  })
  const info = (): AppInfo => ({
    serverUrl: ports.serverUrl,
    version: ports.version,
    keychain: ports.vault.persistent,
    serverManaged: ports.serverManaged ?? false,
    updateReady: ports.updates?.ready() ?? null,
    language,
  })
  ports.updates?.onReady((version) => emit({ type: 'update-ready', version }))
  return {
    handle: createHandlers({
      http,
      session,
      api,
      exports,
      bulk,
      imports,
      app: info,
      updates: ports.updates,
      setNativeTheme: ports.setNativeTheme,
      setLanguage: async (locale) => speak(await spoken.set(locale)),
      chooseFile: (name, format) => ports.exportPorts.chooseFile(name, format),
    }),
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
