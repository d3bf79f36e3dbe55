import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { ServerConfig } from '../config'
import { writePlainTextCopy } from './plain-text-copy'

export interface Mail {
  to: string
  subject: string
  text: string
  /** What the mail is, for the development log, e.g. `Reset link for ada`; never a secret. */
  description: string
}

/** Where the outbox mailer says, in development, which file holds a mail. */
export interface OutboxLog {
  info(message: string): void
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * A mail server that does not answer is given up on quickly; the outbox tries again later. These
 * only notice silence: one that answers a byte at a time is cut off by the limit on the whole
 * message (`smtpTimeoutSeconds`).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 15_000,
}

/**
 * SMTP when `SMTP_URL` is set; otherwise every message is written to the outbox folder as an
 * `.eml` file and a plain `.txt` copy, which is how a developer (and the tests) read the reset
 * links. The files hold live reset links, so only the server's own user may read them.
 */
export function createMailer(config: ServerConfig['mail'], log: OutboxLog): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    const limit = config.smtpTimeoutSeconds
    return {
      async send(mail) {
        // Aborting closes the connection, so a held message holds nothing once given up.
        const signal = AbortSignal.timeout(limit * 1000)
        try {
          await transport.sendMail({
            from: config.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            signal,
          })
        } catch (error) {
          if (signal.aborted) {
            throw new Error(`The mail server took longer than ${limit} s to take the message`, {
              cause: error,
            })
          }
          throw error
        }
      },
    }
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    async send(mail) {
      const message = { from: config.from, to: mail.to, subject: mail.subject, text: mail.text }
      const info = await transport.sendMail(message)
      await mkdir(config.outboxDir, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`
      const emlFile = path.join(config.outboxDir, name)
      await writeFile(emlFile, info.message as Buffer, { mode: 0o600 })
      const textFile = await writePlainTextCopy(emlFile, message)
      // The file, never its content: in production not even that.
      if (config.logOutboxFiles) log.info(`${mail.description} written to ${textFile}`)
    },
  }
}
