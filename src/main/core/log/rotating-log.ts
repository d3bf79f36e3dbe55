import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { redact } from './redact'

export interface Log {
  /** The file being written now: what Help › Open Log File opens. */
  readonly file: string
  info(message: string): void
  error(message: string, error?: unknown): void
}

export interface RotatingLogOptions {
  file: string
  /** When the file would grow past this, it becomes `<name>.1.log` and a new one starts. */
  maxBytes?: number
  /** How many rotated files are kept beside the current one. */
  keep?: number
  clock?: () => number
}

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error)

/** `main.log` → `main.1.log`: the rotated files keep the extension, so they open as text. */
const rotated = (file: string, index: number) => file.replace(/(\.log)?$/, `.${index}$1`)

/**
 * The main process's log: lines appended synchronously (a crash loses nothing), secrets
 * redacted, rotated by size so it never fills the disk. Writing to it never throws.
 */
export function rotatingLog({
  file,
  maxBytes = 1_000_000,
  keep = 3,
  clock = Date.now,
}: RotatingLogOptions): Log {
  const rotate = () => {
    rmSync(rotated(file, keep), { force: true })
    for (let index = keep - 1; index >= 1; index -= 1) {
      try {
        renameSync(rotated(file, index), rotated(file, index + 1))
      } catch {
        // That generation does not exist yet.
      }
    }
    renameSync(file, rotated(file, 1))
  }
  const write = (level: string, message: string) => {
    const line = `${new Date(clock()).toISOString()} ${level} ${redact(message)}\n`
    try {
      let size = 0
      try {
        size = statSync(file).size
      } catch {
        // No file yet.
      }
      if (size > 0 && size + Buffer.byteLength(line) > maxBytes) rotate()
      if (size === 0) mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
      appendFileSync(file, line, { mode: 0o600 })
    } catch {
      // A log that cannot be written must not take the app down with it.
    }
  }
  return {
    file,
    info: (message) => write('INFO', message),
    error: (message, error) =>
      write('ERROR', error === undefined ? message : `${message}: ${describe(error)}`),
  }
}
