import { USER_SIGN_IN_FILTERS, type UserSignInChoice } from '@shared/contract'
import type { Translate } from '@shared/i18n/catalogues'

/** The last-sign-in filter's choices as the control names them (issue 57). */
export const signInChoices = (
  t: Translate,
): { value: UserSignInChoice | 'before'; label: string }[] => [
  { value: 'never', label: t('users.signInNever') },
  { value: 'over30d', label: t('users.signInNotInLast', { days: 30 }) },
  { value: 'over90d', label: t('users.signInNotInLast', { days: 90 }) },
  { value: 'over180d', label: t('users.signInNotInLast', { days: 180 }) },
  { value: 'before', label: t('users.signInNotSinceDate') },
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
