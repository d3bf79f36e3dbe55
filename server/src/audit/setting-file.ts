import { readFileSync } from 'node:fs'
import { ConfigError } from '../config'

/** A file a setting names (a CA, a certificate, a key), read at start: a bad one stops it. */
export function readSettingFile(file: string, variable: string): Buffer {
  try {
    return readFileSync(file)
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${variable} cannot be read (${String(error)})`)
  }
}
