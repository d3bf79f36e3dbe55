import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config'
import { bootstrapAdmin } from '../db/bootstrap'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open'
import { firstAdminNotice } from '../first-admin-notice'
import { seedBulk } from './bulk'
import { DEMO_PASSWORD, seedDemo } from './demo'
import { runCommand } from '../run-command'

const USAGE =
  'Usage: npm run seed -- --demo | --users N   (same DATABASE_URL / DATA_DIR as the server)'

/** `npm run seed -- --demo` and `npm run seed -- --users 1000000`. */
async function main() {
  const { values } = parseArgs({
    options: {
      demo: { type: 'boolean', default: false },
      users: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  const users = values.users === undefined ? undefined : Number(values.users)
  if (values.help || (!values.demo && users === undefined)) throw new ConfigError(USAGE)
  if (users !== undefined && (!Number.isSafeInteger(users) || users < 1 || users > 10_000_000)) {
    throw new ConfigError(`--users must be a whole number from 1 to 10000000. ${USAGE}`)
  }
  const config = loadConfig(process.env)
  const db = await openDatabase(config)
  try {
    await migrate(db)
    const bootstrap = await bootstrapAdmin(db, config.admin)
    process.stdout.write(firstAdminNotice(bootstrap, config))
    if (values.demo) {
      const { users: added } = await seedDemo(db)
      process.stdout.write(
        `Demo organisation: ${added} users added (password "${DEMO_PASSWORD}"), 9 roles, 6 groups.\n`,
      )
    }
    if (users !== undefined) {
      const started = performance.now()
      await seedBulk(db, users, (done) =>
        process.stdout.write(
          `\r${done.toLocaleString('en-US')} / ${users.toLocaleString('en-US')} users`,
        ),
      )
      process.stdout.write(
        `\nAdded ${users.toLocaleString('en-US')} users in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
      )
    }
  } finally {
    await db.close()
  }
}

runCommand(main)
