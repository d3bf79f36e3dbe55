import type { Forwarder } from './audit/forwarder'
import type { Sink } from './audit/sink'
import type { SigningKey } from './auth/tokens'
import type { ServerConfig } from './config'
import type { SecurityAudit } from './db/audit'
import type { GrantEnder } from './grant-ender'
import type { ImportRunCloser } from './import-run-closer'
import type { DryRunnable } from './db/dry-run'
import type { MailSender } from './mail/sender'

/** What every route module is given: no globals, so a test can build as many servers as it likes. */
export interface ServerContext {
  config: ServerConfig
  /** Able to make dry runs, for the effect of a change shown before it is made (issue 57). */
  db: DryRunnable
  signingKey: SigningKey
  /** Delivers the mail outbox after each commit and on a timer for retries. */
  mail: MailSender
  securityAudit: SecurityAudit
  /** The configured audit sinks, and the forwarding to them in the background. */
  auditSinks: Sink[]
  forwarder: Forwarder
  /** Takes grants away at their end (issue 57), on a timer; `run` does it now. */
  grantEnder: GrantEnder
  /** Audits the import runs no console finished (issue 56), on a timer; `run` does it now. */
  importRunCloser: ImportRunCloser
}
