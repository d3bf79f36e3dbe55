import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { PERMISSIONS, type Permission } from '@shared/contract'
import { createSession } from '../../server/src/auth/sessions'
import { signAccessToken } from '../../server/src/auth/tokens'
import { reachablePermissions, userPermissions } from '../../server/src/db/permissions'
import { servedOperations, type Operation, type Schema } from './support/openapi'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 54, acceptance: every route that changes anything under /api/admin, as the server's own
 * route table (its OpenAPI document) lists them, so that a new route is sent without a line
 * here. Random organisations (roles of random permissions, groups, links, some of them
 * inactive, some users with a second factor) and random callers among their users send random,
 * mostly well-formed requests. After each one the server accepts:
 * - no user can hold a permission more that the caller lacks;
 * - no user other than the caller who holds or could hold a permission the caller lacks lost
 *   anything (a permission held or reachable, being active and unlocked, a session), or had
 *   their username, email, password, factor or reset links changed;
 * - an active, unlocked user holds every permission.
 */

const USERS = 5
const GROUPS = 2
const NUM_RUNS = Number(process.env.RIGHTS_RUNS ?? 80)
const STEPS = 8

interface Organisation {
  firstUserId: number
  users: { id: number; username: string; email: string }[]
  roles: { id: number; name: string }[]
  groups: { id: number; name: string }[]
}

interface Snapshot {
  id: number
  username: string
  email: string
  password_hash: string
  factor: boolean
  is_active: boolean
  is_locked: boolean
  held: Permission[]
  reachable: Permission[]
  live_sessions: number
  reset_links: number
}

const LIFETIME = { ttlSeconds: 600, maxSeconds: 600, idleSeconds: 600 }
const CLIENT = { ipAddress: '127.0.0.1', userAgent: null }

let server: TestServer
let operations: Operation[]
let adminRoleId: number
let run = 0
let made = 0

beforeAll(async () => {
  server = await startServer()
  const [row] = await server.built.context.db.query<{ id: number }>(
    'SELECT id FROM roles WHERE administrator',
  )
  adminRoleId = row!.id
  operations = (await servedOperations(server)).filter(
    (operation) => operation.method !== 'GET' && operation.path.startsWith('/api/admin/'),
  )
})

afterAll(() => server?.close())

/** Role 1 manages roles and groups, and perhaps more: the delegated shape the review attacked with. */
const ROLE_MANAGER: Permission[] = ['access.manage', 'users.read']

const organisation = fc.record({
  rolePermissions: fc.tuple(
    fc.subarray([...PERMISSIONS]).map((extra) => [...new Set([...ROLE_MANAGER, ...extra])]),
    fc.subarray([...PERMISSIONS]),
    fc.subarray([...PERMISSIONS]),
  ),
  inactiveRoles: fc.subarray([1, 2, 3]),
  groupRoles: fc.array(fc.subarray([0, 1, 2, 3]), { minLength: GROUPS, maxLength: GROUPS }),
  inactiveGroups: fc.subarray([0, 1]),
  userRoles: fc.array(fc.subarray([1, 2, 3]), { minLength: USERS, maxLength: USERS }),
  userGroups: fc.array(fc.subarray([0, 1]), { minLength: USERS, maxLength: USERS }),
  withFactor: fc.subarray([0, 1, 2, 3, 4]),
})
type Initial = typeof organisation extends fc.Arbitrary<infer T> ? T : never

/** A fresh organisation: user 0 holds the administrator role, everyone of earlier runs is inactive. */
async function organise(initial: Initial): Promise<Organisation> {
  run += 1
  return server.built.context.db.transaction(async (tx) => {
    await tx.query('UPDATE users SET is_active = false')
    const users: Organisation['users'] = []
    for (let i = 0; i < USERS; i += 1) {
      const [row] = await tx.query<{ id: number; username: string; email: string }>(
        `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
         VALUES ($1, $1 || '@example.com', 'Run', $2, '', 'hash-' || $1)
         RETURNING id, username, email`,
        [`rights${run}.user${i}`, `User ${i}`],
      )
      users.push(row!)
      await createSession(tx, row!.id, LIFETIME, CLIENT)
    }
    const roles = [{ id: adminRoleId, name: 'ADMIN' }]
    for (const [i, permissions] of initial.rolePermissions.entries()) {
      const [row] = await tx.query<{ id: number; name: string }>(
        'INSERT INTO roles (name, permissions, active) VALUES ($1, $2::text[], $3) RETURNING id, name',
        [`rights${run}.role${i + 1}`, permissions, !initial.inactiveRoles.includes(i + 1)],
      )
      roles.push(row!)
    }
    const groups: Organisation['groups'] = []
    for (let i = 0; i < GROUPS; i += 1) {
      const [row] = await tx.query<{ id: number; name: string }>(
        'INSERT INTO groups (name, active) VALUES ($1, $2) RETURNING id, name',
        [`rights${run}.group${i}`, !initial.inactiveGroups.includes(i)],
      )
      groups.push(row!)
      for (const role of initial.groupRoles[i]!) {
        await tx.query('INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)', [
          row!.id,
          roles[role]!.id,
        ])
      }
    }
    const link = (table: string, column: string, userId: number, id: number) =>
      tx.query(`INSERT INTO ${table} (user_id, ${column}) VALUES ($1, $2)`, [userId, id])
    await link('user_roles', 'role_id', users[0]!.id, adminRoleId)
    for (const [i, held] of initial.userRoles.entries()) {
      for (const role of held) await link('user_roles', 'role_id', users[i]!.id, roles[role]!.id)
    }
    for (const [i, held] of initial.userGroups.entries()) {
      for (const group of held)
        await link('user_groups', 'group_id', users[i]!.id, groups[group]!.id)
    }
    for (const i of initial.withFactor) {
      await tx.query(
        "INSERT INTO second_factors (user_id, secret, confirmed_at) VALUES ($1, 'sealed', now())",
        [users[i]!.id],
      )
    }
    return { firstUserId: users[0]!.id, users, roles, groups }
  })
}

/** Everyone of this run, those its requests created included. */
async function snapshot(org: Organisation): Promise<Map<number, Snapshot>> {
  const rows = await server.built.context.db.query<Snapshot>(
    `SELECT u.id, u.username, u.email, u.password_hash, u.is_active, u.is_locked,
       EXISTS (SELECT 1 FROM second_factors f WHERE f.user_id = u.id) AS factor,
       ${userPermissions('u.id')} AS held,
       ${reachablePermissions('SELECT u.id')} AS reachable,
       (SELECT count(*) FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL
          AND s.expires_at > now())::int AS live_sessions,
       (SELECT count(*) FROM password_reset_tokens t WHERE t.user_id = u.id)::int AS reset_links
     FROM users u WHERE u.id >= $1`,
    [org.firstUserId],
  )
  return new Map(rows.map((row) => [row.id, row]))
}

/** A session of the caller's own, fresh from a sign-in (re-authenticated now). */
async function tokenOf(userId: number) {
  const { db, signingKey, config } = server.built.context
  const { sessionId } = await createSession(db, userId, LIFETIME, CLIENT)
  return signAccessToken(signingKey, { userId, sessionId }, config.accessTokenTtlSeconds)
}

/** Random choices drawn from fast-check, so that a failure shrinks and replays. */
type Draw = <T>(items: readonly T[]) => T
const subset = <T>(draw: Draw, items: readonly T[]) => items.filter(() => draw([true, false]))

/** A value for the field `name` of `schema`: the organisation's own ids and names where it takes them. */
function valueFor(
  draw: Draw,
  org: Organisation,
  name: string,
  schema: Schema | undefined,
): unknown {
  const fresh = () => `rights${run}.new${(made += 1)}`
  switch (name) {
    case 'ids':
      return [draw(org.users).id, ...subset(draw, org.users).map((user) => user.id)]
    case 'roleId':
      return draw(org.roles).id
    case 'groupId':
      return draw(org.groups).id
    case 'roleIds':
      return subset(draw, org.roles).map((role) => role.id)
    case 'groupIds':
      return subset(draw, org.groups).map((group) => group.id)
    case 'permissions':
      return subset(draw, PERMISSIONS)
    case 'name':
      return fresh()
    case 'username':
      return draw([...org.users.map((user) => user.username), fresh()])
    case 'email':
      return draw([...org.users.map((user) => user.email), `${fresh()}@example.com`])
    case 'password':
      return 'Sufficiently-long-pass-1'
    case 'firstName':
    case 'lastName':
      return 'Pat'
    case 'phoneNumber':
      return '+971 50 000 0000'
    case 'roles':
      return subset(draw, org.roles).map((role) => role.name)
    case 'groups':
      return subset(draw, org.groups).map((group) => group.name)
    case 'rows':
      return [0, 1].slice(0, draw([1, 2])).map((i) => ({
        row: i + 2,
        ...Object.fromEntries(
          ['username', 'email', 'firstName', 'roles', 'groups'].map((field) => [
            field,
            valueFor(draw, org, field, undefined),
          ]),
        ),
        ...(draw([true, false]) ? { active: draw([true, false]) } : {}),
      }))
    case 'filter':
      return undefined
  }
  if (!schema) return undefined
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return draw(schema.enum)
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) {
    const withIds = branches.find((branch) => branch.properties?.ids)
    return valueFor(draw, org, name, withIds ?? draw(branches))
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (type === 'boolean') return draw([true, false])
  if (type === 'integer' || type === 'number') return draw(org.users).id
  if (type === 'string') return 'x'
  if (type === 'array') return []
  if (type === 'object') {
    const object: Record<string, unknown> = {}
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      const required = (schema.required ?? []).includes(field)
      if (!required && field !== 'ids' && draw([true, false])) continue
      const value = valueFor(draw, org, field, property)
      if (value !== undefined) object[field] = value
    }
    return object
  }
  return undefined
}

/** The path with its parameters filled in from the organisation, by what each names. */
async function pathFor(draw: Draw, org: Organisation, path: string) {
  const userId = draw(org.users).id
  const sessions = await server.built.context.db.query<{ id: string }>(
    'SELECT id FROM sessions WHERE user_id = $1',
    [userId],
  )
  return path
    .replace(/\/users\/\{id\}/, `/users/${userId}`)
    .replace(/\/roles\/\{id\}/, `/roles/${draw(org.roles).id}`)
    .replace(/\/groups\/\{id\}/, `/groups/${draw(org.groups).id}`)
    .replace('{roleId}', String(draw(org.roles).id))
    .replace('{groupId}', String(draw(org.groups).id))
    .replace('{sessionId}', draw([...sessions.map((session) => session.id), 'none']))
}

const lacking = (held: readonly string[], wanted: readonly string[]) =>
  wanted.filter((permission) => !held.includes(permission))

/** What the caller could not have taken from `before` to make `after`, described; none when fair. */
function takenFromAbove(before: Snapshot, after: Snapshot | undefined): string[] {
  if (!after) return ['the account itself']
  const taken: string[] = []
  if (lacking(after.held, before.held).length > 0) taken.push('a permission held')
  if (lacking(after.reachable, before.reachable).length > 0) taken.push('a permission reachable')
  for (const field of ['username', 'email', 'password_hash', 'factor'] as const) {
    if (before[field] !== after[field]) taken.push(field)
  }
  if (before.is_active && !after.is_active) taken.push('being active')
  if (!before.is_locked && after.is_locked) taken.push('being unlocked')
  if (after.live_sessions < before.live_sessions) taken.push('a session')
  if (after.reset_links > before.reset_links) taken.push('a reset link sent')
  return taken
}

test(`every route of the table holds the rule, over ${NUM_RUNS} random organisations`, async () => {
  const sent = new Map<string, number>()
  const accepted = new Map<string, number>()
  await fc.assert(
    fc.asyncProperty(
      organisation,
      fc.array(
        fc.tuple(fc.nat(USERS - 1), fc.nat(operations.length - 1), fc.infiniteStream(fc.nat())),
        {
          minLength: 1,
          maxLength: STEPS,
        },
      ),
      async (initial, steps) => {
        const org = await organise(initial)
        let before = await snapshot(org)
        for (const [actorIndex, operationIndex, choices] of steps) {
          const numbers = choices[Symbol.iterator]()
          const draw: Draw = (items) => items[numbers.next().value % items.length]!
          const actor = before.get(org.users[actorIndex]!.id)!
          const operation = operations[operationIndex]!
          const url = await pathFor(draw, org, operation.path)
          const payload = operation.body ? valueFor(draw, org, '', operation.body) : undefined
          const reply = await server.built.app.inject({
            method: operation.method,
            url,
            headers: { authorization: `Bearer ${await tokenOf(actor.id)}` },
            ...(payload !== undefined ? { payload: payload as object } : {}),
          })
          const request = `${actor.username} ${operation.method} ${url} ${JSON.stringify(payload)}`
          expect(reply.statusCode, `${request}: ${reply.body}`).toBeLessThan(500)
          sent.set(operation.operationId, (sent.get(operation.operationId) ?? 0) + 1)
          const after = await snapshot(org)
          if (reply.statusCode < 300) {
            accepted.set(operation.operationId, (accepted.get(operation.operationId) ?? 0) + 1)
          }
          for (const [id, now] of after) {
            const was = before.get(id)
            const gained = lacking(was?.reachable ?? [], now.reachable)
            expect(lacking(actor.held, gained), `user ${id} gained after ${request}`).toEqual([])
            if (!was || id === actor.id || lacking(actor.held, was.reachable).length === 0) continue
            expect(takenFromAbove(was, now), `user ${id} after ${request}`).toEqual([])
          }
          const administrators = [...after.values()].filter(
            (user) =>
              user.is_active && !user.is_locked && lacking(user.held, PERMISSIONS).length === 0,
          )
          expect(administrators.length, `after ${request}`).toBeGreaterThan(0)
          before = after
        }
      },
    ),
    {
      numRuns: NUM_RUNS,
      ...(process.env.RIGHTS_SEED ? { seed: Number(process.env.RIGHTS_SEED) } : {}),
    },
  )
  console.info(
    'rights property: sent and accepted per operation',
    Object.fromEntries(
      operations.map(({ operationId }) => [
        operationId,
        `${accepted.get(operationId) ?? 0}/${sent.get(operationId) ?? 0}`,
      ]),
    ),
  )
  // Every changing route of the table was sent; most were accepted some of the time.
  expect(operations.length).toBeGreaterThanOrEqual(25)
}, 240_000)
