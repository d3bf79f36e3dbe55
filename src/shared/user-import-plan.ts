import type { ImportFieldError, UserImportRow } from './contract'
import { SIGN_IN_NAME_CLASHES } from './sign-in-names'
import { createUserSchema, profileUpdateSchema } from './validation'

/** The profile of Add User, as a row sets it. */
export interface ImportProfile {
  username: string
  email: string
  firstName: string
  lastName: string
  phoneNumber: string
}

/** A user whose username a row names, as the planner needs it. */
export interface PresentUser extends ImportProfile {
  id: number
  isActive: boolean
}

export interface NamedAccess {
  id: number
  name: string
}

/** The roles and groups known by lower-cased name. */
export interface ImportNames {
  roles: Map<string, NamedAccess>
  groups: Map<string, NamedAccess>
}

/** What the planner asks of wherever the users are: the database, or a server's API. */
export interface ImportLookups {
  /** The user holding this username (whatever its case), if any. */
  present(username: string): Promise<PresentUser | undefined>
  /** True when a user other than `exceptId` has this email (whatever its case). */
  emailTaken(email: string, exceptId: number | undefined): Promise<boolean>
  /** The ids of the roles (or groups) the user holds directly. */
  held(kind: 'role' | 'group', userId: number): Promise<Set<number>>
}

export type ProfileChanges = Partial<Record<keyof ImportProfile, { from: string; to: string }>>

/** What one row does, decided from the users as they are: nothing is written here. */
export type RowPlan =
  | { outcome: 'failed'; present: boolean; id?: number; errors: ImportFieldError[] }
  | { outcome: 'unchanged'; present: true; id: number }
  | {
      outcome: 'created'
      present: false
      profile: ImportProfile
      isActive: boolean
      roles: NamedAccess[]
      groups: NamedAccess[]
    }
  | {
      outcome: 'updated'
      present: true
      id: number
      profile: ImportProfile
      profileChanges: ProfileChanges
      active?: { from: boolean; to: boolean }
      roles: NamedAccess[]
      groups: NamedAccess[]
    }

/** Add User's form without its password: a new user sets one with the link. */
const newUserSchema = createUserSchema.omit({ password: true })

const PROFILE_FIELDS = ['username', 'email', 'firstName', 'lastName', 'phoneNumber'] as const

/** The roles (or groups) a row names, and an error for each name no role (or group) has. */
function resolveNames(
  noun: 'role' | 'group',
  wanted: string[] | undefined,
  known: Map<string, NamedAccess>,
  errors: ImportFieldError[],
): NamedAccess[] {
  const found = new Map<number, NamedAccess>()
  for (const name of wanted ?? []) {
    const match = known.get(name.trim().toLowerCase())
    if (match) found.set(match.id, match)
    else errors.push({ field: `${noun}s`, message: `Unknown ${noun} "${name.trim()}"` })
  }
  return [...found.values()]
}

/**
 * Plans a row: a new username is created, a present one left alone or (when asked) updated with
 * the fields the row gives, keeping those it leaves empty. The checks are Add User's (the same
 * schema, the same messages), plus an email another user has, unknown role or group names, and
 * the caller's own deactivation.
 */
export async function planImportRow(
  row: UserImportRow,
  choices: { updateExisting: boolean },
  names: ImportNames,
  callerId: number | undefined,
  lookups: ImportLookups,
): Promise<RowPlan> {
  const present = await lookups.present(row.username.trim().normalize('NFC'))
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
  // A new user meets Add User's rules; a present user's fields the row leaves empty are kept as
  // they are, unchecked.
  const parsed = present
    ? profileUpdateSchema(present).partial().safeParse(given)
    : newUserSchema.safeParse(given)
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
  const roles = resolveNames('role', row.roles, names.roles, errors)
  const groups = resolveNames('group', row.groups, names.groups, errors)
  const email = parsed.success ? parsed.data.email : undefined
  // Usernames and emails are one namespace of sign-in names (sign-in-names.ts).
  const username = parsed.success && !present ? parsed.data.username : undefined
  if (username !== undefined && (await lookups.emailTaken(username, undefined))) {
    errors.push({ field: 'username', message: SIGN_IN_NAME_CLASHES.username(username) })
  }
  if (email !== undefined && email !== present?.email) {
    const holder = await lookups.present(email)
    if (await lookups.emailTaken(email, present?.id)) {
      errors.push({ field: 'email', message: `Email "${email}" is already taken` })
    } else if (holder && holder.id !== present?.id) {
      errors.push({ field: 'email', message: SIGN_IN_NAME_CLASHES.email(email) })
    }
  }
  if (present && row.active === false && present.isActive && present.id === callerId) {
    errors.push({ field: 'active', message: 'You cannot deactivate your own account.' })
  }
  if (!parsed.success || errors.length > 0) {
    return { outcome: 'failed', present: present !== undefined, id: present?.id, errors }
  }
  const profile = { ...present, ...withoutUndefined(parsed.data) } as ImportProfile
  if (!present) {
    return {
      outcome: 'created',
      present: false,
      profile: pick(profile),
      isActive: row.active ?? true,
      roles,
      groups,
    }
  }
  const changes: ProfileChanges = {}
  for (const field of PROFILE_FIELDS) {
    if (present[field] !== profile[field]) {
      changes[field] = { from: present[field], to: profile[field] }
    }
  }
  const active =
    row.active !== undefined && row.active !== present.isActive
      ? { from: present.isActive, to: row.active }
      : undefined
  const heldRoles = roles.length > 0 ? await lookups.held('role', present.id) : new Set()
  const heldGroups = groups.length > 0 ? await lookups.held('group', present.id) : new Set()
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
    profile: pick(profile),
    profileChanges: changes,
    active,
    roles: newRoles,
    groups: newGroups,
  }
}

const withoutUndefined = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))

const pick = (profile: ImportProfile): ImportProfile => ({
  username: profile.username,
  email: profile.email,
  firstName: profile.firstName,
  lastName: profile.lastName,
  phoneNumber: profile.phoneNumber,
})
