import { USER_SIGN_IN_FILTERS, type UserSignInChoice } from '@shared/contract'

/** The last-sign-in filter's choices as the control names them (issue 57). */
export const SIGN_IN_CHOICES: { value: UserSignInChoice | 'before'; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: 'over30d', label: 'Not in the last 30 days' },
  { value: 'over90d', label: 'Not in the last 90 days' },
  { value: 'over180d', label: 'Not in the last 180 days' },
  { value: 'before', label: 'Not since a date' },
]

/** Which choice a filter value is: a fixed one, or an instant ("Not since a date"). */
export const signInChoice = (value: string | undefined): string =>
  value === undefined
    ? ''
    : (USER_SIGN_IN_FILTERS as readonly string[]).includes(value)
      ? value
      : 'before'

/** The `YYYY-MM-DD` of a filter's instant in this computer's zone, for the date field. */
export function localDateOf(value: string | undefined): string {
  const at = value === undefined ? NaN : Date.parse(value)
  if (Number.isNaN(at)) return ''
  const date = new Date(at)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
}

/** The start of a chosen day in this computer's zone, as the instant the filter sends. */
export function instantOfLocalDate(day: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return undefined
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString()
}

/** A day ago, as the date a "Not since a date" choice starts with. */
export const defaultSinceDate = (now: number) =>
  instantOfLocalDate(localDateOf(new Date(now - 86_400_000).toISOString()))!
