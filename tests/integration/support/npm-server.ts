import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createTestDatabase } from './database'
import { freePort, killGroup } from './ports'

/** `npm run server` as a developer starts it, in a process group of its own. */
export interface NpmServer {
  npm: ChildProcess
  port: number
  url: string
  dataDir: string
  /** Everything it printed on stdout so far. */
  output(): string
  /** Ends whatever is left of its process group and removes its data. */
  cleanUp(): Promise<void>
}

/** Starts `npm run server` on a free port and a fresh DATA_DIR; answers once /health does. */
export async function startNpmServer(env: Record<string, string> = {}): Promise<NpmServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'admin-console-npm-server-'))
  const database = await createTestDatabase()
  const npm = spawn('npm', ['run', '--silent', 'server'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...database.env,
      // PGlite on disk, as a fresh clone has it (in the PostgreSQL run, only the outbox).
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PASSWORD: 'npm-server-password',
      LOG_LEVEL: 'warn',
      // Its tests sign in by password alone, as startServer's do.
      MFA_REQUIRED: 'none',
      ...env,
    },
  })
  let stdout = ''
  npm.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  const url = `http://127.0.0.1:${port}`
  const server: NpmServer = {
    npm,
    port,
    url,
    dataDir,
    output: () => stdout,
    async cleanUp() {
      killGroup(npm.pid)
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (npm.exitCode !== null) break
    try {
      if ((await fetch(`${url}/health`)).ok) return server
    } catch {
      // Not listening yet.
    }
    await sleep(250)
  }
  await server.cleanUp()
  throw new Error(`npm run server did not answer /health:\n${stdout}`)
}
