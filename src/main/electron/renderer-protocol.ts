import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { net, protocol } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../core/config'
import { CONSOLE_HOST, CONSOLE_SCHEME } from '../core/host/console-gate'
import { rendererFile } from '../core/renderer-files'

const RENDERER_DIR = join(__dirname, '../renderer')

/** Must run before the app is ready: app:// behaves like https (storage, fetch, secure context). */
export function registerRendererScheme() {
  protocol.registerSchemesAsPrivileged([
    { scheme: CONSOLE_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

/** The built renderer at app://console, never file://, with its CSP on every answer. */
export function serveRenderer() {
  protocol.handle(CONSOLE_SCHEME, async (request) => {
    const url = new URL(request.url)
    const found = url.host === CONSOLE_HOST ? rendererFile(RENDERER_DIR, url.pathname) : undefined
    if (!found) return new Response('Not found', { status: 404 })
    const response = await net.fetch(pathToFileURL(found.file).toString())
    return new Response(response.body, {
      status: response.status,
      headers: { 'content-type': found.type, 'content-security-policy': CONTENT_SECURITY_POLICY },
    })
  })
}
