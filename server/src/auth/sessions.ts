import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database'
import { hashToken, newSecret } from './tokens'

/** How long the token replaced by a rotation still works, for a refresh whose answer was lost. */
export const ROTATION_GRACE_SECONDS = 10

/** A refresh token names its session, so it is found without scanning: `<session id>.<secret>`. */
function refreshTokenFor(sessionId: string) {
  return `${sessionId}.${newSecret()}`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function sessionIdOf(refreshToken: string): string | undefined {
  const sessionId = refreshToken.split('.')[0] ?? ''
  return UUID.test(sessionId) ? sessionId : undefined
}

export async function createSession(tx: Queryable, userId: number, ttlSeconds: number) {
  const sessionId = randomUUID()
  const refreshToken = refreshTokenFor(sessionId)
  await tx.query(
    `INSERT INTO sessions (id, user_id, refresh_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sessionId, userId, hashToken(refreshToken), ttlSeconds],
  )
  return { sessionId, refreshToken }
}

interface SessionRow {
  user_id: number
  refresh_hash: string
  previous_refresh_hash: string | null
  in_grace: boolean
  live: boolean
}

export type Rotation =
  | { kind: 'rotated'; userId: number; sessionId: string; refreshToken: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: number; sessionId: string }

/**
 * Swaps the session's refresh token for a new one. The token just replaced is honoured for a
 * few seconds; after that, presenting it means a copy is in other hands, and the session ends.
 * The session's lifetime slides with every refresh.
 */
export async function rotateRefreshToken(
  tx: Queryable,
  presented: string,
  ttlSeconds: number,
): Promise<Rotation> {
  const sessionId = sessionIdOf(presented)
  if (!sessionId) return { kind: 'invalid' }
  const [row] = await tx.query<SessionRow>(
    `SELECT user_id, refresh_hash, previous_refresh_hash,
       rotated_at > now() - make_interval(secs => $2) AS in_grace,
       revoked_at IS NULL AND expires_at > now() AS live
     FROM sessions WHERE id = $1 FOR UPDATE`,
    [sessionId, ROTATION_GRACE_SECONDS],
  )
  if (!row || !row.live) return { kind: 'invalid' }
  const hash = hashToken(presented)
  const current = hash === row.refresh_hash
  const graced = hash === row.previous_refresh_hash && row.in_grace
  if (!current && !graced) {
    if (hash !== row.previous_refresh_hash) return { kind: 'invalid' }
    await revokeSession(tx, sessionId)
    return { kind: 'reused', userId: row.user_id, sessionId }
  }
  const refreshToken = refreshTokenFor(sessionId)
  await tx.query(
    `UPDATE sessions SET refresh_hash = $2, previous_refresh_hash = $3, rotated_at = now(),
       expires_at = now() + make_interval(secs => $4)
     WHERE id = $1`,
    [sessionId, hashToken(refreshToken), hash, ttlSeconds],
  )
  return { kind: 'rotated', userId: row.user_id, sessionId, refreshToken }
}

export async function revokeSession(tx: Queryable, sessionId: string): Promise<void> {
  await tx.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
  ])
}

/** Ends every session of a user at once (lock, deactivate, password change). */
export async function revokeUserSessions(tx: Queryable, userId: number): Promise<void> {
  await tx.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  )
}

export interface LiveSession {
  userId: number
  username: string
  isActive: boolean
  isLocked: boolean
}

/** The session behind an access token, if it is still live: checked on every request. */
export async function findLiveSession(db: Queryable, sessionId: string, userId: number) {
  const [row] = await db.query<LiveSession>(
    `SELECT u.id AS "userId", u.username, u.is_active AS "isActive", u.is_locked AS "isLocked"
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sessionId, userId],
  )
  return row
}
