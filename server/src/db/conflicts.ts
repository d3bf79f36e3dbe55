/**
 * SQLSTATEs of a statement or transaction PostgreSQL ended because it ran into another made at
 * the same moment: a deadlock (40P01) or a serialization failure (40001). Either was rolled
 * back whole, so it can simply run again.
 */
const CONFLICTS = new Set(['40P01', '40001'])

export function isConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code } = error as { code?: unknown }
  return typeof code === 'string' && CONFLICTS.has(code)
}
