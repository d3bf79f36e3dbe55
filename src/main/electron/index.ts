import { join } from 'node:path'
import { app, BrowserWindow, shell } from 'electron'

/**
 * The Electron host: thin glue only. Everything with logic in it lives in src/main/core, where
 * the tests reach it without an Electron binary.
 */
function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1366,
    height: 768,
    show: false,
    title: 'Admin Console',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  })
  window.once('ready-to-show', () => window.show())
  // The console never opens other windows and never navigates away from itself.
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  window.webContents.on('will-navigate', (event) => event.preventDefault())
  if (process.env.ELECTRON_RENDERER_URL) void window.loadURL(process.env.ELECTRON_RENDERER_URL)
  else void window.loadFile(join(__dirname, '../renderer/index.html'))
  return window
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows()
    if (window?.isMinimized()) window.restore()
    window?.focus()
  })
  void app.whenReady().then(() => {
    app.on('web-contents-created', (_event, contents) => {
      contents.session.setPermissionRequestHandler((_contents, _permission, callback) =>
        callback(false),
      )
    })
    createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow()
    })
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
