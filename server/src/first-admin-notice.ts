import type { ServerConfig } from './config'
import type { Bootstrap } from './db/bootstrap'

/**
 * What the terminal says once when the first administrator got a generated password: the
 * password, and how to change it, since the only way is a reset mail to oneself.
 */
export function firstAdminNotice(bootstrap: Bootstrap | undefined, config: ServerConfig) {
  if (!bootstrap?.generatedPassword) return ''
  const mailed = config.mail.smtpUrl ? 'by SMTP' : `as a .txt file to ${config.mail.outboxDir}`
  return (
    `\nCreated the first administrator "${bootstrap.username}" with the password: ${bootstrap.generatedPassword}\n` +
    'It will not be shown again. To change it, sign in, open Users, choose Reset PW on this\n' +
    `account and open the link of the mail (sent ${mailed}).\n\n`
  )
}
