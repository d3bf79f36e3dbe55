/**
 * Failures that say the database could not be reached, or the connection to it was lost, rather
 * than that the statement was refused: PostgreSQL shutting down or restarting, a failover, a
 * DBA's pg_terminate_backend (class 57P), a connection exception (class 08), the network, or a
 * wait for a connection that ran out. The same statement may well succeed a moment later.
 */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
const CONNECTION_EXCEPTION_CLASS = '08'
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
/** pg's failure of a wait for a connection of a full pool. */
const POOL_WAIT_TIMEOUT = /^timeout exceeded when trying to connect/
/** pg's own errors, which carry no code: a socket closed under it, or a pool's wait ran out. */
const LOST_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  POOL_WAIT_TIMEOUT,
]

export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (LOST_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return true
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true
  }
  return typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message))
}

export function isPoolWaitTimeout(error: unknown): boolean {
  return error instanceof Error && POOL_WAIT_TIMEOUT.test(error.message)
}
