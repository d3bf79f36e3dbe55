import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto'
import { SignJWT } from 'jose'
import type { Queryable } from '../db/database'

const ISSUER = 'admin-console'

export type SigningKey = KeyObject

/**
 * The access-token signing key, made once and kept in the database for every instance. A key
 * object, made once, not raw bytes imported on every use.
 */
export async function loadSigningKey(db: Queryable): Promise<SigningKey> {
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ('jwt_signing_key', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64')],
  )
  const [row] = await db.query<{ value: string }>(
    `SELECT value FROM server_secrets WHERE name = 'jwt_signing_key'`,
  )
  if (!row) throw new Error('signing key missing')
  return createSecretKey(Buffer.from(row.value, 'base64'))
}

export interface AccessClaims {
  userId: number
  sessionId: string
}

/**
 * Expiry is in whole seconds: rounding the start up makes the token live at least the `expiresIn`
 * the client is told (a 1 s token made late in a second would otherwise be dead at once).
 */
export function signAccessToken(
  key: SigningKey,
  claims: AccessClaims,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setJti(randomUUID())
    .setExpirationTime(Math.ceil(now / 1000) + ttlSeconds)
    .sign(key)
}

const BASE64URL = /^[A-Za-z0-9_-]+$/

/**
 * The claims of a valid, unexpired token of ours; undefined for anything else. Checked here with
 * node:crypto, synchronously, rather than by jose's WebCrypto, which cost a tenth of the
 * server's time: an HS256 signature over the exact header and payload, a header that says HS256
 * and nothing it requires us to understand, our issuer, an expiry to come, no start yet to come.
 */
export function verifyAccessToken(
  key: SigningKey,
  token: string,
  now = Date.now(),
): AccessClaims | undefined {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return undefined
  const [header, payload, signature] = parts as [string, string, string]
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const head = decodeJson(header)
  if (head?.alg !== 'HS256' || 'crit' in head) return undefined
  const claims = decodeJson(payload)
  const seconds = Math.floor(now / 1000)
  if (!claims || claims.iss !== ISSUER) return undefined
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) return undefined
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > seconds))
    return undefined
  const userId = Number(claims.sub)
  if (typeof claims.sub !== 'string' || !Number.isSafeInteger(userId)) return undefined
  if (typeof claims.sid !== 'string') return undefined
  return { userId, sessionId: claims.sid }
}

/** A base64url part of a token as a JSON object, or undefined when it is not one. */
function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** Opaque secrets (refresh and reset tokens) are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}
