import { buildServer } from './app'
import { ConfigError, loadConfig } from './config'
import { stopOnRequest } from './stop-request'

/** `npm run server`: the reference API in the foreground, configured by the environment. */
async function main() {
  const config = loadConfig(process.env)
  const { app, bootstrap } = await buildServer(config)
  if (bootstrap?.generatedPassword) {
    const mailed = config.mail.smtpUrl ? 'by SMTP' : `as a .txt file to ${config.mail.outboxDir}`
    // Printed once, on the terminal only: it is not written to the log or stored anywhere.
    process.stdout.write(
      `\nCreated the first administrator "${bootstrap.username}" with the password: ${bootstrap.generatedPassword}\n` +
        'It will not be shown again. To change it, sign in, open Users, choose Reset PW on this\n' +
        `account and open the link of the mail (sent ${mailed}).\n\n`,
    )
  }
  stopOnRequest(() => app.close())
  await app.listen({ port: config.port, host: config.host })
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  )
  process.exit(1)
})
