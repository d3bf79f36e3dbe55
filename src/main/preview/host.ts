import { createReadStream, existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'
import { chromium, type Browser, type Page } from 'playwright-core'
import { createCore, type Core } from '../core'
import { CONTENT_SECURITY_POLICY } from '../core/config'
import { rendererFile } from '../core/renderer-files'
import { openVault } from '../core/vault/keychain'
import type { Updates } from '../core/updates/updates'
import type { Vault } from '../core/vault/vault'
import type { Locale } from '@shared/i18n/locales'
import { previewExportPorts } from './export-ports'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]

/** The Chromium the preview, the end-to-end tests and the export bench run: Debian's by default. */
export const chromiumExecutable = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface PreviewOptions {
  apiUrl: string
  /** The built renderer (out/renderer). */
  rendererDir: string
  headless?: boolean
  cdpPort?: number
  /** Where the save-dialog port writes files; a folder in the system's temp by default. */
  saveDir?: string
  /**
   * What the CSV import's open dialog "chooses": a path, or a function answering one (null for
   * Cancel) for tests that choose several files. Without it the dialog is cancelled.
   */
  importFile?: string | (() => string | null)
  chromiumPath?: string
  /**
   * A Chromium already running (the end-to-end tests share one): the preview opens a context of
   * its own in it, closes only that, and ignores `headless`, `cdpPort` and `chromiumPath`.
   */
  browser?: Browser
  /** Defaults to the OS keychain, like the app. */
  vault?: Vault
  /** As when IT's policy names the server (tests of the Login screen). */
  serverManaged?: boolean
  /** Chromium's language, as a computer's system language would be; US English by default. */
  systemLocale?: string
  /** As when IT's policy fixes the console's language. */
  fixedLanguage?: Locale
  /** The preview cannot update itself; tests hand in the updates the renderer sees. */
  updates?: Updates
}

export interface Preview {
  url: string
  page: Page
  browser: Browser
  core: Core
  close(): Promise<void>
}

async function launchChromium(options: PreviewOptions): Promise<Browser> {
  const args = CHROMIUM_ARGS.filter((arg) => options.headless !== false || arg !== '--headless')
  if (options.cdpPort) args.push(`--remote-debugging-port=${options.cdpPort}`)
  return chromium.launch({
    executablePath: options.chromiumPath ?? chromiumExecutable(),
    headless: options.headless !== false,
    args,
  })
}

/** The page script that builds window.admin, bundled once from page-bridge.ts. */
let pageBridge: string | undefined
function pageBridgeScript(): string {
  pageBridge ??= buildSync({
    entryPoints: [fileURLToPath(new URL('./page-bridge.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  }).outputFiles[0]!.text
  return pageBridge
}

function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const found = rendererFile(root, request.url ?? '/')
    if (!found || !existsSync(found.file)) {
      response.writeHead(404).end('Not found')
      return
    }
    response.writeHead(200, {
      'content-type': found.type,
      'content-security-policy': CONTENT_SECURITY_POLICY,
    })
    createReadStream(found.file).pipe(response)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/**
 * The Chromium preview host: the real renderer in Chromium, the same core and keychain as the
 * Electron app behind the same bridge, with page.exposeBinding in place of IPC.
 */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  if (!existsSync(`${options.rendererDir}/index.html`)) {
    throw new Error(`No built renderer in ${options.rendererDir}: run npm run build first`)
  }
  const server = await serve(options.rendererDir)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const browser = options.browser ?? (await launchChromium(options))
  const saveDir = options.saveDir ?? join(tmpdir(), 'admin-console-exports')
  const systemLocale = options.systemLocale ?? 'en-US'
  const core = createCore({
    serverUrl: options.apiUrl,
    fetch: (input, init) => fetch(input, init),
    vault: options.vault ?? (await openVault(options.apiUrl)),
    exportPorts: previewExportPorts(browser, saveDir),
    chooseImportFile: async () =>
      typeof options.importFile === 'function'
        ? options.importFile()
        : (options.importFile ?? null),
    version: 'preview',
    serverManaged: options.serverManaged ?? false,
    language: { fixed: options.fixedLanguage, system: [systemLocale] },
    ...(options.updates && { updates: options.updates }),
  })
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    acceptDownloads: false,
    locale: systemLocale,
  })
  await context.exposeBinding('__adminInvoke', (_source, channel: string, input: unknown) =>
    core.handle(channel, input),
  )
  await context.addInitScript({ content: pageBridgeScript() })
  const page = await context.newPage()
  const unsubscribe = core.onEvent((event) => {
    void page
      .evaluate(
        (e) => (globalThis as unknown as { __adminEvent?: (x: unknown) => void }).__adminEvent?.(e),
        event,
      )
      .catch(() => undefined)
  })
  await page.goto(url)
  return {
    url,
    page,
    browser,
    core,
    async close() {
      unsubscribe()
      await (options.browser ? context.close() : browser.close())
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
