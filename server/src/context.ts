import type { ServerConfig } from './config'
import type { Database } from './db/database'
import type { Mailer } from './mail/mailer'

/** What every route module is given: no globals, so a test can build as many servers as it likes. */
export interface ServerContext {
  config: ServerConfig
  db: Database
  signingKey: Uint8Array
  mailer: Mailer
}
