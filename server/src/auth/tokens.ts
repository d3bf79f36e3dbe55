import { createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { Queryable } from '../db/database'

const ISSUER = 'admin-console'

export type SigningKey = KeyObject

/**
 * The access-token signing key, made once and kept in the database for every instance. A key
 * object, which jose imports once: raw bytes would be imported on every request.
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

export function signAccessToken(
  key: SigningKey,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key)
}

/** The claims of a valid, unexpired token; undefined for anything else. */
export async function verifyAccessToken(
  key: SigningKey,
  token: string,
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] })
    const userId = Number(payload.sub)
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return undefined
    return { userId, sessionId: payload.sid }
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
