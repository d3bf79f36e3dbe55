import type { ImportFieldError, UserImportRow } from '../../../src/shared/contract'
import { updateUserSchema } from '../../../src/shared/validation'
import { GROUP, ROLE, userAssignments, type AccessKind } from './access'
import type { Queryable } from './database'
import { USER_COLUMNS, profileChanges, type ProfileFields, type UserRow } from './users'

export interface NamedAccess {
  id: number
  name: string
}

/** The roles and groups a request names, by lower-cased name. */
export interface ImportNames {
  roles: Map<string, NamedAccess>
  groups: Map<string, NamedAccess>
}

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

export interface ImportChoices {
  updateExisting: boolean
}

/** What one row does, decided from the database as it is: nothing is written here. */
export type RowPlan =
  | { outcome: 'failed'; present: boolean; id?: number; errors: ImportFieldError[] }
  | { outcome: 'unchanged'; present: true; id: number }
  | {
      outcome: 'created'
      present: false
      profile: ProfileFields
      isActive: boolean
      roles: NamedAccess[]
      groups: NamedAccess[]
    }
  | {
      outcome: 'updated'
      present: true
      id: number
      profile: ProfileFields
      profileChanges: ReturnType<typeof profileChanges>
      active?: { from: boolean; to: boolean }
      roles: NamedAccess[]
      groups: NamedAccess[]
    }

const taken = (email: string): ImportFieldError => ({
  field: 'email',
  message: `Email "${email}" is already taken`,
})

const withoutUndefined = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))

/** The roles (or groups) a row names, and an error for each name no role (or group) has. */
function resolveNames(
  kind: AccessKind,
  wanted: string[] | undefined,
  known: Map<string, NamedAccess>,
  errors: ImportFieldError[],
): NamedAccess[] {
  const found = new Map<number, NamedAccess>()
  for (const name of wanted ?? []) {
    const match = known.get(name.trim().toLowerCase())
    if (match) found.set(match.id, match)
    else errors.push({ field: `${kind.noun}s`, message: `Unknown ${kind.noun} "${name.trim()}"` })
  }
  return [...found.values()]
}

/**
 * Plans a row: a new username is created, a present one left alone or (when asked) updated with
 * the fields the row gives, keeping those it leaves empty. The checks are Add User's, plus an
 * email owned by another user and unknown role or group names. `forUpdate` locks the user's row
 * when the plan is about to be applied in the same transaction.
 */
export async function planRow(
  db: Queryable,
  row: UserImportRow,
  choices: ImportChoices,
  names: ImportNames,
  callerId: number,
  forUpdate: boolean,
): Promise<RowPlan> {
  const [present] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)${forUpdate ? ' FOR UPDATE' : ''}`,
    [row.username.trim().normalize('NFC')],
  )
  if (present && !choices.updateExisting) {
    return { outcome: 'unchanged', present: true, id: present.id }
  }
  const given = {
    username: present?.username ?? row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
  }
  const kept: ProfileFields | undefined = present && {
    username: present.username,
    email: present.email,
    firstName: present.first_name,
    lastName: present.last_name,
    phoneNumber: present.phone_number,
  }
  // A present user's fields the row leaves empty are kept as they are, unchecked.
  const parsed = kept
    ? updateUserSchema.partial().safeParse(given)
    : updateUserSchema.safeParse(given)
  const errors: ImportFieldError[] = []
  if (!parsed.success) {
    const seen = new Set<string>()
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '')
      if (seen.has(field)) continue
      seen.add(field)
      errors.push({ field, message: issue.message })
    }
  }
  const roles = resolveNames(ROLE, row.roles, names.roles, errors)
  const groups = resolveNames(GROUP, row.groups, names.groups, errors)
  const email = parsed.success ? parsed.data.email : undefined
  if (email !== undefined && email !== kept?.email) {
    const owners = await db.query<{ id: number }>(
      'SELECT id FROM users WHERE lower(email) = lower($1) AND id <> $2 LIMIT 1',
      [email, present?.id ?? 0],
    )
    if (owners.length > 0) errors.push(taken(email))
  }
  if (present && row.active === false && present.is_active && present.id === callerId) {
    errors.push({ field: 'active', message: 'You cannot deactivate your own account.' })
  }
  if (!parsed.success || errors.length > 0) {
    return { outcome: 'failed', present: present !== undefined, id: present?.id, errors }
  }
  const profile = { ...kept, ...withoutUndefined(parsed.data) } as ProfileFields
  if (!present) {
    return {
      outcome: 'created',
      present: false,
      profile,
      isActive: row.active ?? true,
      roles,
      groups,
    }
  }
  const held = async (kind: AccessKind) =>
    new Set((await userAssignments(db, kind, present.id)).map((assignment) => assignment.id))
  const heldRoles = roles.length > 0 ? await held(ROLE) : new Set<number>()
  const heldGroups = groups.length > 0 ? await held(GROUP) : new Set<number>()
  const changes = profileChanges(present, profile)
  const active =
    row.active !== undefined && row.active !== present.is_active
      ? { from: present.is_active, to: row.active }
      : undefined
  const newRoles = roles.filter((role) => !heldRoles.has(role.id))
  const newGroups = groups.filter((group) => !heldGroups.has(group.id))
  if (
    Object.keys(changes).length === 0 &&
    !active &&
    newRoles.length === 0 &&
    newGroups.length === 0
  ) {
    return { outcome: 'unchanged', present: true, id: present.id }
  }
  return {
    outcome: 'updated',
    present: true,
    id: present.id,
    profile,
    profileChanges: changes,
    active,
    roles: newRoles,
    groups: newGroups,
  }
}
