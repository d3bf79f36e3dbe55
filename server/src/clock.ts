/**
 * What time it is for the server's checks of access tokens' lifetimes: the system's, or one a
 * test moves instead of waiting a token out.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }
