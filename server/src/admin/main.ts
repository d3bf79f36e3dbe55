import { randomBytes } from 'node:crypto'
import { hashPassword } from '../auth/passwords'
import { revokeUserSessions } from '../auth/sessions'
import { ConfigError, loadConfig } from '../config'
import { writeAudit } from '../db/audit'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open'
import { retireResetTokens } from '../db/reset-tokens'
import { findUserByUsername, setPassword, updateStatus } from '../db/users'
import { runCommand } from '../run-command'

const USAGE =
  'Usage: npm run admin -- unlock <username> | reset-password <username>   (same DATABASE_URL / DATA_DIR as the server)'

/**
 * Recovery from the terminal of whoever runs the server, for an installation with no
 * administrator left to do it: unlock an account (the administrator lock and any temporary
 * lockout), or give it a new generated password, shown once.
 */
async function main() {
  const [command, username, ...rest] = process.argv.slice(2)
  if (!username || rest.length > 0 || (command !== 'unlock' && command !== 'reset-password')) {
    throw new ConfigError(USAGE)
  }
  const config = loadConfig(process.env)
  const db = await openDatabase(config)
  try {
    await migrate(db)
    const user = await findUserByUsername(db, username)
    if (!user) throw new ConfigError(`No user is named "${username}".`)
    if (command === 'unlock') {
      await db.transaction(async (tx) => {
        await updateStatus(tx, user.id, { isLocked: false })
        await writeAudit(tx, {
          actor: null,
          action: 'user.unlock',
          targetType: 'user',
          targetId: user.id,
          changes: { isLocked: { from: user.is_locked, to: false }, by: 'command line' },
        })
      })
      process.stdout.write(`Unlocked "${user.username}".\n`)
      return
    }
    const password = randomBytes(12).toString('base64url')
    const passwordHash = await hashPassword(password)
    await db.transaction(async (tx) => {
      await setPassword(tx, user.id, passwordHash)
      await retireResetTokens(tx, user.id)
      await revokeUserSessions(tx, user.id)
      await writeAudit(tx, {
        actor: null,
        action: 'user.password_change',
        targetType: 'user',
        targetId: user.id,
        changes: { by: 'command line' },
      })
    })
    process.stdout.write(
      `New password of "${user.username}": ${password}\nSign in and change it; it will not be shown again.\n`,
    )
  } finally {
    await db.close()
  }
}

runCommand(main)
