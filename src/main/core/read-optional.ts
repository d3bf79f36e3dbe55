import { readFileSync } from 'node:fs'

/** The text of a file the app may find or not (settings it wrote, a file IT placed). */
export function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
