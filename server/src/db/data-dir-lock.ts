import { randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '../config'

export class DataDirInUseError extends ConfigError {}

const LOCK_FILE = 'lock.pid'

/** Who holds a lock, as its file says: `pid`, then the process's start, then a random token. */
interface Holder {
  pid: number
  /** The holder's start (Linux: boot id and start time), when it could be read. */
  started: string
  token: string
}

/** The tokens of the locks this process holds: its own pid in a lock is in use only with one. */
const heldHere = new Set<string>()

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * When process `pid` started, as Linux tells it: the boot and the start time in clock ticks,
 * which a later process given the same pid (after a crash, PID 1 of a container) does not share.
 * Empty where there is no /proc.
 */
function startOf(pid: number): string {
  const stat = readText(`/proc/${pid}/stat`)
  const boot = readText('/proc/sys/kernel/random/boot_id')
  if (stat === undefined || boot === undefined) return ''
  // The fields after the command name, which is in parentheses and may hold anything: the
  // 22nd field of the line, the start time, is the 20th of them.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return `${boot.trim()}/${fields[19] ?? ''}`
}

function parseHolder(text: string): Holder {
  const [pid = '', started = '', token = ''] = text.split('\n')
  return { pid: Number.parseInt(pid, 10), started, token }
}

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
 * Whether the process that wrote a lock still runs. Our own pid counts only with a token we
 * hold (two stores in one process corrupt it as two processes do); otherwise it is a previous
 * life's, as after a crash as PID 1 of a container. Another pid counts when a process has it
 * and, where its start is known, started when the holder did.
 */
function isAlive(holder: Holder): boolean {
  if (!Number.isSafeInteger(holder.pid) || holder.pid <= 0) return false
  if (holder.pid === process.pid) return heldHere.has(holder.token)
  if (!isRunning(holder.pid)) return false
  const started = startOf(holder.pid)
  return holder.started === '' || started === '' || started === holder.started
}

/**
 * Removes `file` if it still holds `stale` (a dead holder's), answering whether anything was
 * removed or was gone. Contenders for the same stale file must first create its claim,
 * `file.claim-<token>`, exclusively: exactly one does, and only it removes the file, after
 * reading it again (a newer holder's file is never removed, as a read-then-delete could). A
 * claim whose maker died is itself removed in the same way.
 */
function removeStale(file: string, staleText: string, depth = 0): boolean {
  if (depth > 8) return false
  const stale = parseHolder(staleText)
  const claim = `${file}.claim-${stale.token || stale.pid}`
  const mine = newHolder()
  if (!createWith(claim, mine)) {
    const otherText = readText(claim)
    if (otherText === undefined) return false
    if (isAlive(parseHolder(otherText))) {
      // Another process is taking the lock over: its outcome is worth waiting a moment for.
      pause(10)
      return false
    }
    if (!removeStale(claim, otherText, depth + 1) || !createWith(claim, mine)) return false
  }
  try {
    const now = readText(file)
    if (now === undefined) return true
    if (now !== staleText) return false
    unlinkSync(file)
    return true
  } finally {
    rmSync(claim, { force: true })
  }
}

/** Waits without returning to the event loop: taking the lock is synchronous from start to end. */
function pause(milliseconds: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds)
}

function newHolder(): Holder {
  return { pid: process.pid, started: startOf(process.pid), token: randomUUID() }
}

const formatHolder = (holder: Holder) => `${holder.pid}\n${holder.started}\n${holder.token}`

/**
 * Creates `file` holding `holder`, whole or not at all: written beside it, then hard-linked to
 * its name, which fails when the name exists (no contender ever reads a half-written lock).
 */
function createWith(file: string, holder: Holder): boolean {
  const draft = `${file}.${holder.token}`
  writeFileSync(draft, formatHolder(holder), { mode: 0o600 })
  try {
    linkSync(draft, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return false
  } finally {
    rmSync(draft, { force: true })
  }
}

/**
 * PGlite is one process's database: a second one on the same folder destroys it. The lock file
 * is created exclusively and names its holder (see `isAlive`); a lock left by a process that is
 * gone is taken over by exactly one contender (see `removeStale`). Answers the function that
 * gives the lock back.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  const mine = newHolder()
  heldHere.add(mine.token)
  // Bounded: each turn either takes the lock, finds a live holder, or removes a dead one.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (createWith(file, mine)) {
      return () => {
        heldHere.delete(mine.token)
        if (readText(file) === formatHolder(mine)) rmSync(file, { force: true })
      }
    }
    const text = readText(file)
    if (text === undefined) continue
    const holder = parseHolder(text)
    if (isAlive(holder)) {
      heldHere.delete(mine.token)
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by process ${holder.pid}; stop it first.`,
      )
    }
    removeStale(file, text)
  }
  heldHere.delete(mine.token)
  throw new DataDirInUseError(`DATA_DIR ${dataDir} is being taken by another process; try again.`)
}
