import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import Module, { register } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Script, constants } from 'node:vm'
import { afterEach } from 'vitest'
import { ElectronDouble, type DoubleOptions } from './electron-double'

const BUILD = fileURLToPath(new URL('../../../out/', import.meta.url))
const HOST = join(BUILD, 'main/index.js')

let registered = false
let instances = 0

/** Node's own import, not the test runner's: the built file runs as Node runs it. */
const importNative = new Script('(url) => import(url)', {
  importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
}).runInThisContext() as (url: string) => Promise<unknown>

const CJS_SHIM = fileURLToPath(new URL('./electron-shim.cjs', import.meta.url))

/** require('electron') from CommonJS packages the host loads goes to the double as well. */
function redirectElectronRequire() {
  const loader = Module as unknown as {
    _resolveFilename(request: string, ...rest: unknown[]): string
  }
  const resolve = loader._resolveFilename
  loader._resolveFilename = function (request, ...rest) {
    return request === 'electron' ? CJS_SHIM : resolve.call(this, request, ...rest)
  }
}

export interface HostRun {
  double: ElectronDouble
  userData: string
  /** Stops the host's listeners and removes its user-data folder. */
  close(): Promise<void>
}

export interface LaunchOptions extends Partial<DoubleOptions> {
  /** Extra process arguments at start, as the OS passes a clicked link. */
  argv?: string[]
  env?: Record<string, string | undefined>
  /** Leave the app not ready, so a test can act before start() runs. */
  notReady?: boolean
}

const PROCESS_EVENTS = ['uncaughtException', 'unhandledRejection'] as const

/**
 * Loads the built host (out/main/index.js, what ships) in this process with a fresh electron
 * double, and waits until its start() has opened the console window (or reported why not).
 */
export async function launchHost(options: LaunchOptions = {}): Promise<HostRun> {
  if (!existsSync(HOST)) throw new Error(`${HOST} is missing: run npm run build first`)
  if (!registered) {
    register(new URL('./electron-hooks.mjs', import.meta.url), {
      data: {
        shimUrl: new URL('./electron-shim.mjs', import.meta.url).href,
        buildUrl: pathToFileURL(BUILD).href,
      },
    })
    redirectElectronRequire()
    registered = true
  }
  const userData = options.userData ?? (await mkdtemp(join(tmpdir(), 'admin-console-host-')))
  const double = new ElectronDouble({ ...options, userData })
  instances += 1
  const doubles = ((globalThis as any).__electronDoubles ??= {}) as Record<string, unknown>
  doubles[instances] = double.electron
  ;(globalThis as any).__electronLatest = instances

  const events = process as NodeJS.EventEmitter
  const before = new Map(PROCESS_EVENTS.map((name) => [name, events.listeners(name)]))
  const savedArgv = process.argv
  const savedEnv = { ...process.env }
  process.argv = [...savedArgv, ...(options.argv ?? [])]
  Object.assign(process.env, options.env)
  for (const [key, value] of Object.entries(options.env ?? {}))
    if (value === undefined) delete process.env[key]
  const restore = () => {
    process.argv = savedArgv
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key]
    Object.assign(process.env, savedEnv)
  }

  await importNative(`${pathToFileURL(HOST).href}?instance=${instances}`)
  const run: HostRun = {
    double,
    userData,
    async close() {
      restore()
      for (const name of PROCESS_EVENTS) {
        const kept = before.get(name) ?? []
        for (const listener of events.listeners(name))
          if (!kept.includes(listener)) events.removeListener(name, listener as () => void)
      }
      for (const window of double.windows) window.close()
      if (!options.userData) await rm(userData, { recursive: true, force: true })
    },
  }
  if (options.notReady) return run
  await started(run)
  return run
}

/** Makes the app ready and waits for the console window, or for the host to give up. */
export async function started(run: HostRun) {
  const { double } = run
  double.makeReady()
  const deadline = Date.now() + 15_000
  while (!double.consoleWindow() && double.errorBoxes.length === 0) {
    if (Date.now() > deadline) throw new Error('the host opened no window within 15 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** launchHost for a test file whose every test starts its own host, closed after each test. */
export function hostPerTest(): typeof launchHost {
  const hosts: HostRun[] = []
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.close()
  })
  return async (options) => {
    const host = await launchHost(options)
    hosts.push(host)
    return host
  }
}
