import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  EFFECT_ENDPOINTS,
  EFFECT_FIRST_NAMES,
  EFFECT_OPERATIONS,
  PERMISSIONS,
  pathParameters,
  pathTo,
  type Effect,
  type EffectOperation,
  type Permission,
} from '@shared/contract'
import { createSession } from '../../server/src/auth/sessions'
import { signAccessToken } from '../../server/src/auth/tokens'
import { userPermissions } from '../../server/src/db/permissions'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 57, acceptance: over random organisations (roles of random permissions, groups, links
 * and memberships, some of them inactive) and a random change of each kind the console previews,
 * sent by a random caller (the administrator, or a delegated one who may be refused), the
 * effect the server previews is what the change then does: the same users gain and lose the
 * same permissions, counted and named alike; a change refused is refused by its preview with
 * the same answer (to a caller holding users.read, which the preview needs of its own); and the
 * preview changes nothing, the audit log included.
 */

const USERS = 6
const ROLES = 3
const GROUPS = 2
const NUM_RUNS = Number(process.env.EFFECT_RUNS ?? 42)

const LIFETIME = { ttlSeconds: 600, maxSeconds: 600, idleSeconds: 600 }
const CLIENT = { ipAddress: '127.0.0.1', userAgent: null }

interface Organisation {
  users: { id: number; username: string }[]
  roles: { id: number; name: string }[]
  groups: { id: number; name: string }[]
}

let server: TestServer
let adminRoleId: number
let run = 0

beforeAll(async () => {
  server = await startServer()
  const [row] = await server.built.context.db.query<{ id: number }>(
    'SELECT id FROM roles WHERE administrator',
  )
  adminRoleId = row!.id
})

afterAll(() => server?.close())

const organisation = fc.record({
  rolePermissions: fc.array(fc.subarray([...PERMISSIONS]), {
    minLength: ROLES,
    maxLength: ROLES,
  }),
  inactiveRoles: fc.subarray([1, 2, 3]),
  groupRoles: fc.array(fc.subarray([0, 1, 2, 3]), { minLength: GROUPS, maxLength: GROUPS }),
  inactiveGroups: fc.subarray([0, 1]),
  userRoles: fc.array(fc.subarray([1, 2, 3]), { minLength: USERS, maxLength: USERS }),
  userGroups: fc.array(fc.subarray([0, 1]), { minLength: USERS, maxLength: USERS }),
})
type Initial = typeof organisation extends fc.Arbitrary<infer T> ? T : never

/** A fresh organisation; user 0 holds the administrator role, as every run's user 0 does. */
function organise(initial: Initial): Promise<Organisation> {
  run += 1
  return server.built.context.db.transaction(async (tx) => {
    const users: Organisation['users'] = []
    for (let i = 0; i < USERS; i += 1) {
      const [row] = await tx.query<{ id: number; username: string }>(
        `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
         VALUES ($1, $1 || '@example.com', 'Run', $2, '', 'hash-' || $1) RETURNING id, username`,
        [`effect${run}.user${i}`, `User ${i}`],
      )
      users.push(row!)
    }
    const roles = [{ id: adminRoleId, name: 'ADMIN' }]
    for (const [i, permissions] of initial.rolePermissions.entries()) {
      const [row] = await tx.query<{ id: number; name: string }>(
        'INSERT INTO roles (name, permissions, active) VALUES ($1, $2::text[], $3) RETURNING id, name',
        [`effect${run}.role${i + 1}`, permissions, !initial.inactiveRoles.includes(i + 1)],
      )
      roles.push(row!)
    }
    const groups: Organisation['groups'] = []
    for (let i = 0; i < GROUPS; i += 1) {
      const [row] = await tx.query<{ id: number; name: string }>(
        'INSERT INTO groups (name, active) VALUES ($1, $2) RETURNING id, name',
        [`effect${run}.group${i}`, !initial.inactiveGroups.includes(i)],
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
    return { users, roles, groups }
  })
}

/** What every user of the database holds now, and their usernames. */
async function holdings() {
  const rows = await server.built.context.db.query<{
    id: number
    username: string
    held: Permission[]
  }>(`SELECT u.id, u.username, ${userPermissions('u.id')} AS held FROM users u`)
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Every table a change could touch, and the audit log's records of changes: those of refused
 * calls (access.denied, session.reauth_required) are written for a preview refused as for any
 * other refused call.
 */
async function fingerprint(): Promise<string> {
  const tables = [
    'users',
    'roles',
    'groups',
    'group_roles',
    'user_roles',
    'user_groups',
    'user_role_grant',
    "audit_log WHERE action NOT IN ('access.denied', 'session.reauth_required')",
  ]
  const parts = await Promise.all(
    tables.map(async (table) => {
      const [row] = await server.built.context.db.query<{ digest: string }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
         FROM (SELECT * FROM ${table}) t`,
      )
      return `${table}:${row!.digest}`
    }),
  )
  return parts.join(' ')
}

/** By lower-cased username, byte by byte, as the server names them. */
const byUsername = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()]
  return x < y ? -1 : x > y ? 1 : 0
}

/** The effect of a change as measured from the outside: before against after, for everyone. */
function measured(
  before: Awaited<ReturnType<typeof holdings>>,
  after: Awaited<ReturnType<typeof holdings>>,
) {
  const moves = { gains: new Map<string, number[]>(), losses: new Map<string, number[]>() }
  const reached = new Set<number>()
  for (const [id, now] of after) {
    const was = before.get(id)?.held ?? []
    const note = (way: Map<string, number[]>, permission: string) => {
      way.set(permission, [...(way.get(permission) ?? []), id])
      reached.add(id)
    }
    for (const permission of now.held) if (!was.includes(permission)) note(moves.gains, permission)
    for (const permission of was) if (!now.held.includes(permission)) note(moves.losses, permission)
  }
  const named = (way: Map<string, number[]>) =>
    [...way.keys()].sort().map((permission) => {
      const ids = way.get(permission)!
      const first = ids
        .map((id) => ({ id, username: after.get(id)!.username }))
        .sort((a, b) => byUsername(a.username, b.username) || a.id - b.id)
        .slice(0, EFFECT_FIRST_NAMES)
      return { permission, users: ids.length, first }
    })
  return { users: reached.size, gains: named(moves.gains), losses: named(moves.losses) }
}

type Draw = <T>(items: readonly T[]) => T
const subset = <T>(draw: Draw, items: readonly T[]) => items.filter(() => draw([true, false]))

/** A random change of the kind `operation`, over the organisation's own users, roles and groups. */
function changeOf(draw: Draw, org: Organisation, operation: EffectOperation) {
  const user = () => draw(org.users).id
  const roleIds = () => subset(draw, org.roles).map((role) => role.id)
  const groupIds = () => subset(draw, org.groups).map((group) => group.id)
  const users = () => [user(), ...subset(draw, org.users).map((each) => each.id)]
  const permissions = () => subset(draw, PERMISSIONS)
  const role = draw(org.roles)
  const group = draw(org.groups)
  const inputs: Record<EffectOperation, Record<string, unknown>> = {
    createRole: { name: `effect${run}.new`, groupIds: groupIds(), permissions: permissions() },
    updateRole: {
      id: role.id,
      name: role.name,
      ...(draw([true, false]) && { groupIds: groupIds() }),
      ...(draw([true, false]) && { permissions: permissions() }),
    },
    activateRole: { id: role.id },
    deactivateRole: { id: role.id },
    updateGroup: { id: group.id, name: group.name, roleIds: roleIds() },
    activateGroup: { id: group.id },
    deactivateGroup: { id: group.id },
    addUserRole: { id: user(), roleId: role.id },
    removeUserRole: { id: user(), roleId: role.id },
    addUserGroup: { id: user(), groupId: group.id },
    removeUserGroup: { id: user(), groupId: group.id },
    bulkAssignRole: { ids: users(), roleId: role.id },
    bulkAddToGroup: { ids: users(), groupId: group.id },
    bulkRemoveFromGroup: { ids: users(), groupId: group.id },
  }
  const input = inputs[operation]
  const endpoint = EFFECT_ENDPOINTS[operation]
  const inPath = pathParameters(endpoint.path)
  const body = Object.fromEntries(Object.entries(input).filter(([key]) => !inPath.includes(key)))
  const params = Object.fromEntries(inPath.map((key) => [key, String(input[key])]))
  return {
    real: { method: endpoint.method, url: pathTo(endpoint, input), body },
    preview: {
      changes: [
        {
          operation,
          ...(inPath.length > 0 && { params }),
          ...('body' in endpoint && { body }),
        },
      ],
    },
  }
}

/** A session of the caller's own, fresh from a sign-in (re-authenticated now). */
async function tokenOf(userId: number) {
  const { db, signingKey, config } = server.built.context
  const { sessionId } = await createSession(db, userId, LIFETIME, CLIENT)
  return signAccessToken(signingKey, { userId, sessionId }, config.accessTokenTtlSeconds)
}

const send = (token: string, method: string, url: string, body?: object) =>
  server.built.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined && method !== 'DELETE' ? { payload: body } : {}),
  })

/** One change previewed, then made: the preview must be what it does, and change nothing. */
async function previewThenMake(
  org: Organisation,
  operation: EffectOperation,
  callerId: number,
  draw: Draw,
): Promise<'made' | 'refused'> {
  const token = await tokenOf(callerId)
  const change = changeOf(draw, org, operation)
  const before = await holdings()
  const unchanged = await fingerprint()
  const preview = await send(token, 'POST', '/api/admin/effects', change.preview)
  expect(preview.statusCode, preview.body).toBeLessThan(500)
  expect(await fingerprint(), 'the preview changed nothing').toBe(unchanged)
  const held = before.get(callerId)!.held
  // (Holding nothing at all, the preview is refused as the change is: not an administrator.)
  if (held.length > 0 && !held.includes('users.read')) {
    // It names users and what they hold: users.read first, whatever the change needs.
    expect(preview.statusCode).toBe(403)
    expect(preview.json().message).toBe('The users.read permission is required for this action.')
    return 'refused'
  }

  const real = await send(token, change.real.method, change.real.url, change.real.body)
  const request = `${operation} by ${callerId} ${JSON.stringify(change.real)}`
  if (preview.statusCode >= 300) {
    // Refused: the change itself is refused alike, and nothing changes.
    expect({ status: real.statusCode, body: real.json() }, request).toEqual({
      status: preview.statusCode,
      body: preview.json(),
    })
    expect(await fingerprint()).toBe(unchanged)
    return 'refused'
  }
  expect(real.statusCode, `${request}: ${real.body}`).toBeLessThan(300)
  const refused = operation.startsWith('bulk')
    ? { refused: real.json<{ failed: number }>().failed }
    : {}
  expect(preview.json<Effect>(), request).toEqual({
    ...measured(before, await holdings()),
    ...refused,
  })
  return 'made'
}

test(`the preview of each kind of change is what it does, over ${NUM_RUNS} random organisations`, async () => {
  const made = new Set<EffectOperation>()
  await fc.assert(
    fc.asyncProperty(
      organisation,
      fc.array(fc.tuple(fc.constantFrom(...EFFECT_OPERATIONS), fc.nat(USERS - 1)), {
        minLength: 1,
        maxLength: 2,
      }),
      fc.infiniteStream(fc.nat()),
      async (initial, steps, choices) => {
        const numbers = choices[Symbol.iterator]()
        const draw: Draw = (items) => items[numbers.next().value % items.length]!
        const org = await organise(initial)
        // Each kind in turn by the administrator, then random ones by anyone.
        const first = EFFECT_OPERATIONS[run % EFFECT_OPERATIONS.length]!
        for (const [operation, caller] of [[first, 0] as const, ...steps]) {
          const outcome = await previewThenMake(org, operation, org.users[caller]!.id, draw)
          if (outcome === 'made') made.add(operation)
        }
      },
    ),
    { numRuns: NUM_RUNS },
  )
  expect(EFFECT_OPERATIONS.filter((operation) => !made.has(operation))).toEqual([])
}, 300_000)
