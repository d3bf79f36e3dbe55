import { formatTag } from './i18n/locales'

/** The zone used when the browser cannot name its own (SPEC.md section 2). */
export const FALLBACK_TIME_ZONE = 'Asia/Dubai'

/** This computer's zone, as SPEC.md section 2 shows dates by default. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE
  } catch {
    return FALLBACK_TIME_ZONE
  }
}

/** The tag of the spec's own formats: US English. */
const SPEC_TAG = formatTag('en', false)

/** Whether this runtime knows `zone` as an IANA time zone ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false
  try {
    new Intl.DateTimeFormat(SPEC_TAG, { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Turns a stored date into text, or `missing` when there is none or it is unreadable. */
export type DateText = (value: string | null | undefined, missing?: string) => string

const shownFormats = new Map<string, Intl.DateTimeFormat>()

function readable(value: string | null | undefined): Date | undefined {
  if (!value) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/**
 * Short month, day, year and 12-hour time in `zone`, saying which zone (issue 56), e.g.
 * "Nov 23, 2026, 3:15 PM GMT+4", as the language of `tag` (`formatTag`) writes them, the spec's
 * US English unless told. A missing or unreadable value shows `missing` ("Never" for a last
 * login, else a dash).
 */
export function formatDateTime(
  value: string | null | undefined,
  missing = '-',
  zone = localTimeZone(),
  tag = SPEC_TAG,
): string {
  const date = readable(value)
  if (!date) return missing
  const key = `${tag} ${zone}`
  let format = shownFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: zone,
      timeZoneName: 'short',
    })
    shownFormats.set(key, format)
  }
  return format.format(date)
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** `zone`'s offset from UTC at `date`, as ISO 8601 writes it: "+04:00", "-05:00", "+00:00". */
export function utcOffset(date: Date, zone: string): string {
  let format = offsetFormats.get(zone)
  if (!format) {
    // Read, not shown: the offset is parsed from English's "GMT+4:00", whatever the language.
    format = new Intl.DateTimeFormat(SPEC_TAG, {
      timeZone: zone,
      timeZoneName: 'longOffset',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    offsetFormats.set(zone, format)
  }
  const name = format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value
  // "GMT+4:00" in some runtimes, "GMT+04:00" in others, "GMT" for no offset.
  const match = /([+-])(\d{1,2}):?(\d{2})?/.exec(name ?? '')
  if (!match) return '+00:00'
  return `${match[1]}${match[2]!.padStart(2, '0')}:${match[3] ?? '00'}`
}

/**
 * The moment in `zone` as ISO 8601 with its offset, e.g. "2026-11-23T14:05:00+04:00": what a
 * CSV file carries, so a spreadsheet or a script reads the same instant wherever it is opened.
 */
export function isoDateTime(
  value: string | null | undefined,
  missing = '-',
  zone = localTimeZone(),
): string {
  const date = readable(value)
  if (!date) return missing
  const offset = utcOffset(date, zone)
  const sign = offset.startsWith('-') ? -1 : 1
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)))
  const local = new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 19)
  return `${local}${offset}`
}

/** "Asia/Dubai (UTC+04:00)": a zone by its name and its offset at `date`. */
export function timeZoneLabel(zone: string, date = new Date()): string {
  return `${zone} (UTC${utcOffset(date, zone)})`
}

/**
 * The dates of a table in `zone`: as the console shows them in the language of `tag`
 * (`formatTag`), or as ISO 8601 for a file.
 */
export function dateText(zone: string, form: 'shown' | 'iso', tag: string): DateText {
  return form === 'iso'
    ? (value, missing) => isoDateTime(value, missing, zone)
    : (value, missing) => formatDateTime(value, missing, zone, tag)
}
