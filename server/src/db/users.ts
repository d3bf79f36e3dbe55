import type { User, UserExportField } from '@shared/contract'
import { USER_FILTERS } from '@shared/user-list-fields'
import type { ProfileChanges } from '@shared/user-import-plan'
import { auditOfStatement, type AuditRecord } from './audit'
import { grantCounts } from './grant-ends'
import { clash, isUniqueViolation, missing } from './refusal'
import type { Queryable } from './database'
import { forgetFailedSignIns, forgetFailedSignInsOf } from './sign-in-failures'

export interface UserRow {
  id: number
  username: string
  email: string
  first_name: string
  last_name: string
  full_name: string
  phone_number: string
  is_active: boolean
  is_locked: boolean
  last_login: Date | null
  created_date: Date
  updated_date: Date
  version: number
  /** The latest end of a temporary lockout of an address after failed sign-ins, while it lasts. */
  login_blocked_until: Date | null
  reset_email_status: ResetEmailStatus | null
  two_step: boolean
  /** The nearest end of a grant the user holds (issue 57), or null. */
  access_ends_at: Date | null
}

/** The delivery of the newest password-reset email: failed once the last attempt failed. */
export type ResetEmailStatus = 'pending' | 'sent' | 'failed'

/** A user's row with its timestamps as the API's ISO text (see `USER_COLUMNS_AS_TEXT`). */
export type UserTextRow = Omit<
  UserRow,
  'last_login' | 'created_date' | 'updated_date' | 'login_blocked_until' | 'access_ends_at'
> & {
  last_login: string | null
  created_date: string
  updated_date: string
  login_blocked_until: string | null
  access_ends_at: string | null
}

/** The timestamp `sql` as ISO 8601 text in UTC, to the millisecond (`MS`) or microsecond (`US`). */
export const utcText = (sql: string, fraction: 'MS' | 'US') =>
  `to_char((${sql}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${fraction}"Z"')`

type ExistsDeclaration = { table: string; condition: string }

/** Whether the user has a row of a filter's table where its condition holds (`kind: 'exists'`). */
export const existsSql = ({ table, condition }: ExistsDeclaration) =>
  `EXISTS (SELECT 1 FROM ${table} x WHERE x.user_id = users.id AND x.${condition})`

/**
 * `existsSql` for every row of a whole selection: the table's user ids read once and hashed, then
 * looked up per row. A probe per row took 2-5 µs, seconds of a million-user export; the hash costs
 * a read of the table, which a page of twenty rows would not repay.
 */
const inSetSql = ({ table, condition }: ExistsDeclaration) =>
  `users.id IN (SELECT x.user_id FROM ${table} x WHERE x.${condition})`

/** The end of a temporary lockout after failed sign-ins, while it lasts. */
const LOGIN_BLOCKED_UNTIL = 'CASE WHEN login_blocked_until > now() THEN login_blocked_until END'
/** The delivery of the newest password-reset email (`ResetEmailStatus`). */
const RESET_EMAIL_STATUS = `(SELECT CASE WHEN m.sent_at IS NOT NULL THEN 'sent' WHEN m.last_error IS NOT NULL THEN 'failed' ELSE 'pending' END
   FROM mail_outbox m WHERE m.user_id = users.id ORDER BY m.id DESC LIMIT 1)`

/**
 * The nearest end of the user's direct roles and memberships still counting (issue 57), two
 * probes of their primary keys; null when none ends. Read by the database's clock, which is the
 * server's but in tests that move the server's: an ended grant is not shown ending in the past
 * while it waits for the job to take it away.
 */
const NEAREST_GRANT_END = `(SELECT min(e.ends_at) FROM (
    SELECT ends_at FROM user_roles g WHERE user_id = users.id AND ends_at IS NOT NULL AND ${grantCounts('g', 'now()')}
    UNION ALL SELECT ends_at FROM user_groups g WHERE user_id = users.id AND ends_at IS NOT NULL AND ${grantCounts('g', 'now()')}) e)`

const userColumns = (
  timestamp: (sql: string) => string,
  exists: (declaration: ExistsDeclaration) => string,
) => `id, username, email, first_name,
  last_name, full_name, phone_number, is_active, is_locked, ${timestamp('last_login')} AS last_login,
  ${timestamp('created_date')} AS created_date, ${timestamp('updated_date')} AS updated_date, version,
  ${timestamp(LOGIN_BLOCKED_UNTIL)} AS login_blocked_until,
  ${RESET_EMAIL_STATUS} AS reset_email_status,
  ${exists(USER_FILTERS.twoStep)} AS two_step,
  ${timestamp(NEAREST_GRANT_END)} AS access_ends_at`

export const USER_COLUMNS = userColumns((sql) => sql, existsSql)

const isoText = (sql: string) => utcText(sql, 'MS')

/**
 * `USER_COLUMNS` with the timestamps as the API writes them (ISO 8601, UTC, to the millisecond,
 * cut like Date's), made by the database: for lists and exports of many rows, where parsing each
 * into a Date and formatting it again costs this process more than the query does.
 */
export const USER_COLUMNS_AS_TEXT = userColumns(isoText, existsSql)

/**
 * Each field of the API's user (`toUser`) as SQL, for a whole selection read by one statement or
 * in batches (exports): the fields selected, each named as the API names it, are the user's JSON
 * as it stands.
 */
const EXPORTED_FIELD_SQL: Record<UserExportField, string> = {
  id: 'id',
  username: 'username',
  email: 'email',
  fullName: 'full_name',
  firstName: 'first_name',
  lastName: 'last_name',
  phoneNumber: 'phone_number',
  isActive: 'is_active',
  isLocked: 'is_locked',
  lastLogin: isoText('last_login'),
  createdDate: isoText('created_date'),
  updatedDate: isoText('updated_date'),
  loginBlockedUntil: isoText(LOGIN_BLOCKED_UNTIL),
  resetEmailStatus: RESET_EMAIL_STATUS,
  twoStep: inSetSql(USER_FILTERS.twoStep),
  accessEndsAt: isoText(NEAREST_GRANT_END),
}

/**
 * The JSON text of a user in an export of `fields` (`EXPORTED_FIELD_SQL`), written by the
 * database: for a million rows, reading five columns of each into an object and stringifying it
 * again cost the server about 2 s of CPU, one text column of each a fraction of it.
 */
export const exportedUserJsonSql = (fields: readonly UserExportField[]) =>
  `json_build_object(${fields.map((field) => `'${field}', ${EXPORTED_FIELD_SQL[field]}`).join(', ')})::text`

const iso = (time: Date | string | null) =>
  time === null || typeof time === 'string' ? time : time.toISOString()

export function toUser(row: UserRow | UserTextRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    isActive: row.is_active,
    isLocked: row.is_locked,
    lastLogin: iso(row.last_login),
    createdDate: iso(row.created_date),
    updatedDate: iso(row.updated_date),
    loginBlockedUntil: iso(row.login_blocked_until),
    resetEmailStatus: row.reset_email_status,
    twoStep: row.two_step,
    accessEndsAt: iso(row.access_ends_at),
  }
}

/** The strong validator of a user's representation: it changes with every write. */
export const userEtag = (row: Pick<UserRow, 'id' | 'version'>) => `"u${row.id}v${row.version}"`

/** `%`, `_` and `\\` in a search term are taken literally. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function findUser(
  db: Queryable,
  id: number,
  forUpdate = false,
): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
    { prepare: true },
  )
  return row
}

export const userNotFound = (id: number) => missing('user_not_found', { id })

/** The user of a path id, refused as missing when there is none. */
export async function existingUser(db: Queryable, id: number, forUpdate = false): Promise<UserRow> {
  const user = await findUser(db, id, forUpdate)
  if (!user) throw userNotFound(id)
  return user
}

/** Usernames and emails are unique whatever their case; the unique indexes back this up. */
export async function assertUnique(
  db: Queryable,
  fields: { username: string; email: string },
  exceptId?: number,
): Promise<void> {
  const rows = await db.query<{ username: string; email: string }>(
    `SELECT username, email FROM users
     WHERE (lower(username) = lower($1) OR lower(email) = lower($2)) AND id <> $3`,
    [fields.username, fields.email, exceptId ?? 0],
    { prepare: true },
  )
  if (rows.some((row) => row.username.toLowerCase() === fields.username.toLowerCase())) {
    throw clash('username_taken', { username: fields.username })
  }
  if (rows.length > 0) throw clash('email_taken', { email: fields.email })
}

export interface ProfileFields {
  username: string
  email: string
  firstName: string
  lastName: string
  phoneNumber: string
}

type NewUser = ProfileFields & { passwordHash: string; isActive?: boolean }

const INSERT_USER = `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash, is_active)
  VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${USER_COLUMNS}`

const valuesOf = (fields: NewUser) => [
  fields.username,
  fields.email,
  fields.firstName,
  fields.lastName,
  fields.phoneNumber,
  fields.passwordHash,
  fields.isActive ?? true,
]

export async function insertUser(db: Queryable, fields: NewUser): Promise<UserRow> {
  const [row] = await db.query<UserRow>(INSERT_USER, valuesOf(fields), { prepare: true })
  return row!
}

/**
 * A new user and the record of its creation in one statement, atomic without a transaction:
 * one round trip where checking, inserting and recording took five, about half a millisecond
 * (docs/PERFORMANCE.md). A username or email taken is refused by its unique index, and named as
 * `assertUnique` names it.
 */
export async function insertRecordedUser(
  db: Queryable,
  fields: NewUser,
  record: Omit<AuditRecord, 'targetId'>,
): Promise<UserRow> {
  const values = valuesOf(fields)
  const audit = auditOfStatement('created', record, values.length + 1)
  try {
    const [row] = await db.query<UserRow>(
      `WITH created AS (${INSERT_USER}), recorded AS (${audit.sql}) SELECT * FROM created`,
      [...values, ...audit.params],
      { prepare: true },
    )
    return row!
  } catch (error) {
    if (isUniqueViolation(error)) await assertUnique(db, fields)
    throw error
  }
}

/**
 * New users in one statement, in the order given (their ids follow it): for an import, where a
 * statement per user costs more than the users do. Answers their ids in that order.
 */
export async function insertUsers(
  tx: Queryable,
  users: (ProfileFields & { passwordHash: string; isActive: boolean })[],
): Promise<number[]> {
  const column = <K extends keyof (typeof users)[number]>(key: K) => users.map((user) => user[key])
  const rows = await tx.query<{ id: number; k: string }>(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash, is_active)
     SELECT username, email, first_name, last_name, phone_number, password_hash, is_active
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[])
       WITH ORDINALITY AS u (username, email, first_name, last_name, phone_number, password_hash, is_active, k)
     ORDER BY k
     RETURNING id, username AS k`,
    [
      column('username'),
      column('email'),
      column('firstName'),
      column('lastName'),
      column('phoneNumber'),
      column('passwordHash'),
      column('isActive'),
    ],
  )
  const ids = new Map(rows.map((row) => [row.k, row.id]))
  return users.map((user) => ids.get(user.username)!)
}

/** The column of each profile field. */
const PROFILE_COLUMNS: Record<keyof ProfileFields, string> = {
  username: 'username',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  phoneNumber: 'phone_number',
}

/**
 * Sets the fields that change, and only those: the triggers that version the orders and the
 * search fire on the columns set (`UPDATE OF`), so a new first name leaves the anchors of the
 * orders by username, email and phone number holding.
 */
export async function updateProfile(
  db: Queryable,
  id: number,
  changes: ProfileChanges,
): Promise<UserRow> {
  const fields = (Object.keys(PROFILE_COLUMNS) as (keyof ProfileFields)[]).filter(
    (field) => changes[field] !== undefined,
  )
  const assignments = fields.map((field, i) => `${PROFILE_COLUMNS[field]} = $${i + 2}`)
  const [row] = await db.query<UserRow>(
    `UPDATE users SET ${[...assignments, 'updated_date = now()', 'version = version + 1'].join(', ')}
     WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id, ...fields.map((field) => changes[field]!.to)],
    { prepare: true },
  )
  return row!
}

export interface StatusChange {
  isActive?: boolean
  isLocked?: boolean
}

/** The column of each flag a status change sets. */
const STATUS_COLUMNS: Record<keyof StatusChange, string> = {
  isActive: 'is_active',
  isLocked: 'is_locked',
}

/**
 * The assignments of `change`, its values appended to `params`: the columns of the flags it sets
 * alone, so that only their triggers fire (a lock leaves the anchors of the order by status, and
 * of the lists over one, holding: migration 029). Unlocking also ends a temporary lockout.
 */
function statusAssignments(change: StatusChange, params: unknown[]): string {
  const flags = (Object.keys(STATUS_COLUMNS) as (keyof StatusChange)[]).filter(
    (flag) => change[flag] !== undefined,
  )
  return [
    ...flags.map((flag) => `${STATUS_COLUMNS[flag]} = $${params.push(change[flag])}::boolean`),
    ...(change.isLocked === false ? ['login_blocked_until = NULL'] : []),
    'updated_date = now()',
    'version = version + 1',
  ].join(', ')
}

/** Unlocking also ends every temporary lockout after failed sign-ins, and forgets the failures. */
export async function updateStatus(
  db: Queryable,
  id: number,
  change: StatusChange,
): Promise<UserRow> {
  if (change.isLocked === false) await forgetFailedSignIns(db, id)
  const params: unknown[] = [id]
  const [row] = await db.query<UserRow>(
    `UPDATE users SET ${statusAssignments(change, params)} WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    params,
    { prepare: true },
  )
  return row!
}

/** The same change of many users in one statement each (a bulk action's chunk). */
export async function updateStatusOf(
  db: Queryable,
  ids: number[],
  change: StatusChange,
): Promise<void> {
  if (change.isLocked === false) await forgetFailedSignInsOf(db, ids)
  const params: unknown[] = [ids]
  await db.query(
    `UPDATE users SET ${statusAssignments(change, params)} WHERE id = ANY ($1::int[])`,
    params,
  )
}

/**
 * A new password also forgets failed sign-ins, as a successful sign-in would, and ends the
 * need to replace a temporary password.
 */
export async function setPassword(
  tx: Queryable,
  id: number,
  passwordHash: string,
): Promise<UserRow | undefined> {
  await forgetFailedSignIns(tx, id)
  const [row] = await tx.query<UserRow>(
    `UPDATE users SET password_hash = $2, login_blocked_until = NULL,
       must_change_password = false, temporary_password_spent = false,
       updated_date = now(), version = version + 1
     WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id, passwordHash],
  )
  return row
}

/** The stored hash, for the checks that compare a password with it. */
export async function passwordHashOf(db: Queryable, id: number): Promise<string | undefined> {
  const [row] = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [id],
  )
  return row?.password_hash
}

export async function findUserByUsername(
  db: Queryable,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`,
    [username],
  )
  return row
}

/** The profile fields that differ, as `{ field: { from, to } }` for the audit log. */
export function profileChanges(row: UserRow, next: ProfileFields): ProfileChanges {
  const before: ProfileFields = {
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
  }
  const changes: ProfileChanges = {}
  for (const field of Object.keys(next) as (keyof ProfileFields)[]) {
    if (before[field] !== next[field]) changes[field] = { from: before[field], to: next[field] }
  }
  return changes
}
