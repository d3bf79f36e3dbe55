import { once } from 'node:events'
import { createWriteStream } from 'node:fs'

/** A file written as text arrives, waiting whenever the disk is behind. */
export interface FileSink {
  write(text: string): Promise<void>
  /** Flushes and closes the file. */
  close(): Promise<void>
  /** Closes the file as it is, for the caller to remove. */
  abort(): Promise<void>
}

export async function openFileSink(path: string): Promise<FileSink> {
  const out = createWriteStream(path)
  await once(out, 'open')
  const closed = () => (out.closed ? Promise.resolve() : once(out, 'close').then(() => undefined))
  return {
    async write(text) {
      if (!out.write(text)) await once(out, 'drain')
    },
    async close() {
      const done = closed()
      out.end()
      await Promise.race([done, once(out, 'error').then(([error]) => Promise.reject(error))])
    },
    async abort() {
      const done = closed()
      out.destroy()
      await done
    },
  }
}
