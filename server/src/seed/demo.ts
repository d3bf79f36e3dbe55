import { hashPassword } from '../auth/passwords'
import type { Permission } from '@shared/contract'
import type { Database, Queryable } from '../db/database'
import { FIRST_NAMES, LAST_NAMES } from './names'

export const DEMO_PASSWORD = 'demo-password'

/** Roles of the operations hub; the administrator role comes from the configuration. */
const ROLES = [
  'HR_MANAGER',
  'FINANCE_OFFICER',
  'EVENT_PLANNER',
  'SUPPORT_AGENT',
  'HELPDESK',
  'AUDITOR',
  'MARKETING_LEAD',
  'VIEWER',
]

/** The delegated administrators' roles (issue 29); the other roles grant no permission. */
const ROLE_PERMISSIONS: Record<string, Permission[]> = {
  HELPDESK: ['users.credentials', 'users.read', 'users.status'],
  AUDITOR: ['audit.read', 'users.read'],
}

/** The first-line helpdesk of the demo: holds HELPDESK directly (the auditors are Finance). */
export const DEMO_HELPDESK_USER = 'sara.patel'

/** Groups and the roles each one grants. */
const GROUPS: Record<string, string[]> = {
  'IT Operations': ['ADMIN'],
  'Human Resources': ['HR_MANAGER', 'VIEWER'],
  Finance: ['FINANCE_OFFICER', 'AUDITOR'],
  'Events Team': ['EVENT_PLANNER', 'VIEWER'],
  'Customer Support': ['SUPPORT_AGENT'],
  Marketing: ['MARKETING_LEAD', 'VIEWER'],
}

const GROUP_NAMES = Object.keys(GROUPS)
const DEMO_USERS = 60
const DAY_MS = 86_400_000

async function idsByName(tx: Queryable, table: 'roles' | 'groups'): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]))
}

/**
 * A small, realistic organisation: 60 people across six groups and nine roles, some
 * inactive, some locked, most with a recent sign-in. Running it again adds nothing twice.
 */
export async function seedDemo(db: Database): Promise<{ users: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const now = Date.now()
  return db.transaction(async (tx) => {
    for (const name of ROLES) {
      await tx.query(
        `INSERT INTO roles (name) SELECT $1::text WHERE NOT EXISTS (SELECT 1 FROM roles WHERE lower(name) = lower($1))`,
        [name],
      )
    }
    for (const [name, permissions] of Object.entries(ROLE_PERMISSIONS)) {
      await tx.query('UPDATE roles SET permissions = $2::text[] WHERE lower(name) = lower($1)', [
        name,
        permissions,
      ])
    }
    for (const name of GROUP_NAMES) {
      await tx.query(
        `INSERT INTO groups (name) SELECT $1::text WHERE NOT EXISTS (SELECT 1 FROM groups WHERE lower(name) = lower($1))`,
        [name],
      )
    }
    const roles = await idsByName(tx, 'roles')
    const groups = await idsByName(tx, 'groups')
    // The administrator role, made by bootstrapAdmin, whatever it is named.
    const [administrator] = await tx.query<{ id: number }>(
      'SELECT id FROM roles WHERE administrator',
    )
    const roleId = (name: string) =>
      name === 'ADMIN' ? administrator!.id : roles.get(name.toLowerCase())!
    for (const [group, granted] of Object.entries(GROUPS)) {
      for (const role of granted) {
        await tx.query(
          'INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [groups.get(group.toLowerCase()), roleId(role)],
        )
      }
    }

    let added = 0
    for (let i = 0; i < DEMO_USERS; i += 1) {
      // Distinct pairs for every i below 2500: the last name shifts once the first names wrap.
      const first = FIRST_NAMES[i % FIRST_NAMES.length]!
      const last = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]!
      const username = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')
      const created = new Date(now - (365 - i * 6) * DAY_MS)
      const lastLogin = i % 8 === 7 ? null : new Date(now - ((i * 37) % 240) * 3_600_000)
      const [user] = await tx.query<{ id: number }>(
        `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
           is_active, is_locked, last_login, created_date, updated_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          username,
          `${username}@ops-hub.example`,
          first,
          last,
          `+971 5${i % 6} ${String(1_000_000 + i * 7919).slice(0, 3)} ${String(1_000_000 + i * 7919).slice(3, 7)}`,
          passwordHash,
          i % 9 !== 4,
          i % 13 === 6,
          lastLogin,
          created,
          new Date(created.getTime() + ((i * 13) % 90) * DAY_MS),
        ],
      )
      if (!user) continue
      added += 1
      const group = GROUP_NAMES[i % GROUP_NAMES.length]!
      await tx.query(
        'INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [user.id, groups.get(group.toLowerCase())],
      )
      if (i % 5 === 0) {
        await tx.query(
          'INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [user.id, roleId('VIEWER')],
        )
      }
    }
    await tx.query(
      `INSERT INTO user_roles (user_id, role_id)
       SELECT u.id, $2::int FROM users u WHERE u.username = $1 ON CONFLICT DO NOTHING`,
      [DEMO_HELPDESK_USER, roleId('HELPDESK')],
    )
    await tx.query(
      `INSERT INTO audit_log (action, target_type, changes) VALUES ('seed.demo', 'user', $1::jsonb)`,
      [JSON.stringify({ users: added })],
    )
    return { users: added }
  })
}
