import type { UserImportRow } from '@shared/contract'
import type { ImportLookups, ImportNames, NamedAccess, PresentUser } from '@shared/user-import-plan'
import { GROUP, ROLE, userAssignments, type AccessKind } from './access'
import type { Queryable } from './database'

/** Every role and group the rows name, found in one query each. */
export async function findImportNames(db: Queryable, rows: UserImportRow[]): Promise<ImportNames> {
  const find = async (kind: AccessKind, wanted: string[]) => {
    const found = await db.query<NamedAccess>(
      `SELECT id, name FROM ${kind.table} WHERE lower(name) = ANY($1::text[])`,
      [[...new Set(wanted.map((name) => name.trim().toLowerCase()))]],
    )
    return new Map(found.map((row) => [row.name.toLowerCase(), row]))
  }
  return {
    roles: await find(
      ROLE,
      rows.flatMap((row) => row.roles ?? []),
    ),
    groups: await find(
      GROUP,
      rows.flatMap((row) => row.groups ?? []),
    ),
  }
}

const PRESENT_COLUMNS = `u.id, u.username, u.email, u.first_name AS "firstName",
  u.last_name AS "lastName", u.phone_number AS "phoneNumber", u.is_active AS "isActive"`

/**
 * The planner's questions answered from the database; `forUpdate` locks the user's row when the
 * plan is about to be applied in the same transaction.
 */
export function databaseLookups(db: Queryable, forUpdate: boolean): ImportLookups {
  return {
    async present(username) {
      const [row] = await db.query<PresentUser>(
        `SELECT ${PRESENT_COLUMNS} FROM users u
         WHERE lower(u.username) = lower($1)${forUpdate ? ' FOR UPDATE' : ''}`,
        [username],
      )
      return row
    },
    async emailTaken(email, exceptId) {
      const rows = await db.query(
        'SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2 LIMIT 1',
        [email, exceptId ?? 0],
      )
      return rows.length > 0
    },
    async held(kind, userId) {
      const assignments = await userAssignments(db, kind === 'role' ? ROLE : GROUP, userId)
      return new Set(assignments.map((assignment) => assignment.id))
    },
  }
}

/**
 * The users the rows name and the owners of their emails, read in one query each for the whole
 * request instead of two a row, each keyed by the text the planner will ask with; a name or
 * email asked and not found is answered as absent without asking again. `forUpdate` locks the
 * users found (in id order, as concurrent imports then wait rather than deadlock) for a
 * transaction that applies the plans.
 */
export async function prefetchedLookups(
  db: Queryable,
  rows: UserImportRow[],
  forUpdate: boolean,
): Promise<ImportLookups> {
  const rowUsernames = rows.map((row) => row.username.trim().normalize('NFC'))
  const rowEmails = rows.flatMap((row) => (row.email ? [row.email.trim().normalize('NFC')] : []))
  // Each is asked of the other too: they are one namespace of sign-in names.
  const usernames = new Set([...rowUsernames, ...rowEmails])
  const emails = new Set([...rowEmails, ...rowUsernames])
  const present = new Map(
    (
      await db.query<PresentUser & { wanted: string }>(
        `SELECT k.wanted, ${PRESENT_COLUMNS}
         FROM unnest($1::text[]) AS k(wanted) JOIN users u ON lower(u.username) = lower(k.wanted)
         ${forUpdate ? 'ORDER BY u.id FOR UPDATE OF u' : ''}`,
        [[...usernames]],
      )
    ).map(({ wanted, ...user }) => [wanted, user]),
  )
  const owners = new Map<string, number[]>()
  for (const { wanted, id } of await db.query<{ wanted: string; id: number }>(
    `SELECT k.wanted, u.id
     FROM unnest($1::text[]) AS k(wanted) JOIN users u ON lower(u.email) = lower(k.wanted)`,
    [[...emails]],
  )) {
    owners.set(wanted, [...(owners.get(wanted) ?? []), id])
  }
  const direct = databaseLookups(db, forUpdate)
  return {
    present: async (username) =>
      usernames.has(username) ? present.get(username) : direct.present(username),
    emailTaken: async (email, exceptId) => {
      if (!emails.has(email)) return direct.emailTaken(email, exceptId)
      return (owners.get(email) ?? []).some((id) => id !== exceptId)
    },
    held: direct.held,
  }
}
