import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BrowserWindow, screen } from 'electron'
import type { ConsoleGate } from '../core/host/console-gate'
import type { Log } from '../core/log/rotating-log'
import { readOptional } from '../core/read-optional'
import { parseWindowState, placeWindow } from '../core/window-state'

/**
 * The console's window: sandboxed, isolated, without Node, opened where it was last (if that
 * display is still there). Navigation and new windows are guarded app-wide (index.ts).
 */
export function createConsoleWindow(options: {
  gate: ConsoleGate
  route: string
  stateFile: string
  title: string
  log: Log
}): BrowserWindow {
  const { gate, stateFile, log } = options
  const { maximized, ...bounds } = placeWindow(
    parseWindowState(readOptional(stateFile)),
    screen.getAllDisplays(),
  )
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: options.title,
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
    },
  })
  window.once('ready-to-show', () => {
    if (maximized) window.maximize()
    window.show()
  })
  window.on('close', () => {
    const state = { ...window.getNormalBounds(), maximized: window.isMaximized() }
    try {
      writeFileSync(stateFile, JSON.stringify(state))
    } catch (error) {
      log.error('Could not remember the window size', error)
    }
  })
  window.webContents.on('render-process-gone', (_event, details) =>
    log.error(`The console's renderer is gone: ${details.reason}`),
  )
  void window.loadURL(gate.rendererUrl(options.route))
  return window
}
