import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  BrowserWindow,
  app,
  dialog,
  ipcMain,
  net,
  protocol,
  session,
  type WebFrameMain,
} from 'electron'
import { IPC_EVENT_CHANNEL, ipcChannel, type Channel } from '../../shared/bridge'
import { bridgeInputs } from '../../shared/bridge-inputs'
import { DEEP_LINK_SCHEME, deepLinkRoute } from '../../shared/reset-link'
import { failure } from '../../shared/result'
import { createCore } from '../core'
import { CONTENT_SECURITY_POLICY, resolveServerUrl } from '../core/config'
import { deepLinkRouteIn } from '../core/deep-link'
import { rendererFile } from '../core/renderer-files'
import { openVault } from '../core/vault/keychain'
import { parseWindowBounds } from '../core/window-state'
import { electronExportPorts } from './export-ports'
import { readMachinePolicy } from './policy'
import { startUpdater } from './updater'

/**
 * The Electron host: thin glue between Electron and the core. Everything with logic in it
 * lives in src/main/core, where the tests reach it without an Electron binary.
 */
const SCHEME = 'app'
const ORIGIN = `${SCHEME}://console`
const RENDERER_DIR = join(__dirname, '../renderer')

protocol.registerSchemesAsPrivileged([
  { scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

const readOptional = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** The renderer is served from app://console, never file://, with its CSP on every answer. */
function serveRenderer() {
  protocol.handle(SCHEME, async (request) => {
    const url = new URL(request.url)
    const found = url.host === 'console' ? rendererFile(RENDERER_DIR, url.pathname) : undefined
    if (!found) return new Response('Not found', { status: 404 })
    const response = await net.fetch(pathToFileURL(found.file).toString())
    return new Response(response.body, {
      status: response.status,
      headers: { 'content-type': found.type, 'content-security-policy': CONTENT_SECURITY_POLICY },
    })
  })
}

/** A route of the renderer: app://console, or electron-vite's dev server while developing. */
const rendererUrl = (route: string) =>
  (process.env.ELECTRON_RENDERER_URL ?? ORIGIN).replace(/\/+$/, '') + route

const fromOurPage = (frame: WebFrameMain | null) =>
  frame !== null && new URL(frame.url).origin === ORIGIN

function createWindow(boundsFile: string, route: string): BrowserWindow {
  const window = new BrowserWindow({
    ...parseWindowBounds(readOptional(boundsFile)),
    show: false,
    title: 'Admin Console',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
    },
  })
  window.once('ready-to-show', () => window.show())
  window.on('close', () => writeFileSync(boundsFile, JSON.stringify(window.getNormalBounds())))
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  window.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== ORIGIN) event.preventDefault()
  })
  void window.loadURL(rendererUrl(route))
  return window
}

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
  if (route) void window.loadURL(rendererUrl(route))
  if (window.isMinimized()) window.restore()
  window.focus()
}

async function start() {
  const policy = readMachinePolicy()
  const serverUrl = resolveServerUrl({
    policy: policy.apiUrl,
    env: process.env.ADMIN_CONSOLE_API_URL,
    configFile: readOptional(join(app.getPath('userData'), 'config.json')),
  })
  const core = createCore({
    serverUrl,
    fetch: (input, init) => net.fetch(input, init),
    vault: await openVault(serverUrl),
    exportPorts: electronExportPorts(() => consoleWindow),
    version: app.getVersion(),
    serverManaged: policy.apiUrl !== undefined,
    updates: await startUpdater(policy),
  })
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  )
  session.defaultSession.setPermissionCheckHandler(() => false)
  serveRenderer()
  for (const channel of Object.keys(bridgeInputs) as Channel[]) {
    ipcMain.handle(ipcChannel(channel), (event, payload: unknown) =>
      fromOurPage(event.senderFrame)
        ? core.handle(channel, payload)
        : failure('Refused: not the console window'),
    )
  }
  const window = createWindow(
    join(app.getPath('userData'), 'window-state.json'),
    pendingRoute ?? deepLinkRouteIn(process.argv) ?? '/',
  )
  consoleWindow = window
  window.on('closed', () => (consoleWindow = undefined))
  core.onEvent((event) => window.webContents.send(IPC_EVENT_CHANNEL, event))
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
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  })
  app.on('window-all-closed', () => app.quit())
  void app.whenReady().then(() =>
    start().catch((error: unknown) => {
      dialog.showErrorBox(
        'Admin Console cannot start',
        error instanceof Error ? error.message : String(error),
      )
      app.quit()
    }),
  )
}
