/** The zone used when the browser cannot name its own (SPEC.md section 2). */
export const FALLBACK_TIME_ZONE = 'Asia/Dubai'

function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE
  } catch {
    return FALLBACK_TIME_ZONE
  }
}

let formatter: Intl.DateTimeFormat | undefined

/**
 * Short month, day, year and 12-hour time in the local zone, e.g. "Nov 23, 2026, 3:15 PM".
 * A missing or unreadable value shows `missing` ("Never" for a last login, else a dash).
 */
export function formatDateTime(value: string | null | undefined, missing = '-'): string {
  if (!value) return missing
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return missing
  formatter ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: localTimeZone(),
  })
  return formatter.format(date)
}
