import { join } from 'node:path'
import { Menu, app, dialog, nativeTheme, net, session, shell, type BrowserWindow } from 'electron'
import { IPC_EVENT_CHANNEL } from '@shared/bridge'
import type { Translate } from '@shared/i18n/catalogues'
import { DEEP_LINK_SCHEME, deepLinkRoute } from '@shared/reset-link'
import { createCore } from '../core'
import { resolveServerUrl } from '../core/config'
import { deepLinkRouteIn } from '../core/deep-link'
import { appMenuTemplate } from '../core/host/app-menu'
import { consoleGate } from '../core/host/console-gate'
import { requireSecureServerUrl } from '../core/host/secure-server-url'
import { rotatingLog } from '../core/log/rotating-log'
import { readOptional } from '../core/read-optional'
import { openVault } from '../core/vault/keychain'
import { exposeCore } from './bridge-ipc'
import { createConsoleWindow } from './console-window'
import { electronExportPorts } from './export-ports'
import { electronImportFileChooser } from './import-ports'
import { readMachinePolicy } from './policy'
import { registerRendererScheme, serveRenderer } from './renderer-protocol'
import { startUpdater } from './updater'

/**
 * The Electron host: thin glue between Electron and the core. Every decision in it (which
 * frame may call, which URL may load, which link opens which route, which server is used)
 * is a pure function in src/main/core, where tests reach it without an Electron binary.
 */
const PRODUCT_NAME = 'Admin Console'

const gate = consoleGate({
  packaged: app.isPackaged,
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
})
const log = rotatingLog({ file: join(app.getPath('userData'), 'logs', 'main.log') })
process.on('uncaughtException', (error) => log.error('Uncaught exception', error))
process.on('unhandledRejection', (reason) => log.error('Unhandled rejection', reason))

registerRendererScheme()

/** The console's one window; report and print windows come and go beside it. */
let consoleWindow: BrowserWindow | undefined
/** A link that arrived before the window existed (macOS hands one over at launch). */
let pendingRoute: string | null = null

/**
 * Brings the window forward, opening the route of a reset link clicked while the app runs.
 * A link that arrives before the window exists (macOS, at launch) waits for it.
 */
function showWindow(route: string | null) {
  const window = consoleWindow
  if (!window) {
    pendingRoute = route ?? pendingRoute
    return
  }
  if (route) void window.loadURL(gate.rendererUrl(route))
  if (window.isMinimized()) window.restore()
  window.focus()
}

function showAbout(serverUrl: string, t: Translate) {
  void dialog.showMessageBox({
    type: 'info',
    title: t('host.about', { product: PRODUCT_NAME }),
    message: `${PRODUCT_NAME} ${app.getVersion()}`,
    detail: t('host.aboutDetail', { server: serverUrl, file: log.file }),
  })
}

/** The application menu, and its About box, in the console's language. */
function setAppMenu(serverUrl: string, t: Translate) {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        platform: process.platform,
        packaged: app.isPackaged,
        productName: PRODUCT_NAME,
        t,
        openLog: () => void shell.openPath(log.file),
        showAbout: () => showAbout(serverUrl, t),
      }),
    ),
  )
}

async function start() {
  const policy = readMachinePolicy()
  const serverUrl = requireSecureServerUrl(
    resolveServerUrl({
      policy: policy.apiUrl,
      env: process.env.ADMIN_CONSOLE_API_URL,
      configFile: readOptional(join(app.getPath('userData'), 'config.json')),
    }),
  )
  const core = createCore({
    serverUrl,
    fetch: (input, init) => net.fetch(input, init),
    vault: await openVault(serverUrl),
    exportPorts: electronExportPorts(() => consoleWindow),
    chooseImportFile: electronImportFileChooser(() => consoleWindow),
    version: app.getVersion(),
    log,
    serverManaged: policy.apiUrl !== undefined,
    language: { fixed: policy.language, system: app.getPreferredSystemLanguages() },
    ...(policy.idleTimeoutMinutes !== undefined && {
      idleTimeoutMs: policy.idleTimeoutMinutes * 60_000,
    }),
    updates: await startUpdater(policy, log),
    setNativeTheme: (theme) => {
      nativeTheme.themeSource = theme
    },
    setNativeLanguage: ({ t }) => setAppMenu(serverUrl, t),
  })
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  )
  session.defaultSession.setPermissionCheckHandler(() => false)
  serveRenderer()
  exposeCore(core, (frame) => gate.isConsoleFrame(frame, consoleWindow?.webContents.mainFrame), log)
  const window = createConsoleWindow({
    gate,
    route: pendingRoute ?? deepLinkRouteIn(process.argv) ?? '/',
    stateFile: join(app.getPath('userData'), 'window-state.json'),
    title: PRODUCT_NAME,
    log,
  })
  pendingRoute = null
  consoleWindow = window
  window.on('closed', () => (consoleWindow = undefined))
  core.onEvent((event) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event)
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  app.on('second-instance', (_event, argv) => showWindow(deepLinkRouteIn(argv)))
  // macOS hands links over as open-url, to a running app or at launch.
  app.on('open-url', (event, link) => {
    event.preventDefault()
    showWindow(deepLinkRoute(link))
  })
  // Every window, the console's and the report's: no new windows, no leaving the console.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-navigate', (event, url) => {
      if (!gate.isConsoleUrl(url)) event.preventDefault()
    })
  })
  app.on('window-all-closed', () => app.quit())
  void app.whenReady().then(() =>
    start().catch((error: unknown) => {
      log.error('Admin Console cannot start', error)
      dialog.showErrorBox(
        `${PRODUCT_NAME} cannot start`,
        error instanceof Error ? error.message : String(error),
      )
      app.quit()
    }),
  )
}
