import { createHmac, randomUUID } from 'node:crypto'
import type { Permission } from '@shared/contract'
import type { Queryable } from '../db/database'
import { userPermissions } from '../db/permissions'
import { endChallengesOf } from '../db/sign-in-challenges'
import { hashToken, newSecret, type SigningKey } from './tokens'

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

/**
 * The token that replaces `presented`: derived from it with the server's key, so that every
 * refresh presenting the same token within the grace is given the same successor.
 */
function successorOf(key: SigningKey, sessionId: string, presented: string) {
  return `${sessionId}.${createHmac('sha256', key).update(presented).digest('base64url')}`
}

export interface SessionLifetime {
  /** How long a session lasts without a refresh. */
  ttlSeconds: number
  /** How long it lasts at most, refreshed or not. */
  maxSeconds: number
  /**
   * How long it may go unused (no authenticated request, no refresh) and still be refreshed.
   * "Used" is `last_used_at`, which requests touch at most once a minute: the bound holds to
   * within that minute.
   */
  idleSeconds: number
}

/** The client of a sign-in or refresh, as the server saw it. */
export interface SessionClient {
  ipAddress: string
  userAgent: string | null
}

/** Longer user agents are cut: the list shows them, nothing parses them. */
const MAX_USER_AGENT_LENGTH = 300

const userAgentOf = (client: SessionClient) =>
  client.userAgent === null ? null : client.userAgent.slice(0, MAX_USER_AGENT_LENGTH)

export async function createSession(
  tx: Queryable,
  userId: number,
  lifetime: SessionLifetime,
  client: SessionClient,
) {
  const sessionId = randomUUID()
  const refreshToken = refreshTokenFor(sessionId)
  await tx.query(
    // A sign-in proves who it is: the session counts as re-authenticated from its start.
    `INSERT INTO sessions (id, user_id, refresh_hash, expires_at, ip_address, user_agent, reauthenticated_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => least($4::float8, $5::float8)), $6, $7, now())`,
    [
      sessionId,
      userId,
      hashToken(refreshToken),
      lifetime.ttlSeconds,
      lifetime.maxSeconds,
      client.ipAddress,
      userAgentOf(client),
    ],
  )
  return { sessionId, refreshToken }
}

interface SessionRow {
  user_id: number
  refresh_hash: string
  previous_refresh_hash: string | null
  in_grace: boolean
  live: boolean
  retired: boolean
}

export type Rotation =
  | { kind: 'rotated'; userId: number; sessionId: string; refreshToken: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: number; sessionId: string }

/**
 * Swaps the session's refresh token for its successor. The token just replaced is honoured for
 * a few seconds and answers the same successor, so concurrent refreshes and a retry after a
 * lost answer agree. Any other retired token (after its grace, or older) means a copy is in
 * other hands: the whole session ends. The lifetime slides with every refresh, up to its end;
 * a session left unused longer than its idle bound is not refreshed.
 */
export async function rotateRefreshToken(
  tx: Queryable,
  key: SigningKey,
  presented: string,
  lifetime: SessionLifetime,
  client: SessionClient,
): Promise<Rotation> {
  const sessionId = sessionIdOf(presented)
  if (!sessionId) return { kind: 'invalid' }
  const hash = hashToken(presented)
  const [row] = await tx.query<SessionRow>(
    `SELECT user_id, refresh_hash, previous_refresh_hash,
       rotated_at > now() - make_interval(secs => $2) AS in_grace,
       revoked_at IS NULL AND expires_at > now()
         AND last_used_at > now() - make_interval(secs => $4::float8) AS live,
       EXISTS (SELECT 1 FROM retired_refresh_tokens r WHERE r.session_id = s.id AND r.token_hash = $3) AS retired
     FROM sessions s WHERE id = $1 FOR UPDATE`,
    [sessionId, ROTATION_GRACE_SECONDS, hash, lifetime.idleSeconds],
  )
  if (!row || !row.live) return { kind: 'invalid' }
  const refreshToken = successorOf(key, sessionId, presented)
  const graced = hash === row.previous_refresh_hash && row.in_grace
  if (graced && hashToken(refreshToken) === row.refresh_hash) {
    return { kind: 'rotated', userId: row.user_id, sessionId, refreshToken }
  }
  if (hash !== row.refresh_hash) {
    if (!row.retired) return { kind: 'invalid' }
    await revokeSession(tx, sessionId)
    return { kind: 'reused', userId: row.user_id, sessionId }
  }
  await tx.query('INSERT INTO retired_refresh_tokens (token_hash, session_id) VALUES ($1, $2)', [
    hash,
    sessionId,
  ])
  await tx.query(
    `UPDATE sessions SET refresh_hash = $2, previous_refresh_hash = $3, rotated_at = now(),
       expires_at = least(now() + make_interval(secs => $4::float8), created_at + make_interval(secs => $5::float8)),
       ip_address = $6, user_agent = $7, last_used_at = now()
     WHERE id = $1`,
    [
      sessionId,
      hashToken(refreshToken),
      hash,
      lifetime.ttlSeconds,
      lifetime.maxSeconds,
      client.ipAddress,
      userAgentOf(client),
    ],
  )
  return { kind: 'rotated', userId: row.user_id, sessionId, refreshToken }
}

export async function revokeSession(tx: Queryable, sessionId: string): Promise<void> {
  await tx.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
  ])
}

/**
 * Ends every session of a user at once (lock, deactivate, a new password, a factor reset, sign
 * out everywhere), but `keep` when given (the caller's own, after changing their own password),
 * and every sign-in of theirs half-way through: what it proved no longer holds. Answers the ids
 * of the sessions that were still live.
 */
export async function revokeUserSessions(
  tx: Queryable,
  userId: number,
  keep?: string,
): Promise<string[]> {
  await endChallengesOf(tx, [userId])
  const rows = await tx.query<{ id: string; live: boolean }>(
    `UPDATE sessions SET revoked_at = now()
     WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
     RETURNING id, expires_at > now() AS live`,
    [userId, keep ?? null],
    { prepare: true },
  )
  return rows.filter((row) => row.live).map((row) => row.id)
}

/** The same for many users (a bulk lock or deactivation), in one statement each. */
export async function revokeSessionsOf(tx: Queryable, userIds: number[]): Promise<void> {
  await endChallengesOf(tx, userIds)
  await tx.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = ANY ($1::int[]) AND revoked_at IS NULL',
    [userIds],
  )
}

/** Ends one live session of a user; false when there is none such. */
export async function revokeUserSession(
  tx: Queryable,
  userId: number,
  sessionId: string,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE sessions SET revoked_at = now()
     WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [sessionId, userId],
  )
  return rows.length > 0
}

interface SessionListRow {
  id: string
  created_at: Date
  last_used_at: Date
  expires_at: Date
  ip_address: string | null
  user_agent: string | null
}

/** A user's live sessions, the most recently used first. */
export async function listLiveSessions(db: Queryable, userId: number) {
  const rows = await db.query<SessionListRow>(
    `SELECT id, created_at, last_used_at, expires_at, ip_address, user_agent FROM sessions
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
     ORDER BY last_used_at DESC, created_at DESC`,
    [userId],
  )
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
  }))
}

/** How stale "last used" may get: a session in use is written at most once a minute. */
const LAST_USED_PRECISION_SECONDS = 60

export interface LiveSession {
  userId: number
  username: string
  isActive: boolean
  isLocked: boolean
  /** Sorted: what the user may do now, the administrator role granting all. */
  permissions: Permission[]
  hasSecondFactor: boolean
}

/**
 * The session behind an access token, if it is still live, its user's state and permissions:
 * checked on every request, in one round trip to the database, so that a revoked permission
 * (or a grant ended by `at`, the server's clock) is refused on the very next call.
 */
export async function findLiveSession(db: Queryable, sessionId: string, userId: number, at: Date) {
  // The touch rides along in the same statement: no extra round trip per request.
  const [row] = await db.query<LiveSession>(
    `WITH touched AS (
       UPDATE sessions SET last_used_at = now()
       WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
         AND last_used_at < now() - make_interval(secs => $3)
     )
     SELECT u.id AS "userId", u.username, u.is_active AS "isActive", u.is_locked AS "isLocked",
       ${userPermissions('u.id', { at: '$4::timestamptz' })} AS permissions,
       EXISTS (SELECT 1 FROM second_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL) AS "hasSecondFactor"
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sessionId, userId, LAST_USED_PRECISION_SECONDS, at],
    { prepare: true },
  )
  return row
}
