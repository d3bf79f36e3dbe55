import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createInterface } from 'node:readline'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { buildServer } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { lockDataDir } from '../../server/src/db/data-dir-lock'
import { ADMIN, startServer } from './support/server'

const run = promisify(execFile)
const TSX = path.resolve('node_modules/.bin/tsx')

let dataDir: string
/** PGlite on disk in both runs: the lock and the recovery commands are about that store. */
let env: Record<string, string>

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'admin-console-data-'))
  env = { DATA_DIR: dataDir, DATABASE_URL: '' }
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

/** Runs one of the npm scripts' entry points as its own process, answering how it ended. */
async function script(entry: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, [entry, ...args], {
      env: { ...process.env, ...env, ADMIN_USERNAME: ADMIN.username, LOG_LEVEL: 'silent' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

async function listing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true })
  return entries.sort()
}

describe('one process per embedded data directory', () => {
  test('a second server in this process, or a seed in another, is refused at once and changes nothing', async () => {
    const server = await startServer(env)
    try {
      const lock = await readFile(path.join(dataDir, 'lock.pid'), 'utf8')
      expect(lock.split('\n')[0]).toBe(String(process.pid))
      const before = await listing(path.join(dataDir, 'pglite'))
      const message = `DATA_DIR ${dataDir} is in use by process ${process.pid}; stop it first.`

      await expect(
        buildServer(loadConfig({ ...env, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent' })),
      ).rejects.toThrow(message)

      const started = performance.now()
      const seed = await script('server/src/seed/main.ts', ['--demo'])
      expect(seed.code).toBe(1)
      expect(seed.stderr.trim()).toBe(message)
      expect(performance.now() - started).toBeLessThan(15_000)

      expect(await listing(path.join(dataDir, 'pglite'))).toEqual(before)
      expect((await server.login(ADMIN.username, ADMIN.password)).status).toBe(200)
    } finally {
      await server.close()
    }
    await expect(readFile(path.join(dataDir, 'lock.pid'))).rejects.toThrow()
  })

  test('a lock left by a process that is gone is taken over', async () => {
    const gone = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => gone.on('exit', resolve))
    await writeFile(path.join(dataDir, 'lock.pid'), String(gone.pid))
    const server = await startServer(env)
    try {
      const lock = await readFile(path.join(dataDir, 'lock.pid'), 'utf8')
      expect(lock.split('\n')[0]).toBe(String(process.pid))
    } finally {
      await server.close()
    }
  })
})

/** A process of its own that takes the lock of `dataDir` when told (support/data-dir-contender.ts). */
async function contender(dir: string) {
  // Node itself, not tsx's launcher: killing it must kill the holder.
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/integration/support/data-dir-contender.ts', dir],
    { stdio: 'pipe' },
  )
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async () => {
    const line = await lines.next()
    if (line.done) throw new Error(`contender ${child.pid} ended`)
    return line.value as string
  }
  expect(await next()).toBe('ready')
  return {
    child,
    /** Tries the lock at `at` (epoch ms): `held` or `busy …`. */
    async tryAt(at: number) {
      child.stdin.write(`go ${at}\n`)
      return next()
    },
    kill() {
      child.kill('SIGKILL')
      return new Promise((resolve) =>
        child.exitCode === null ? child.on('exit', resolve) : resolve(null),
      )
    },
  }
}

describe('the lock of a data directory', () => {
  test("contenders in the same millisecond, on a free or a crashed holder's lock: exactly one holds it, each round", async () => {
    const CONTENDERS = 4
    const ROUNDS = 6
    const running = await Promise.all(Array.from({ length: CONTENDERS }, () => contender(dataDir)))
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const at = Date.now() + 300
        const answers = await Promise.all(running.map((each) => each.tryAt(at)))
        const holders = answers.flatMap((answer, index) => (answer === 'held' ? [index] : []))
        expect({ round, answers, holders: holders.length }).toMatchObject({ round, holders: 1 })
        // The holder crashes, leaving its lock behind for the next round to take over.
        const [holder] = holders
        await running[holder!]!.kill()
        running[holder!] = await contender(dataDir)
      }
    } finally {
      await Promise.all(running.map((each) => each.kill()))
    }
  }, 120_000)

  test('a lock holding this very process id, left by an earlier life of it (PID 1 of a container), or a pid a process started since has (PID 1 here), is taken over', () => {
    const locks = [
      String(process.pid),
      `${process.pid}\nearlier-boot/1\nearlier-token`,
      '1\nearlier-boot/1\nearlier-token',
    ]
    for (const lock of locks) {
      writeFileSync(path.join(dataDir, 'lock.pid'), lock)
      const unlock = lockDataDir(dataDir)
      expect(readFileSync(path.join(dataDir, 'lock.pid'), 'utf8').split('\n')[0]).toBe(
        String(process.pid),
      )
      unlock()
    }
  })
})

// Each runs `npm run admin` as a child process that opens the data directory: seconds each,
// several times that on a loaded machine.
describe('npm run admin recovers an installation with no administrator left', () => {
  test('unlock clears the administrator lock and a temporary lockout; reset-password prints a new password', async () => {
    const first = await startServer({ ...env, LOGIN_MAX_FAILURES: '1' })
    await first.built.context.db.query('UPDATE users SET is_locked = true WHERE username = $1', [
      ADMIN.username,
    ])
    await first.login(ADMIN.username, 'wrong-password')
    await first.close()

    const unlocked = await script('server/src/admin/main.ts', ['unlock', ADMIN.username])
    expect(unlocked).toMatchObject({ code: 0, stdout: `Unlocked "${ADMIN.username}".\n` })
    const reset = await script('server/src/admin/main.ts', ['reset-password', ADMIN.username])
    expect(reset.code).toBe(0)
    const password = /New password of "root": (\S+)/.exec(reset.stdout)?.[1]
    expect(password).toBeTruthy()

    const second = await startServer(env)
    try {
      expect((await second.login(ADMIN.username, ADMIN.password)).status).toBe(401)
      const signedIn = await second.login(ADMIN.username, password!)
      expect(signedIn.status).toBe(200)
      expect(signedIn.body.user).toMatchObject({ isLocked: false, loginBlockedUntil: null })
    } finally {
      await second.close()
    }
  }, 90_000)

  test('an unknown user or command is refused with a message', async () => {
    const server = await startServer(env)
    await server.close()
    expect(await script('server/src/admin/main.ts', ['unlock', 'nobody'])).toMatchObject({
      code: 1,
      stderr: 'No user is named "nobody".\n',
    })
    expect((await script('server/src/admin/main.ts', ['promote', 'root'])).stderr).toMatch(
      /^Usage: npm run admin/,
    )
  }, 90_000)
})
