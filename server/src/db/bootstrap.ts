import { randomBytes } from 'node:crypto'
import { hashPassword } from '../auth/passwords'
import type { ServerConfig } from '../config'
import { writeAudit } from './audit'
import type { Database, Queryable } from './database'
import { insertUser } from './users'

const BOOTSTRAP_LOCK = 7_310_003

export interface Bootstrap {
  username: string
  /** Set only when the password was generated: the one time it can be shown. */
  generatedPassword?: string
}

/**
 * Gives the administrator flag (migration 031) to the role named `roleName` while no role has
 * it: on a fresh database, and on one whose administrator role was known by its name before.
 * Once flagged, the role stays the administrator role whatever it is renamed to.
 */
async function adoptAdministratorRole(tx: Queryable, roleName: string) {
  await tx.query(
    `UPDATE roles SET administrator = true
     WHERE lower(name) = lower($1) AND NOT EXISTS (SELECT 1 FROM roles WHERE administrator)`,
    [roleName],
  )
}

/**
 * On a database without users, creates the administrator role and the first administrator,
 * so a fresh server can be signed in to. Once any user exists, only flags the administrator
 * role if none is.
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
    if (any) {
      await adoptAdministratorRole(tx, admin.roleName)
      return undefined
    }
    await tx.query(
      `INSERT INTO roles (name) SELECT $1::text
       WHERE NOT EXISTS (SELECT 1 FROM roles WHERE lower(name) = lower($1) OR administrator)`,
      [admin.roleName],
    )
    await adoptAdministratorRole(tx, admin.roleName)
    await tx.query('UPDATE roles SET active = true WHERE administrator')
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
      'INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE administrator',
      [user.id],
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
