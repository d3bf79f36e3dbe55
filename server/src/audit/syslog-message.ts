import { hostname } from 'node:os'
import type { ForwardedRecord } from './forwarded-record'

/** RFC 5612's enterprise number for documentation: no IANA number of our own. */
const SD_ID = 'audit@32473'
const APP_NAME = 'admin-console'
/** authpriv: security records, kept apart from ordinary logs by a syslog's default rules. */
const FACILITY = 10
const SEVERITY = { success: 5, failure: 4 } as const

/** RFC 5424 6.3.3: inside a parameter's value, `"`, `\` and `]` are escaped. */
function paramValue(value: string): string {
  return value.replace(/["\\\]]/g, (character) => `\\${character}`)
}

/** RFC 5424 6.2: a header field is printable US-ASCII without spaces, or "-". */
function headerField(value: string, maxLength: number): string {
  const printable = value.replace(/[^\x21-\x7e]/g, '').slice(0, maxLength)
  return printable === '' ? '-' : printable
}

const HOST = headerField(hostname(), 255)

/**
 * One record as an RFC 5424 message: its fields in the structured data, for a SIEM to index,
 * and the whole record as JSON in the message, for the changes.
 */
export function syslogMessage(record: ForwardedRecord): string {
  const params: [string, string | number | null | undefined][] = [
    ['seq', record.seq],
    ['id', record.id],
    ['actor', record.actor?.username],
    ['actorId', record.actor?.id],
    ['action', record.action],
    ['outcome', record.outcome],
    ['targetType', record.target.type],
    ['targetId', record.target.id],
    ['clientAddress', record.clientAddress],
    ['requestId', record.requestId],
    ['hash', record.hash],
  ]
  const data = params
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => `${name}="${paramValue(String(value))}"`)
    .join(' ')
  const priority = FACILITY * 8 + SEVERITY[record.outcome]
  return `<${priority}>1 ${record.time} ${HOST} ${APP_NAME} ${process.pid} ${headerField(record.action, 32)} [${SD_ID} ${data}] ${JSON.stringify(record)}`
}

/** RFC 6587 3.4.1: octet-counted framing, the length in bytes, a space, the message. */
export function octetCounted(message: string): string {
  return `${Buffer.byteLength(message, 'utf8')} ${message}`
}
