import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { setTimeout as sleep } from 'node:timers/promises'
import { stopOnRequest } from '../src/node/stop-request'

/**
 * `npm start`: the reference server with demo data in .data/ (unless ADMIN_CONSOLE_API_URL
 * names another server), then the Electron app against it.
 */
const require = createRequire(import.meta.url)
const apiUrl = process.env.ADMIN_CONSOLE_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`

/** A TypeScript entry point in a node of its own, with no npm or tsx CLI between: signals reach it. */
function runTs(entry: string, args: string[] = []): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', entry, ...args]]
}

/** Sends SIGTERM unless it has exited, and waits until it has. */
async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** The installed binary, found without `require('electron')`, which would try to download it. */
function electronBinary(): string | undefined {
  const root = dirname(require.resolve('electron/package.json'))
  const pathFile = join(root, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const binary = join(root, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

async function waitForHealth(server: ChildProcess) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error('The server stopped; see its output above.')
    try {
      if ((await fetch(`${apiUrl}/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await sleep(500)
  }
  throw new Error(`The server did not answer on ${apiUrl}/health within a minute.`)
}

async function main() {
  const electron = electronBinary()
  if (!electron) {
    process.stderr.write(
      'The Electron binary is not installed here (it could not be downloaded), so the desktop app cannot open.\n' +
        'Run the same console in Chromium instead: npm run seed -- --demo, npm run server, then npm run preview.\n',
    )
    process.exit(1)
  }
  const started: { server?: ChildProcess; app?: ChildProcess } = {}
  // Ctrl-C, a SIGTERM to npm start, or its launcher gone: the app and the server stop too.
  stopOnRequest(() => Promise.all([stopChild(started.app), stopChild(started.server)]))
  if (!process.env.ADMIN_CONSOLE_API_URL) {
    const seeded = spawnSync(...runTs('server/src/seed/main.ts', ['--demo']), {
      stdio: 'inherit',
    })
    if (seeded.status !== 0) process.exit(seeded.status ?? 1)
    // The local demo signs in without a second factor unless asked; any other server needs one.
    const mfaRequired = process.env.MFA_REQUIRED ?? 'none'
    process.stdout.write(
      `Demo server: MFA_REQUIRED=${mfaRequired}${mfaRequired === 'none' ? ' (administrators sign in without two-step sign-in; a server started any other way requires it)' : ''}.\n`,
    )
    started.server = spawn(...runTs('server/src/main.ts'), {
      stdio: 'inherit',
      env: { ...process.env, MFA_REQUIRED: mfaRequired },
    })
    await waitForHealth(started.server)
  }
  const built = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
  started.app = spawn(electron, ['.'], {
    stdio: 'inherit',
    env: { ...process.env, ADMIN_CONSOLE_API_URL: apiUrl },
  })
  started.app.on('exit', (code) => {
    void stopChild(started.server).finally(() => process.exit(code ?? 0))
  })
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
