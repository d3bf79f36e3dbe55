import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { resolveServerUrl } from '../core/config'
import { startPreview } from './host'
import { stopOnRequest } from './stop-request'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * `npm run preview -- [--api URL] [--headless] [--cdp-port N] [--save-dir DIR] [--import-file F]`:
 * builds the renderer, serves it on 127.0.0.1 and opens it in Chromium, bridged to the real core.
 * The CSV import's open dialog "chooses" F (without it, the dialog is cancelled).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      api: { type: 'string' },
      headless: { type: 'boolean', default: false },
      'cdp-port': { type: 'string' },
      'save-dir': { type: 'string' },
      'import-file': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  })
  const apiUrl = resolveServerUrl({
    env: values.api ?? process.env.ADMIN_CONSOLE_API_URL,
    configFile: undefined,
  })
  const cdpPort = values['cdp-port'] === undefined ? undefined : Number(values['cdp-port'])
  if (cdpPort !== undefined && !(Number.isInteger(cdpPort) && cdpPort > 0 && cdpPort < 65536)) {
    throw new Error('--cdp-port must be a port number')
  }
  if (!values['no-build']) {
    execFileSync(
      process.execPath,
      [`${ROOT}node_modules/electron-vite/bin/electron-vite.js`, 'build'],
      {
        cwd: ROOT,
        stdio: 'ignore',
      },
    )
  }
  const preview = await startPreview({
    apiUrl,
    rendererDir: `${ROOT}out/renderer`,
    headless: values.headless,
    cdpPort,
    saveDir: values['save-dir'],
    importFile: values['import-file'],
  })
  process.stdout.write(`Admin API: ${apiUrl}\nPREVIEW READY ${preview.url}\n`)
  stopOnRequest(() => preview.close())
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
