/**
 * How long background work rests after a step that began at `begun` (`performance.now()`), so
 * that it takes at most `share` of the time: a quarter rests three times as long as it worked.
 */
export const restAfter = (begun: number, share: number) =>
  (performance.now() - begun) * (1 / share - 1)
