import type { AuditSinkConfig } from '../config'
import { openFileSink } from './sinks/file'
import { openHttpsSink } from './sinks/https'
import type { Sink } from './sink'
import { openSyslogSink } from './sinks/syslog'

/** The sink of one configured kind, ready to deliver. */
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
