/** An event's day in `locale`, e.g. "Dec 12, 2026" in en-US; a dash when it cannot be read. */
export function formatEventDate(day: string, locale: string): string {
  const date = new Date(day)
  if (Number.isNaN(date.getTime())) return '-'
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    // A calendar day ("2026-12-12") parses as UTC midnight: read it back in UTC, or it shifts.
    timeZone: 'UTC',
  }).format(date)
}

/** The assigned employees joined with ", ", or a dash when there are none. */
export function formatEmployees(employees: string[]): string {
  return employees.length > 0 ? employees.join(', ') : '-'
}
