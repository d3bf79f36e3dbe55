/**
 * A daily run twelve hours away whatever the hour now: noon in a fixed-offset zone whose day has
 * just begun (its clocks read between midnight and one), so the day's run is never due while a
 * test runs.
 */
export function dailyRunTwelveHoursAway(now = Date.now()) {
  const hour = new Date(now).getUTCHours()
  // POSIX signs: Etc/GMT+5 is five hours behind UTC.
  const zone = hour <= 12 ? `Etc/GMT+${hour}` : `Etc/GMT-${24 - hour}`
  return { DORMANT_RUN_AT: '12:00', DORMANT_TIME_ZONE: zone }
}
