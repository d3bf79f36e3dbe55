import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database'
import { claimDueMail, markMailFailed, markMailsSent, type OutboxMail } from '../db/mail-outbox'
import type { Mailer } from './mailer'

/** Attempts per mail before it is given up; the waits between them double from the first. */
const MAX_ATTEMPTS = 5
const FIRST_RETRY_SECONDS = 30
/** A lease outlasts the slowest send (its time limit) by this much, so it never runs out mid-send. */
const LEASE_MARGIN_SECONDS = 30
const POLL_MILLISECONDS = 15_000
/** Mails being sent at once; a send that ends makes room for the next, whatever the others do. */
const MAX_SENDING = 10
/**
 * Sends under way when more are claimed: half the room at once, not a claim (a statement and a
 * commit) for each mail that ends, 100,000 of them when an import mails 100,000 new users.
 */
const REFILL_AT = MAX_SENDING / 2

export interface MailSender {
  /** Delivers what is due now, in the background: called after a transaction that queued mail. */
  kick(): void
  /** Resolves once nothing is being delivered (tests wait on it). */
  idle(): Promise<void>
  close(): void
}

/**
 * Delivers the mail outbox after commit, never inside a transaction, so that a slow or silent
 * mail server holds up nothing but the mail. Each mail is sent on its own, so one that a mail
 * server holds (up to `sendLimitSeconds`, the mailer's limit) delays no other. Also polls, for
 * retries and for mail queued by another instance that stopped before sending it.
 */
export function createMailSender(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  sendLimitSeconds: number,
): MailSender {
  const leaseSeconds = sendLimitSeconds + LEASE_MARGIN_SECONDS
  const sending = new Set<Promise<void>>()
  let claiming: Promise<void> | undefined
  let again = false
  let closed = false
  /** Delivered mails not yet marked sent, and the marking under way. */
  const delivered: number[] = []
  let marking: Promise<void> | undefined

  /**
   * Marks a delivered mail sent together with every other delivered meanwhile, not a statement
   * and a commit each (an import of 100,000 users mails each a link). Resolves once it is marked;
   * a failure fails every mail it held.
   */
  function markSent(id: number): Promise<void> {
    delivered.push(id)
    marking ??= markDelivered()
    return marking
  }

  async function markDelivered(): Promise<void> {
    try {
      while (delivered.length > 0) await markMailsSent(db, delivered.splice(0))
    } catch (error) {
      delivered.length = 0
      throw error
    } finally {
      marking = undefined
    }
  }

  async function send(mail: OutboxMail): Promise<void> {
    try {
      await mailer.send(mail)
      if (!closed) await markSent(mail.id)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      log.warn({ mailId: mail.id, attempt: mail.attempts, err: message }, 'mail not sent')
      const retryIn =
        mail.attempts < MAX_ATTEMPTS ? FIRST_RETRY_SECONDS * 2 ** (mail.attempts - 1) : undefined
      if (!closed) await markMailFailed(db, mail.id, message, retryIn)
    }
  }

  const failed = (error: unknown) => {
    if (!closed) log.error({ err: error }, 'mail outbox delivery failed')
  }

  /** Claims due mail while there is room, and starts sending each without waiting for it. */
  async function claim(): Promise<void> {
    do {
      again = false
      const room = MAX_SENDING - sending.size
      // Full: sends that end kick again (`REFILL_AT`).
      if (room <= 0) return
      const due = await claimDueMail(db, room, leaseSeconds)
      for (const mail of due) {
        const sent: Promise<void> = send(mail)
          .catch(failed)
          .finally(() => {
            sending.delete(sent)
            if (sending.size === REFILL_AT) kick()
          })
        sending.add(sent)
      }
      if (due.length === room) again = true
    } while (again && !closed)
  }

  function kick() {
    if (closed) return
    if (claiming) {
      again = true
      return
    }
    claiming = claim()
      .catch(failed)
      .finally(() => {
        claiming = undefined
      })
  }

  const timer = setInterval(kick, POLL_MILLISECONDS)
  timer.unref()

  return {
    kick,
    idle: async () => {
      while (claiming || sending.size > 0) await Promise.all([claiming, ...sending])
    },
    close() {
      closed = true
      clearInterval(timer)
    },
  }
}
