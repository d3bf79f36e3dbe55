/** Where the console is served from in the app: a privileged custom scheme, never file://. */
export const CONSOLE_SCHEME = 'app'
export const CONSOLE_HOST = 'console'
export const CONSOLE_ORIGIN = `${CONSOLE_SCHEME}://${CONSOLE_HOST}`

export interface ConsoleGateOptions {
  /** app.isPackaged: an installed app never loads anything but its own files. */
  packaged: boolean
  /** electron-vite's dev server (ELECTRON_RENDERER_URL), honoured only when not packaged. */
  devServerUrl?: string
}

/** The frame an IPC call came from: Electron's WebFrameMain, as far as the gate looks at it. */
export interface SenderFrame {
  readonly url: string
}

export interface ConsoleGate {
  /** The URL of a renderer route, e.g. `/reset-password?token=…`. */
  rendererUrl(route: string): string
  /** Whether a URL belongs to the console: may be navigated to, may call the bridge. */
  isConsoleUrl(url: string): boolean
  /**
   * Whether an IPC call may be served: only the console window's own main frame, showing the
   * console. Subframes, other windows and a main frame that navigated away are refused.
   */
  isConsoleFrame(frame: SenderFrame | null | undefined, consoleMainFrame: unknown): boolean
}

/** Protocol and host (with port) of a URL; undefined when it does not parse. */
function place(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    // URL.origin is "null" for non-special schemes such as app:, so compare the parts.
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return undefined
  }
}

/** Which URLs and frames are the console's: the decisions of the Electron host, kept pure. */
export function consoleGate(options: ConsoleGateOptions): ConsoleGate {
  const devServer =
    !options.packaged && options.devServerUrl ? place(options.devServerUrl) : undefined
  const base = devServer ? options.devServerUrl!.replace(/\/+$/, '') : CONSOLE_ORIGIN
  const allowed = new Set([CONSOLE_ORIGIN, ...(devServer ? [devServer] : [])])
  const isConsoleUrl = (url: string) => {
    const at = place(url)
    return at !== undefined && allowed.has(at)
  }
  return {
    rendererUrl: (route) => base + (route.startsWith('/') ? route : `/${route}`),
    isConsoleUrl,
    isConsoleFrame: (frame, consoleMainFrame) =>
      frame != null && frame === consoleMainFrame && isConsoleUrl(frame.url),
  }
}
