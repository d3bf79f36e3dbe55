import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/** argon2id (the library's default algorithm) at OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** A PHC string (`$argon2id$v=19$m=…`): the parameters travel with the hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), OPTIONS)
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    return await verify(stored, password.normalize('NFC'))
  } catch {
    return false
  }
}

/** Compared against when the account does not exist, so that timing does not tell. */
let decoy: Promise<string> | undefined
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'))
  return decoy
}

/**
 * Stored for an account created without a password (a CSV import): no PHC string, so no
 * password verifies against it until the user sets one with a link or an administrator resets it.
 */
export const NO_PASSWORD_HASH = '!no-password'
