import type { Clock } from '../../../server/src/clock'

/** A server's clock that a test moves forward instead of sleeping a token's lifetime out. */
export interface MovableClock extends Clock {
  advance(milliseconds: number): void
}

/** The system's time, plus however far the test has moved it. */
export function movableClock(): MovableClock {
  let ahead = 0
  return {
    now: () => Date.now() + ahead,
    advance(milliseconds) {
      ahead += milliseconds
    },
  }
}
