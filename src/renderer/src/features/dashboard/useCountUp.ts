import { useEffect, useState } from 'react'
import { COUNT_UP_MS, countUpValue } from './count-up'

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Counts from 0 up to `target` over about a second; at once when motion is to be reduced. */
export function useCountUp(target: number, durationMs = COUNT_UP_MS): number {
  const [reduced] = useState(prefersReducedMotion)
  const [value, setValue] = useState(0)

  useEffect(() => {
    if (reduced) return
    let frame = 0
    const start = performance.now()
    const step = (now: number) => {
      const next = countUpValue(target, now - start, durationMs)
      setValue(next)
      if (next !== target) frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [reduced, target, durationMs])

  return reduced ? target : value
}
