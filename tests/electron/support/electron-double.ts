import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { PDFDocument } from 'pdf-lib'

/**
 * An in-memory stand-in for the parts of the `electron` module the host uses, so the built
 * host (out/main/index.js) runs in Node. It does what Electron would do with each call as far
 * as the host can tell, and records what a test needs to see: windows, IPC handlers, protocol
 * handlers, dialogs, menus, and everything that crossed the bridge.
 */

export interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

/** A frame as Electron's WebFrameMain: identity and URL are what the host checks. */
export class FakeFrame {
  constructor(
    public url: string,
    public readonly parent: FakeFrame | null = null,
  ) {}
}

type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }

/** What a window printed to PDF: the options and the HTML it had loaded. */
export interface PrintedPdf {
  options: Record<string, unknown>
  html: string
}

export class FakeWebContents extends EventEmitter {
  readonly mainFrame = new FakeFrame('about:blank')
  windowOpenHandler: WindowOpenHandler | undefined
  /** HTML of the file the window loaded (report windows), read when it was loaded. */
  loadedHtml = ''
  readonly sent: Array<{ channel: string; args: unknown[] }> = []

  constructor(private readonly double: ElectronDouble) {
    super()
  }

  setWindowOpenHandler(handler: WindowOpenHandler) {
    this.windowOpenHandler = handler
  }

  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args })
    this.double.bridged.push(args)
  }

  /** A navigation started in the page: answers whether the host let it happen. */
  navigate(url: string): boolean {
    let prevented = false
    this.emit('will-navigate', { preventDefault: () => (prevented = true) }, url)
    if (!prevented) this.mainFrame.url = url
    return !prevented
  }

  async printToPDF(options: Record<string, unknown>): Promise<Uint8Array> {
    if (this.double.failPdf) throw new Error('Printing failed')
    this.double.printed.push({ options, html: this.loadedHtml })
    // Stands in for Chromium's renderer: one A4 landscape page, so the parts can be joined.
    const pdf = await PDFDocument.create()
    pdf.addPage([841.89, 595.28])
    return pdf.save()
  }

  print(_options: unknown, callback: (success: boolean) => void) {
    this.double.printWindows.push(this.loadedHtml)
    callback(true)
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents: FakeWebContents
  destroyed = false
  visible = false
  maximized = false
  minimized = false
  focused = 0
  bounds: Rectangle

  constructor(
    readonly options: Record<string, any>,
    private readonly double: ElectronDouble,
  ) {
    super()
    this.webContents = new FakeWebContents(double)
    this.bounds = {
      x: options.x ?? 100,
      y: options.y ?? 100,
      width: options.width ?? 800,
      height: options.height ?? 600,
    }
    double.windows.push(this)
    double.electron.app.emit('web-contents-created', {}, this.webContents)
  }

  async loadURL(url: string) {
    this.webContents.mainFrame.url = url
    this.emit('ready-to-show')
    this.double.loaded.push(url)
  }

  async loadFile(file: string) {
    this.webContents.loadedHtml = readFileSync(file, 'utf8')
    this.webContents.mainFrame.url = pathToFileURL(file).toString()
    this.emit('ready-to-show')
  }

  show() {
    this.visible = true
  }
  isVisible() {
    return this.visible
  }
  maximize() {
    this.maximized = true
  }
  isMaximized() {
    return this.maximized
  }
  isMinimized() {
    return this.minimized
  }
  restore() {
    this.minimized = false
  }
  focus() {
    this.focused += 1
  }
  getNormalBounds(): Rectangle {
    return { ...this.bounds }
  }
  isDestroyed() {
    return this.destroyed
  }
  close() {
    if (this.destroyed) return
    this.emit('close', { preventDefault: () => undefined })
    this.destroyed = true
    this.emit('closed')
  }
}

type IpcHandler = (
  event: { senderFrame: FakeFrame | null; sender: FakeWebContents },
  payload: unknown,
) => unknown

export interface DoubleOptions {
  userData: string
  packaged?: boolean
  displays?: Array<{ workArea: Rectangle }>
  version?: string
  /** What app.getPreferredSystemLanguages() answers: the OS's languages. */
  systemLanguages?: string[]
}

/**
 * Tokens the server handed out, read from its answers (the second step's too): none may ever
 * cross the bridge.
 */
async function captureTokens(response: Response, into: Set<string>) {
  try {
    const body = (await response.clone().json()) as Record<string, unknown>
    for (const key of ['accessToken', 'refreshToken', 'mfaToken', 'enrolmentToken'])
      if (typeof body[key] === 'string') into.add(body[key])
  } catch {
    // Not JSON: no tokens in it.
  }
}

export class ElectronDouble {
  readonly windows: FakeBrowserWindow[] = []
  readonly ipcHandlers = new Map<string, IpcHandler>()
  readonly protocolHandlers = new Map<string, (request: Request) => Promise<Response>>()
  readonly privilegedSchemes: unknown[] = []
  /** Every answer an IPC handler gave and every event sent to a window. */
  readonly bridged: unknown[] = []
  readonly serverRequests: Array<{
    method: string
    url: string
    authorization: string | null
    ifMatch: string | null
  }> = []
  readonly tokens = new Set<string>()
  readonly saveDialogs: Array<Record<string, unknown>> = []
  readonly openDialogs: Array<Record<string, unknown>> = []
  readonly errorBoxes: Array<{ title: string; content: string }> = []
  readonly openedPaths: string[] = []
  readonly loaded: string[] = []
  readonly printed: PrintedPdf[] = []
  readonly printWindows: string[] = []
  readonly quits: number[] = []
  readonly protocolClients: string[] = []
  menuTemplate: unknown[] | undefined
  /** Electron's nativeTheme: what the host set as the source of native menus' and dialogs' colours. */
  readonly nativeTheme = { themeSource: 'system' as 'system' | 'light' | 'dark' }
  permissionRequestHandler:
    | ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void)
    | undefined
  permissionCheckHandler: ((...args: unknown[]) => boolean) | undefined
  /** What the save dialog answers next: a path, or null for Cancel. */
  saveAnswer: string | null = null
  /** What the open dialog answers next: a path, or null for Cancel. */
  openAnswer: string | null = null
  failPdf = false
  private readyResolve!: () => void
  /** What app.whenReady() answers: settled by makeReady(). */
  readonly ready = new Promise<void>((resolve) => (this.readyResolve = resolve))

  /** The module the host imports as 'electron'. */
  readonly electron: ElectronModule

  constructor(options: DoubleOptions) {
    this.electron = electronModule(this, options)
  }

  /** Electron's app becomes ready: the host's start() runs. */
  makeReady() {
    this.readyResolve()
  }

  /** The console's window: the one with the preload script. */
  consoleWindow(): FakeBrowserWindow | undefined {
    return this.windows.find((window) => window.options.webPreferences?.preload)
  }

  /** Calls a bridge operation as `frame` would through the preload script. */
  async invoke(frame: FakeFrame | null, channel: string, payload?: unknown): Promise<any> {
    const handler = this.ipcHandlers.get(`admin:${channel}`)
    if (!handler) throw new Error(`no IPC handler for ${channel}`)
    const sender = this.consoleWindow()?.webContents ?? new FakeWebContents(this)
    const result = await handler({ senderFrame: frame, sender }, payload)
    this.bridged.push(result)
    return result
  }

  /** A request to the app:// protocol as the window would make it. */
  async request(url: string): Promise<Response> {
    const scheme = new URL(url).protocol.replace(/:$/, '')
    const handler = this.protocolHandlers.get(scheme)
    if (!handler) throw new Error(`no protocol handler for ${scheme}`)
    return handler(new Request(url))
  }
}

export type ElectronModule = ReturnType<typeof electronModule>

/** The module the host imports as 'electron', acting on and recording into `double`. */
function electronModule(double: ElectronDouble, options: DoubleOptions) {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: options.packaged ?? false,
    getPath(name: string) {
      if (name === 'userData') return options.userData
      return tmpdir()
    },
    getVersion: () => options.version ?? '0.0.0-test',
    getPreferredSystemLanguages: () => options.systemLanguages ?? ['en-US'],
    requestSingleInstanceLock: () => true,
    setAsDefaultProtocolClient: (scheme: string) => void double.protocolClients.push(scheme),
    whenReady: () => double.ready,
    quit: () => void double.quits.push(Date.now()),
  })
  return {
    app,
    BrowserWindow: class extends FakeBrowserWindow {
      constructor(windowOptions: Record<string, unknown>) {
        super(windowOptions, double)
      }
    },
    ipcMain: {
      handle: (channel: string, handler: IpcHandler) => {
        double.ipcHandlers.set(channel, handler)
      },
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) =>
        void double.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
        double.protocolHandlers.set(scheme, handler)
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: typeof double.permissionRequestHandler) => {
          double.permissionRequestHandler = handler
        },
        setPermissionCheckHandler: (handler: typeof double.permissionCheckHandler) => {
          double.permissionCheckHandler = handler
        },
      },
    },
    dialog: {
      async showSaveDialog(...args: unknown[]) {
        const dialogOptions = args[args.length - 1] as Record<string, unknown>
        double.saveDialogs.push(dialogOptions)
        const filePath = double.saveAnswer
        return filePath ? { canceled: false, filePath } : { canceled: true, filePath: '' }
      },
      async showOpenDialog(...args: unknown[]) {
        const dialogOptions = args[args.length - 1] as Record<string, unknown>
        double.openDialogs.push(dialogOptions)
        const filePath = double.openAnswer
        return filePath
          ? { canceled: false, filePaths: [filePath] }
          : { canceled: true, filePaths: [] }
      },
      showErrorBox: (title: string, content: string) =>
        void double.errorBoxes.push({ title, content }),
      showMessageBox: async () => ({ response: 0 }),
    },
    net: {
      async fetch(input: string | URL | Request, init?: RequestInit) {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
        if (url.startsWith('file:')) {
          try {
            return new Response(readFileSync(fileURLToPath(url)))
          } catch {
            return new Response('', { status: 404 })
          }
        }
        const request = new Request(input, init)
        double.serverRequests.push({
          method: request.method,
          url: request.url,
          authorization: request.headers.get('authorization'),
          ifMatch: request.headers.get('if-match'),
        })
        const response = await fetch(request)
        if (/\/auth\/(login|refresh|mfa|mfa\/enrolment\/confirm)$/.test(new URL(url).pathname))
          await captureTokens(response, double.tokens)
        return response
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: { template: unknown[] } | null) => {
        double.menuTemplate = menu?.template
      },
    },
    shell: {
      openPath: async (path: string) => {
        double.openedPaths.push(path)
        return ''
      },
      openExternal: async () => undefined,
    },
    nativeTheme: double.nativeTheme,
    screen: {
      getAllDisplays: () =>
        options.displays ?? [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
    },
  }
}
