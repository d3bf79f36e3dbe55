import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '../config'

export class DataDirInUseError extends ConfigError {}

const LOCK_FILE = 'lock.pid'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is one process's database: a second one on the same folder destroys it. The lock file
 * holds the owner's pid, created exclusively; a lock left by a process that is gone is taken
 * over. Answers the function that gives the lock back.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  for (;;) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10)
    // The same process counts as in use too: two stores in one process corrupt it just as well.
    if (Number.isSafeInteger(owner) && owner > 0 && isRunning(owner)) {
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by process ${owner}; stop it first.`,
      )
    }
    rmSync(file, { force: true })
  }
}
