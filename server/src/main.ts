import { buildServer } from './app'
import { loadConfig } from './config'
import { firstAdminNotice } from './first-admin-notice'
import { runCommand } from './run-command'
import { stopOnRequest } from '../../src/node/stop-request'

/** `npm run server`: the reference API in the foreground, configured by the environment. */
async function main() {
  const config = loadConfig(process.env)
  const { app, bootstrap } = await buildServer(config)
  // Printed once, on the terminal only: it is not written to the log or stored anywhere.
  process.stdout.write(firstAdminNotice(bootstrap, config))
  stopOnRequest(() => app.close())
  await app.listen({ port: config.port, host: config.host })
}

runCommand(main)
