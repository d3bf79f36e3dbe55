import { appendFile } from 'node:fs/promises'
import type { AuditSinkConfig } from '../../config'
import type { ForwardedRecord } from '../forwarded-record'
import type { Sink } from '../sink'

/**
 * JSON lines appended to a file, for Vector, Fluent Bit or Filebeat to collect. Opened for
 * each batch, so that a rotation (a move and a new file) takes effect at the next one.
 */
export function openFileSink(config: Extract<AuditSinkConfig, { kind: 'file' }>): Sink {
  return {
    name: 'file',
    target: config.path,
    async deliver(records) {
      const lines = records.map((record: ForwardedRecord) => `${JSON.stringify(record)}\n`)
      await appendFile(config.path, lines.join(''), { mode: 0o640 })
    },
    async close() {},
  }
}
