import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSession } from '../../server/src/auth/sessions'
import { signAccessToken } from '../../server/src/auth/tokens'
import { userPermissions } from '../../server/src/db/permissions'
import { PERMISSIONS, type Permission } from '@shared/contract'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 29, acceptance: random sequences of role, group, permission and assignment changes by
 * random actors of a small organisation, sent to the real routes. After every step no user
 * holds a permission that no actor who changed their access held, and some active, unlocked
 * user of the organisation holds every permission. Each run starts a fresh organisation in the
 * same database; everyone of earlier runs is deactivated, so only this one's users count.
 */

const USERS = 4
/** Role 0 is the administrator role; 1..3 are the run's own. */
const ROLES = 4
const GROUPS = 2
const NUM_RUNS = Number(process.env.DELEGATION_RUNS ?? 40)

let server: TestServer
let adminRoleId: number
let run = 0
let extraRoles = 0

beforeAll(async () => {
  server = await startServer()
  const [row] = await server.built.context.db.query<{ id: number }>(
    `SELECT id FROM roles WHERE name = 'ADMIN'`,
  )
  adminRoleId = row!.id
})

afterAll(() => server?.close())

const permissionSet = fc.subarray([...PERMISSIONS])
const userIndex = fc.nat(USERS - 1)
const roleIndex = fc.nat(ROLES - 1)
const groupIndex = fc.nat(GROUPS - 1)

const initialState = fc.record({
  rolePermissions: fc.tuple(permissionSet, permissionSet, permissionSet),
  groupRoles: fc.array(fc.subarray([0, 1, 2, 3]), { minLength: GROUPS, maxLength: GROUPS }),
  userRoles: fc.array(fc.subarray([1, 2, 3]), { minLength: USERS, maxLength: USERS }),
  userGroups: fc.array(fc.subarray([0, 1]), { minLength: USERS, maxLength: USERS }),
})

const step = fc.oneof(
  fc.record({
    kind: fc.constant('rolePermissions' as const),
    actor: userIndex,
    role: roleIndex,
    permissions: permissionSet,
  }),
  fc.record({
    kind: fc.constant('createRole' as const),
    actor: userIndex,
    permissions: permissionSet,
    groups: fc.subarray([0, 1]),
  }),
  fc.record({
    kind: fc.constant('groupRoles' as const),
    actor: userIndex,
    group: groupIndex,
    roles: fc.subarray([0, 1, 2, 3]),
  }),
  fc.record({
    kind: fc.constant('roleGroups' as const),
    actor: userIndex,
    role: roleIndex,
    groups: fc.subarray([0, 1]),
  }),
  fc.record({
    kind: fc.constant('activeness' as const),
    actor: userIndex,
    side: fc.constantFrom('roles', 'groups'),
    index: fc.nat(ROLES - 1),
    verb: fc.constantFrom('activate', 'deactivate'),
  }),
  fc.record({
    kind: fc.constant('assignment' as const),
    actor: userIndex,
    user: userIndex,
    side: fc.constantFrom('roles', 'groups'),
    index: fc.nat(ROLES - 1),
    verb: fc.constantFrom('PUT', 'DELETE'),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    actor: userIndex,
    user: userIndex,
    verb: fc.constantFrom('lock', 'unlock', 'activate', 'deactivate'),
  }),
  fc.record({
    kind: fc.constant('bulk' as const),
    actor: userIndex,
    users: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
    action: fc.constantFrom('assign-role', 'add-to-group', 'remove-from-group'),
    index: fc.nat(ROLES - 1),
  }),
)
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never

interface Organisation {
  users: number[]
  roles: number[]
  groups: number[]
}

/** A fresh organisation: user 0 holds the administrator role, the rest is as generated. */
async function organise(initial: typeof initialState extends fc.Arbitrary<infer T> ? T : never) {
  const { db } = server.built.context
  run += 1
  return db.transaction(async (tx) => {
    await tx.query('UPDATE users SET is_active = false')
    await tx.query('UPDATE roles SET active = true WHERE id = $1', [adminRoleId])
    const users: number[] = []
    for (let i = 0; i < USERS; i += 1) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
         VALUES ($1, $1 || '@example.com', 'Run', $2, '', 'not-a-hash') RETURNING id`,
        [`run${run}.user${i}`, `User ${i}`],
      )
      users.push(row!.id)
    }
    const roles = [adminRoleId]
    for (const [i, permissions] of initial.rolePermissions.entries()) {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO roles (name, permissions) VALUES ($1, $2::text[]) RETURNING id',
        [`run${run}.role${i + 1}`, permissions],
      )
      roles.push(row!.id)
    }
    const groups: number[] = []
    for (let i = 0; i < GROUPS; i += 1) {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO groups (name) VALUES ($1) RETURNING id',
        [`run${run}.group${i}`],
      )
      groups.push(row!.id)
      for (const role of initial.groupRoles[i]!) {
        await tx.query('INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)', [
          row!.id,
          roles[role],
        ])
      }
    }
    await tx.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [
      users[0],
      adminRoleId,
    ])
    for (const [i, held] of initial.userRoles.entries()) {
      for (const role of held) {
        await tx.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [
          users[i],
          roles[role],
        ])
      }
    }
    for (const [i, held] of initial.userGroups.entries()) {
      for (const group of held) {
        await tx.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [
          users[i],
          groups[group],
        ])
      }
    }
    return { users, roles, groups }
  })
}

/** What each user of the organisation holds now, and whether they can sign in. */
async function holdings(org: Organisation) {
  const rows = await server.built.context.db.query<{
    id: number
    active: boolean
    permissions: Permission[]
  }>(
    `SELECT u.id, u.is_active AND NOT u.is_locked AS active, ${userPermissions('u.id')} AS permissions
     FROM users u WHERE u.id = ANY($1::int[])`,
    [org.users],
  )
  return new Map(rows.map((row) => [row.id, row]))
}

/** A fresh access token of the actor: a session of their own, made as sign-in would. */
async function tokenOf(userId: number) {
  const { db, signingKey, config } = server.built.context
  const { sessionId } = await createSession(
    db,
    userId,
    { ttlSeconds: 600, maxSeconds: 600, idleSeconds: 600 },
    { ipAddress: '127.0.0.1', userAgent: null },
  )
  return signAccessToken(signingKey, { userId, sessionId }, config.accessTokenTtlSeconds)
}

/** The request a step makes; a step naming nothing sensible still goes out, to be refused. */
function requestOf(s: Step, org: Organisation): { method: string; url: string; payload?: object } {
  const name = (side: 'roles' | 'groups', id: number) => `${side}-${id}-r${run}`
  switch (s.kind) {
    case 'rolePermissions':
      return {
        method: 'PUT',
        url: `/api/admin/roles/${org.roles[s.role]}`,
        payload: {
          name: s.role === 0 ? 'ADMIN' : name('roles', org.roles[s.role]!),
          permissions: s.permissions,
        },
      }
    case 'createRole':
      return {
        method: 'POST',
        url: '/api/admin/roles',
        payload: {
          name: `extra-${(extraRoles += 1)}`,
          permissions: s.permissions,
          groupIds: s.groups.map((group) => org.groups[group]),
        },
      }
    case 'groupRoles':
      return {
        method: 'PUT',
        url: `/api/admin/groups/${org.groups[s.group]}`,
        payload: {
          name: name('groups', org.groups[s.group]!),
          roleIds: s.roles.map((role) => org.roles[role]),
        },
      }
    case 'roleGroups':
      return {
        method: 'PUT',
        url: `/api/admin/roles/${org.roles[s.role]}`,
        payload: {
          name: s.role === 0 ? 'ADMIN' : name('roles', org.roles[s.role]!),
          groupIds: s.groups.map((group) => org.groups[group]),
        },
      }
    case 'activeness': {
      const ids = s.side === 'roles' ? org.roles : org.groups
      return { method: 'POST', url: `/api/admin/${s.side}/${ids[s.index % ids.length]}/${s.verb}` }
    }
    case 'assignment': {
      const ids = s.side === 'roles' ? org.roles : org.groups
      return {
        method: s.verb,
        url: `/api/admin/users/${org.users[s.user]}/${s.side}/${ids[s.index % ids.length]}`,
      }
    }
    case 'status':
      return { method: 'PUT', url: `/api/admin/users/${org.users[s.user]}/${s.verb}` }
    case 'bulk': {
      const field = s.action === 'assign-role' ? 'roleId' : 'groupId'
      const ids = s.action === 'assign-role' ? org.roles : org.groups
      return {
        method: 'POST',
        url: `/api/admin/users/bulk/${s.action}`,
        payload: {
          ids: s.users.map((user) => org.users[user]),
          [field]: ids[s.index % ids.length],
        },
      }
    }
  }
}

test(`no escalation and an administrator always remains, over ${NUM_RUNS} random runs`, async () => {
  await fc.assert(
    fc.asyncProperty(
      initialState,
      fc.array(step, { minLength: 1, maxLength: 12 }),
      async (initial, steps) => {
        const org = await organise(initial)
        // Per user: every permission someone who changed their access held, and their own at first.
        const vouched = new Map<number, Set<Permission>>()
        let before = await holdings(org)
        for (const [id, held] of before) vouched.set(id, new Set(held.permissions))
        for (const s of steps) {
          const actorId = org.users[s.actor]!
          const actor = before.get(actorId)!
          const request = requestOf(s, org)
          const reply = await server.built.app.inject({
            ...request,
            headers: { authorization: `Bearer ${await tokenOf(actorId)}` },
          })
          expect(reply.statusCode, reply.body).toBeLessThan(500)
          const after = await holdings(org)
          for (const [id, now] of after) {
            const was = before.get(id)!.permissions
            if (now.permissions.join() !== was.join()) {
              for (const permission of actor.permissions) vouched.get(id)!.add(permission)
            }
            const unvouched = now.permissions.filter((p) => !vouched.get(id)!.has(p))
            expect(unvouched, `user ${id} after ${JSON.stringify(request)}`).toEqual([])
          }
          const administrators = [...after.values()].filter(
            (user) => user.active && PERMISSIONS.every((p) => user.permissions.includes(p)),
          )
          expect(administrators.length, `after ${JSON.stringify(request)}`).toBeGreaterThan(0)
          before = after
        }
      },
    ),
    {
      numRuns: NUM_RUNS,
      ...(process.env.DELEGATION_SEED ? { seed: Number(process.env.DELEGATION_SEED) } : {}),
    },
  )
}, 120_000)
