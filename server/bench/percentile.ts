/** The nearest-rank percentile (q from 0 to 1) of the times; NaN when there are none. */
export function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN
}
