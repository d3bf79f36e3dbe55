import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database'
import { claimDueMail, markMailFailed, markMailSent } from '../db/mail-outbox'
import type { Mailer } from './mailer'

/** Attempts per mail before it is given up; the waits between them double from the first. */
const MAX_ATTEMPTS = 5
const FIRST_RETRY_SECONDS = 30
/** Longer than the slowest SMTP exchange (its socket timeout), so a lease never runs out mid-send. */
const LEASE_SECONDS = 60
const POLL_MILLISECONDS = 15_000
const BATCH = 10

export interface MailSender {
  /** Delivers what is due now, in the background: called after a transaction that queued mail. */
  kick(): void
  /** Resolves once nothing is being delivered (tests wait on it). */
  idle(): Promise<void>
  close(): void
}

/**
 * Delivers the mail outbox after commit, never inside a transaction, so that a slow or silent
 * mail server holds up nothing but the mail. Also polls, for retries and for mail queued by
 * another instance that stopped before sending it.
 */
export function createMailSender(db: Database, mailer: Mailer, log: FastifyBaseLogger): MailSender {
  let running: Promise<void> | undefined
  let again = false
  let closed = false

  async function deliver(): Promise<void> {
    do {
      again = false
      const due = await claimDueMail(db, BATCH, LEASE_SECONDS)
      await Promise.all(
        due.map(async (mail) => {
          try {
            await mailer.send(mail)
            if (!closed) await markMailSent(db, mail.id)
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error)
            log.warn({ mailId: mail.id, attempt: mail.attempts, err: message }, 'mail not sent')
            const retryIn =
              mail.attempts < MAX_ATTEMPTS
                ? FIRST_RETRY_SECONDS * 2 ** (mail.attempts - 1)
                : undefined
            if (!closed) await markMailFailed(db, mail.id, message, retryIn)
          }
        }),
      )
      if (due.length === BATCH) again = true
    } while (again && !closed)
  }

  function kick() {
    if (closed) return
    if (running) {
      again = true
      return
    }
    running = deliver()
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'mail outbox delivery failed')
      })
      .finally(() => {
        running = undefined
      })
  }

  const timer = setInterval(kick, POLL_MILLISECONDS)
  timer.unref()

  return {
    kick,
    idle: async () => {
      while (running) await running
    },
    close() {
      closed = true
      clearInterval(timer)
    },
  }
}
