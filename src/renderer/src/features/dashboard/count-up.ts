/** How long the stat cards take to count up to their totals (SPEC.md section 9). */
export const COUNT_UP_MS = 1000

/** Fast at first, settling gently on the total: t and the result run from 0 to 1. */
export function easeOutCubic(t: number): number {
  const clamped = Math.min(Math.max(t, 0), 1)
  return 1 - (1 - clamped) ** 3
}

/** The whole number a counter shows `elapsedMs` into counting up to `target`. */
export function countUpValue(target: number, elapsedMs: number, durationMs = COUNT_UP_MS): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target
  return Math.round(target * easeOutCubic(elapsedMs / durationMs))
}
