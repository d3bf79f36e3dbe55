import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { ServerConfig } from '../config'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** A mail server that does not answer is given up on quickly; the outbox tries again later. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 15_000,
}

/**
 * SMTP when `SMTP_URL` is set; otherwise every message is written to the outbox folder as an
 * `.eml` file, which is how a developer (and the tests) read the reset links. The files hold
 * live reset links, so only the server's own user may read them.
 */
export function createMailer(config: ServerConfig['mail']): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    return {
      async send(mail) {
        await transport.sendMail({ from: config.from, ...mail })
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
      const info = await transport.sendMail({ from: config.from, ...mail })
      await mkdir(config.outboxDir, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`
      await writeFile(path.join(config.outboxDir, name), info.message as Buffer, { mode: 0o600 })
    },
  }
}
