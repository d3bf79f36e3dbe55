import type { AuditSinkConfig } from '../config'
import type { ForwardedRecord } from './forwarded-record'

/** Somewhere audit records are forwarded to: one of each kind at most, named by its kind. */
export interface Sink {
  readonly name: AuditSinkConfig['kind']
  /** Where it sends, without secrets: shown to those who may read the audit log. */
  readonly target: string
  /** Resolves once the records are delivered, in their order; throws when they may not be. */
  deliver(records: ForwardedRecord[]): Promise<void>
  close(): Promise<void>
}
