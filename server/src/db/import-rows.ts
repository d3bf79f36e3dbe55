import type { UserImportRow } from '../../../src/shared/contract'
import type {
  ImportLookups,
  ImportNames,
  NamedAccess,
  PresentUser,
} from '../../../src/shared/user-import-plan'
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

/**
 * The planner's questions answered from the database; `forUpdate` locks the user's row when the
 * plan is about to be applied in the same transaction.
 */
export function databaseLookups(db: Queryable, forUpdate: boolean): ImportLookups {
  return {
    async present(username) {
      const [row] = await db.query<PresentUser>(
        `SELECT id, username, email, first_name AS "firstName", last_name AS "lastName",
           phone_number AS "phoneNumber", is_active AS "isActive"
         FROM users WHERE lower(username) = lower($1)${forUpdate ? ' FOR UPDATE' : ''}`,
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
