import { randomBytes } from 'node:crypto'
import { verifyChain } from '../audit/chain'
import { hashPassword } from '../auth/passwords'
import { revokeUserSessions } from '../auth/sessions'
import { ConfigError, loadConfig } from '../config'
import { writeAudit } from '../db/audit'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open'
import { retireResetTokens } from '../db/reset-tokens'
import { findUserByUsername, setPassword, updateStatus } from '../db/users'
import { runCommand } from '../run-command'

const USAGE =
  'Usage: npm run admin -- unlock <username> | reset-password <username> | verify-audit   (same DATABASE_URL / DATA_DIR as the server)'

/** Walks the audit chain; exits 1 naming the first record that breaks it. */
async function verifyAudit(db: Database): Promise<void> {
  const started = performance.now()
  const report = await verifyChain(db)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (!report.intact) {
    process.stderr.write(
      `The audit trail was tampered with: ${report.problem} (${report.records} records before it are intact.)\n`,
    )
    process.exitCode = 1
    return
  }
  process.stdout.write(
    `The audit trail is intact: ${report.records} records, last hash ${report.headHash} (${seconds} s).\n`,
  )
}

/**
 * Recovery from the terminal of whoever runs the server, for an installation with no
 * administrator left to do it: unlock an account (the administrator lock and any temporary
 * lockout), or give it a new generated password, shown once. And the check of the audit trail.
 */
async function main() {
  const [command, username, ...rest] = process.argv.slice(2)
  const checking = command === 'verify-audit' && username === undefined
  if (
    !checking &&
    (!username || rest.length > 0 || (command !== 'unlock' && command !== 'reset-password'))
  ) {
    throw new ConfigError(USAGE)
  }
  const config = loadConfig(process.env)
  const db = await openDatabase(config)
  try {
    await migrate(db)
    if (checking) return await verifyAudit(db)
    const user = await findUserByUsername(db, username!)
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
