import { describe, expect, test } from 'vitest'
import type { ForwardedRecord } from '../../server/src/audit/forwarded-record'
import { octetCounted, syslogMessage } from '../../server/src/audit/syslog-message'

const record: ForwardedRecord = {
  seq: 7,
  id: 12,
  time: '2026-01-02T03:04:05.678Z',
  actor: { id: 1, username: 'ro"ot]\\' },
  action: 'session.login_failed',
  outcome: 'failure',
  target: { type: 'user', id: null },
  clientAddress: '::1',
  requestId: 'req-1',
  changes: { note: 'Ünïcode ✓' },
  hash: 'ab'.repeat(32),
}

describe('an audit record as syslog', () => {
  test('is RFC 5424 with its fields escaped in the structured data, the record as JSON', () => {
    const message = syslogMessage(record)
    // authpriv (10) * 8 + warning (4): a failure.
    expect(message).toMatch(
      /^<84>1 2026-01-02T03:04:05\.678Z \S+ admin-console \d+ session\.login_failed \[audit@32473 /,
    )
    expect(message).toContain(' actor="ro\\"ot\\]\\\\" actorId="1" ')
    expect(message).not.toContain('targetId=')
    expect(message).toContain(` hash="${record.hash}"] `)
    expect(JSON.parse(message.slice(message.indexOf('] ') + 2))).toEqual(record)
    expect(syslogMessage({ ...record, outcome: 'success' })).toMatch(/^<85>1 /)
  })

  test('is framed by its length in bytes, not characters (RFC 6587)', () => {
    const message = syslogMessage(record)
    const framed = octetCounted(message)
    const [length] = framed.split(' ', 1)
    expect(Number(length)).toBe(Buffer.byteLength(message))
    expect(Number(length)).toBeGreaterThan(message.length)
    expect(framed.slice(length!.length + 1)).toBe(message)
  })
})
