import type { AuditSinkConfig } from '../config'
import type { ForwardedRecord } from './forwarded-record'
import { openFileSink } from './sinks/file'
import { openHttpsSink } from './sinks/https'
import { openSyslogSink } from './sinks/syslog'

/** Somewhere audit records are forwarded to: one of each kind at most, named by its kind. */
export interface Sink {
  readonly name: AuditSinkConfig['kind']
  /** Where it sends, without secrets: shown to those who may read the audit log. */
  readonly target: string
  /** Resolves once the records are delivered, in their order; throws when they may not be. */
  deliver(records: ForwardedRecord[]): Promise<void>
  close(): Promise<void>
}

export function openSink(config: AuditSinkConfig): Sink {
  switch (config.kind) {
    case 'syslog':
      return openSyslogSink(config)
    case 'file':
      return openFileSink(config)
    case 'https':
      return openHttpsSink(config)
  }
}
