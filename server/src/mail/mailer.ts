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

/**
 * SMTP when `SMTP_URL` is set; otherwise every message is written to the outbox folder as an
 * `.eml` file, which is how a developer (and the tests) read the reset links.
 */
export function createMailer(config: ServerConfig['mail']): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
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
      await mkdir(config.outboxDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`
      await writeFile(path.join(config.outboxDir, name), info.message as Buffer)
    },
  }
}
