import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { SigningKey } from './tokens'

/**
 * Secrets the server must read back (the TOTP secrets of the second factor), sealed with
 * AES-256-GCM under a key derived (HKDF) from the token signing key: a copy of the database
 * without `server_secrets` reveals none of them, and the signing key itself is never used for
 * two purposes. Each sealed value is bound to its owner (`context`, e.g. the user id), so that
 * a value moved to another row does not open.
 */
const INFO = 'admin-console second factor secrets v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export interface SecretBox {
  seal(plain: string, context: string): string
  /** Undefined when the value was not sealed by this key for this context. */
  open(sealed: string, context: string): string | undefined
}

export function secretBoxOf(signingKey: SigningKey): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', signingKey.export(), Buffer.alloc(0), INFO, 32))
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed, 'base64url')
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
          .setAAD(Buffer.from(context))
          .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
        const body = bytes.subarray(IV_BYTES + TAG_BYTES)
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
      } catch {
        return undefined
      }
    },
  }
}
