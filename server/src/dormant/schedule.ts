/**
 * When the dormant-accounts policy runs (issue 57): at a time of day in a time zone, once a day.
 * Pure: the instants are computed from the clock's time by the zone's own rules (Intl), so a
 * daylight-saving change moves the run's instant, never its time of day.
 */

const DAY_MS = 86_400_000

/** The calendar date (`YYYY-MM-DD`) of the instant `at` in `zone`. */
export function dayIn(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

/** How far `zone`'s wall clock is ahead of UTC at the instant `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wall - Math.floor(at / 1000) * 1000
}

/** The instant of the time of day `time` (`HH:MM`) on the date `day` in `zone`. */
export function instantOf(day: string, time: string, zone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(year, month - 1, date, hour, minute)
  // Twice: the offset at the first guess may be the other side of a daylight-saving change.
  const first = wall - offsetAt(wall, zone)
  return wall - offsetAt(first, zone)
}

/** The day whose run is the next one at or after `now`, given whether today's is done. */
export function nextRun(
  now: number,
  schedule: { runAt: string; timeZone: string },
  ranToday: boolean,
): { day: string; at: number } {
  const today = dayIn(now, schedule.timeZone)
  const todays = instantOf(today, schedule.runAt, schedule.timeZone)
  if (!ranToday) return { day: today, at: Math.max(todays, now) }
  // The day after today's noon: whatever the time of day, whatever daylight saving does.
  const tomorrow = dayIn(instantOf(today, '12:00', schedule.timeZone) + DAY_MS, schedule.timeZone)
  return { day: tomorrow, at: instantOf(tomorrow, schedule.runAt, schedule.timeZone) }
}
