import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from './support/database'
import { freePort, killGroup, portFreedWithin } from './support/ports'

/**
 * `npm run server` as a developer runs it, stopped the two usual ways: the port must be free
 * again within a few seconds, with no child left holding it.
 */
let launched: ChildProcess | undefined
let dataDir: string | undefined
let database: TestDatabase | undefined

afterEach(async () => {
  // Whatever is left of the process group, on failure too.
  killGroup(launched?.pid)
  await database?.drop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** `npm run server` in a process group of its own, on a free port and a fresh DATA_DIR. */
async function startNpmServer(): Promise<{ npm: ChildProcess; port: number }> {
  const port = await freePort()
  dataDir = await mkdtemp(path.join(tmpdir(), 'admin-console-stop-'))
  database = await createTestDatabase()
  const npm = spawn('npm', ['run', '--silent', 'server'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...database.env,
      // PGlite on disk, as a fresh clone has it (in the PostgreSQL run, only the outbox).
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PASSWORD: 'stop-test-password',
      LOG_LEVEL: 'warn',
    },
  })
  launched = npm
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (npm.exitCode !== null) throw new Error('npm run server stopped before answering')
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { npm, port }
    } catch {
      // Not listening yet.
    }
    await sleep(250)
  }
  throw new Error('npm run server did not answer /health')
}

test('SIGTERM to npm run server frees the port: the server itself stops', async () => {
  const { npm, port } = await startNpmServer()
  process.kill(npm.pid!, 'SIGTERM')
  expect(await portFreedWithin(port, 5_000)).toBe(true)
})

test('Ctrl-C (SIGINT to the whole process group) frees the port', async () => {
  const { npm, port } = await startNpmServer()
  process.kill(-npm.pid!, 'SIGINT')
  expect(await portFreedWithin(port, 5_000)).toBe(true)
})
