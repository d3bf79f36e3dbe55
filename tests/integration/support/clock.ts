import type { Clock } from '../../../server/src/clock'

/** A server's clock that a test moves forward instead of sleeping a token's lifetime out. */
export interface MovableClock extends Clock {
  advance(milliseconds: number): void
  /** Holds the time where it is, until moved: a test's expected answers and the server's agree. */
  stop(): void
}

/** The system's time, plus however far the test has moved it. */
export function movableClock(): MovableClock {
  let ahead = 0
  let stoppedAt: number | undefined
  return {
    now: () => (stoppedAt ?? Date.now()) + ahead,
    advance(milliseconds) {
      ahead += milliseconds
    },
    stop() {
      stoppedAt ??= Date.now()
    },
  }
}
