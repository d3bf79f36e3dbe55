import { randomBytes } from 'node:crypto'
import { hashPassword } from '../auth/passwords'
import type { ServerConfig } from '../config'
import { writeAudit } from './audit'
import type { Database } from './database'
import { insertUser } from './users'

const BOOTSTRAP_LOCK = 7_310_003

export interface Bootstrap {
  username: string
  /** Set only when the password was generated: the one time it can be shown. */
  generatedPassword?: string
}

/**
 * On a database without users, creates the administrator role and the first administrator,
 * so a fresh server can be signed in to. Does nothing once any user exists.
 */
export async function bootstrapAdmin(
  db: Database,
  admin: ServerConfig['admin'],
): Promise<Bootstrap | undefined> {
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url')
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!)
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK])
    const [any] = await tx.query('SELECT 1 FROM users LIMIT 1')
    if (any) return undefined
    await tx.query(
      `INSERT INTO roles (name) SELECT $1::text WHERE NOT EXISTS (SELECT 1 FROM roles WHERE lower(name) = lower($1))`,
      [admin.roleName],
    )
    await tx.query('UPDATE roles SET active = true WHERE lower(name) = lower($1)', [admin.roleName])
    const user = await insertUser(tx, {
      username: admin.username,
      email: admin.email,
      // The console greets a user by first name: "Welcome, ADMINISTRATOR", not "SYSTEM".
      firstName: 'Administrator',
      lastName: 'Account',
      phoneNumber: '',
      passwordHash,
    })
    await tx.query(
      'INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE lower(name) = lower($2)',
      [user.id, admin.roleName],
    )
    await writeAudit(tx, {
      actor: null,
      action: 'user.bootstrap',
      targetType: 'user',
      targetId: user.id,
      changes: { username: user.username },
    })
    return generatedPassword
      ? { username: user.username, generatedPassword }
      : { username: user.username }
  })
}
