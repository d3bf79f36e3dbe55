const calendarDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  // A calendar day ("2026-12-12") parses as UTC midnight: read it back in UTC, or it shifts.
  timeZone: 'UTC',
})

/** An event's day, e.g. "Dec 12, 2026"; a dash when it cannot be read. */
export function formatEventDate(day: string): string {
  const date = new Date(day)
  return Number.isNaN(date.getTime()) ? '-' : calendarDay.format(date)
}

/** The assigned employees joined with ", ", or a dash when there are none. */
export function formatEmployees(employees: string[]): string {
  return employees.length > 0 ? employees.join(', ') : '-'
}
