import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type User } from '@shared/contract'
import { REAUTH_WINDOW_SECONDS } from '../../server/src/auth/reauth'
import { SECOND_STEP_ACCOUNT_CEILING } from '../../server/src/db/second-step-failures'
import { postFrom } from './support/addresses'
import { codeOf, enrol, STEP_MS } from './support/second-factor'
import { ADMIN, startServer, type Grant, type TestServer } from './support/server'

/**
 * Every action the server audits, done once through the API and its row checked whole: who
 * (actor), to what (target), and `changes`. The table is keyed by the server's own list of
 * actions (AUDIT_ACTIONS, the type of writeAudit's action), so an action the server can write
 * and this table leaves out fails the typecheck and the first test.
 */

const MAX_FAILURES = 3

let server: TestServer
let admin: string
let root: { id: number; username: string }

beforeAll(async () => {
  server = await startServer({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) })
  admin = await server.token()
  const me = (await server.request('GET', '/auth/me', { token: admin })).body
  root = { id: me.id, username: me.username }
})
afterAll(() => server?.close())

let counter = 0
const unique = (prefix: string) => `${prefix} ${++counter}`

async function ok(method: string, path: string, body?: unknown, token = admin) {
  const reply = await server.request(method, path, { token, body })
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300)
  return reply.body
}

/** A member signed in: the user, its password, and its grant. */
const signedIn = () => server.signedInMember(admin)

const actorOf = (user: User) => ({ id: user.id, username: user.username })

/** The row an action must have written. */
interface Expected {
  actor: { id: number; username: string } | null
  targetType: string
  targetId: string | null
  changes: Record<string, unknown>
}

interface AuditCase {
  /** How the action is done. */
  way: string
  /** Written when the server starts, before any test: looked for from the first entry on. */
  atStart?: boolean
  /** Does it, answering the row it must have written. */
  perform: () => Promise<Expected>
}

/** A role or group, created; the other side's links given by name. */
const createAccess = (table: 'roles' | 'groups', links: number[] = []) =>
  ok('POST', `/api/admin/${table}`, {
    name: unique(table === 'roles' ? 'Role' : 'Group'),
    [table === 'roles' ? 'groupIds' : 'roleIds']: links,
  }) as Promise<{ id: number; name: string }>

/** The cases of one side (roles or groups): create, update, deactivate, activate. */
function accessCases(noun: 'role' | 'group') {
  const table = noun === 'role' ? 'roles' : 'groups'
  const otherTable = noun === 'role' ? 'groups' : 'roles'
  const other = noun === 'role' ? 'groups' : 'roles'
  const linkField = noun === 'role' ? 'groupIds' : 'roleIds'
  const row = (id: number, changes: Record<string, unknown>): Expected => ({
    actor: root,
    targetType: noun,
    targetId: String(id),
    changes,
  })
  return {
    [`${noun}.create`]: [
      {
        way: `POST /api/admin/${table}`,
        async perform() {
          const linked = await createAccess(otherTable)
          const created = await createAccess(table, [linked.id])
          return row(created.id, {
            name: created.name,
            [other]: [linked.name],
            // A role's permissions (issue 29): none when the request names none.
            ...(noun === 'role' ? { permissions: [] } : {}),
          })
        },
      },
    ],
    [`${noun}.update`]: [
      {
        way: `PUT /api/admin/${table}/{id}, renamed and linked`,
        async perform() {
          const linked = await createAccess(otherTable)
          const created = await createAccess(table)
          const name = unique('Renamed')
          await ok('PUT', `/api/admin/${table}/${created.id}`, { name, [linkField]: [linked.id] })
          return row(created.id, {
            name: { from: created.name, to: name },
            [other]: { from: [], to: [linked.name] },
          })
        },
      },
    ],
    [`${noun}.deactivate`]: [
      {
        way: `POST /api/admin/${table}/{id}/deactivate`,
        async perform() {
          const created = await createAccess(table)
          await ok('POST', `/api/admin/${table}/${created.id}/deactivate`)
          return row(created.id, { active: { from: true, to: false } })
        },
      },
    ],
    [`${noun}.activate`]: [
      {
        way: `POST /api/admin/${table}/{id}/activate`,
        async perform() {
          const created = await createAccess(table)
          await ok('POST', `/api/admin/${table}/${created.id}/deactivate`)
          await ok('POST', `/api/admin/${table}/${created.id}/activate`)
          return row(created.id, { active: { from: false, to: true } })
        },
      },
    ],
  } as Record<`${typeof noun}.${'create' | 'update' | 'deactivate' | 'activate'}`, AuditCase[]>
}

/** The cases of a user's status: the action is done after `first` (to have something to undo). */
function statusCase(path: string, first: string | null, changes: Record<string, unknown>) {
  return [
    {
      way: `PUT /api/admin/users/{id}/${path}`,
      async perform(): Promise<Expected> {
        const user = await server.createUser(admin)
        if (first) await ok('PUT', `/api/admin/users/${user.id}/${first}`)
        await ok('PUT', `/api/admin/users/${user.id}/${path}`)
        return { actor: root, targetType: 'user', targetId: String(user.id), changes }
      },
    },
  ]
}

/** Giving a user a role or group, or taking it away. */
function accessOfUserCase(noun: 'role' | 'group', change: 'add' | 'remove') {
  const table = noun === 'role' ? 'roles' : 'groups'
  return [
    {
      way: `${change === 'add' ? 'PUT' : 'DELETE'} /api/admin/users/{id}/${table}/{${noun}Id}`,
      async perform(): Promise<Expected> {
        const user = await server.createUser(admin)
        const target = await createAccess(table)
        await ok('PUT', `/api/admin/users/${user.id}/${table}/${target.id}`)
        if (change === 'remove')
          await ok('DELETE', `/api/admin/users/${user.id}/${table}/${target.id}`)
        return {
          actor: root,
          targetType: 'user',
          targetId: String(user.id),
          changes: { [noun]: { id: target.id, name: target.name } },
        }
      },
    },
  ]
}

/** Giving a user a role or group for a while (issue 57): its end changed, or reached. */
function grantEndCases(noun: 'role' | 'group') {
  const table = noun === 'role' ? 'roles' : 'groups'
  const grant = async () => {
    const user = await server.createUser(admin)
    const target = await createAccess(table)
    const until = new Date(server.clock.now() + 3_600_000).toISOString()
    await ok('PUT', `/api/admin/users/${user.id}/${noun}-grants/${target.id}`, {
      until,
      reason: 'Cover for a colleague',
    })
    return { user, target, until }
  }
  return {
    [`user.${noun}_end_change`]: [
      {
        way: `PUT /api/admin/users/{id}/${noun}-grants/{${noun}Id} of one held`,
        async perform(): Promise<Expected> {
          const { user, target, until } = await grant()
          const later = new Date(server.clock.now() + 7_200_000).toISOString()
          await ok('PUT', `/api/admin/users/${user.id}/${noun}-grants/${target.id}`, {
            until: later,
            reason: 'Cover for a colleague',
          })
          return {
            actor: root,
            targetType: 'user',
            targetId: String(user.id),
            changes: {
              [noun]: { id: target.id, name: target.name },
              until: { from: until, to: later },
              reason: 'Cover for a colleague',
            },
          }
        },
      },
    ],
    [`user.${noun}_expire`]: [
      {
        way: 'the job that ends grants, once its end has passed',
        async perform(): Promise<Expected> {
          const { user, target } = await grant()
          // Its end passed without moving the clock, which the other cases' tokens rely on.
          const [ended] = await server.built.context.db.query<{ until: string }>(
            `UPDATE user_${table} SET ends_at = now() - interval '1 second'
             WHERE user_id = $1 RETURNING to_char(ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS until`,
            [user.id],
          )
          await server.built.context.grantEnder.run()
          return {
            actor: null,
            targetType: 'user',
            targetId: String(user.id),
            changes: {
              [noun]: { id: target.id, name: target.name },
              until: ended!.until,
              reason: 'Cover for a colleague',
            },
          }
        },
      },
    ],
  } as Record<`user.${typeof noun}_${'end_change' | 'expire'}`, AuditCase[]>
}

const userRow = (actor: Expected['actor'], user: User, changes = {}): Expected => ({
  actor,
  targetType: 'user',
  targetId: String(user.id),
  changes,
})

const AUDITED: Record<AuditAction, AuditCase[]> = {
  'access.denied': [
    {
      way: 'a member calls an administrator route',
      async perform() {
        const { user, grant } = await signedIn()
        const reply = await server.request('GET', '/api/admin/users', { token: grant.accessToken })
        expect(reply.status).toBe(403)
        return {
          actor: actorOf(user),
          targetType: 'route',
          targetId: 'GET /api/admin/users',
          changes: {},
        }
      },
    },
  ],
  'audit.test_event': [
    {
      way: 'POST /api/admin/audit/test-event',
      async perform() {
        await ok('POST', '/api/admin/audit/test-event')
        return { actor: root, targetType: 'route', targetId: 'audit sinks', changes: {} }
      },
    },
  ],
  ...accessCases('group'),
  ...accessCases('role'),
  'session.login': [
    {
      way: 'POST /auth/login',
      async perform() {
        const { user, grant } = await signedIn()
        return {
          actor: actorOf(user),
          targetType: 'session',
          targetId: grant.sessionId,
          changes: {},
        }
      },
    },
  ],
  'session.login_failed': [
    {
      way: 'POST /auth/login with a wrong password',
      async perform() {
        const { user } = await server.member(admin)
        expect((await server.login(user.username, 'not-the-password')).status).toBe(401)
        return userRow(null, user, { username: user.username, address: '127.0.0.1' })
      },
    },
  ],
  'session.logout': [
    {
      way: 'POST /auth/logout',
      async perform() {
        const { user, grant } = await signedIn()
        await ok('POST', '/auth/logout', undefined, grant.accessToken)
        return {
          actor: actorOf(user),
          targetType: 'session',
          targetId: grant.sessionId,
          changes: {},
        }
      },
    },
  ],
  'session.password_change_required': [
    {
      way: 'POST /auth/login with a temporary password',
      async perform() {
        const { user } = await server.member(admin)
        const { temporaryPassword } = await ok(
          'POST',
          `/api/admin/users/${user.id}/temporary-password`,
        )
        expect((await server.login(user.username, temporaryPassword)).status).toBe(403)
        return userRow(actorOf(user), user, { address: '127.0.0.1' })
      },
    },
  ],
  'session.reauth': [
    {
      way: 'POST /auth/reauth',
      async perform() {
        const { user, password, grant } = await signedIn()
        await ok('POST', '/auth/reauth', { password }, grant.accessToken)
        return {
          actor: actorOf(user),
          targetType: 'session',
          targetId: grant.sessionId,
          changes: {},
        }
      },
    },
  ],
  'session.reauth_failed': [
    {
      way: 'POST /auth/reauth with a wrong password',
      async perform() {
        const { user, grant } = await signedIn()
        const reply = await server.request('POST', '/auth/reauth', {
          token: grant.accessToken,
          body: { password: 'not-the-password' },
        })
        expect(reply.status).toBe(400)
        return {
          actor: actorOf(user),
          targetType: 'session',
          targetId: grant.sessionId,
          changes: { address: '127.0.0.1' },
        }
      },
    },
  ],
  'session.reauth_required': [
    {
      way: 'a temporary password for an administrator, signed in over 5 minutes ago',
      async perform() {
        const { user: administrator } = await server.member(admin)
        const roles = (await ok('GET', '/api/admin/roles')).content as {
          id: number
          name: string
        }[]
        const adminRole = roles.find((found) => found.name === 'ADMIN')!
        await ok('PUT', `/api/admin/users/${administrator.id}/roles/${adminRole.id}`)
        const grant = (await server.login(ADMIN.username, ADMIN.password)).body as Grant
        await server.built.context.db.query(
          'UPDATE sessions SET reauthenticated_at = now() - make_interval(secs => $2) WHERE id = $1',
          [grant.sessionId, REAUTH_WINDOW_SECONDS + 1],
        )
        const reply = await server.request(
          'POST',
          `/api/admin/users/${administrator.id}/temporary-password`,
          { token: grant.accessToken },
        )
        expect(reply.status).toBe(403)
        return {
          actor: root,
          targetType: 'route',
          targetId: 'POST /api/admin/users/:id/temporary-password',
          changes: {},
        }
      },
    },
  ],
  'session.refresh_reuse': [
    {
      way: 'POST /auth/refresh with a token two rotations old',
      async perform() {
        const { user, grant } = await signedIn()
        const refresh = (refreshToken: string) =>
          server.request('POST', '/auth/refresh', { body: { refreshToken } })
        const first = (await refresh(grant.refreshToken)).body.response.refreshToken
        expect((await refresh(first)).status).toBe(200)
        expect((await refresh(grant.refreshToken)).status).toBe(401)
        return {
          actor: null,
          targetType: 'session',
          targetId: grant.sessionId,
          changes: { userId: user.id },
        }
      },
    },
  ],
  'session.revoke': [
    {
      way: 'DELETE /api/admin/users/{id}/sessions/{sessionId}',
      async perform() {
        const { user, grant } = await signedIn()
        await ok('DELETE', `/api/admin/users/${user.id}/sessions/${grant.sessionId}`)
        return {
          actor: root,
          targetType: 'session',
          targetId: grant.sessionId,
          changes: { userId: user.id },
        }
      },
    },
  ],
  'user.activate': statusCase('activate', 'deactivate', { isActive: { from: false, to: true } }),
  'user.bootstrap': [
    {
      way: 'the first start on an empty database',
      atStart: true,
      perform: async () => ({
        actor: null,
        targetType: 'user',
        targetId: String(root.id),
        changes: { username: ADMIN.username },
      }),
    },
  ],
  'user.create': [
    {
      way: 'POST /api/admin/users',
      async perform() {
        const user = await server.createUser(admin)
        const { username, email, firstName, lastName, phoneNumber } = user
        return userRow(root, user, { username, email, firstName, lastName, phoneNumber })
      },
    },
  ],
  'user.deactivate': statusCase('deactivate', null, { isActive: { from: true, to: false } }),
  'user.group_add': accessOfUserCase('group', 'add'),
  ...grantEndCases('group'),
  'user.group_remove': accessOfUserCase('group', 'remove'),
  'user.import': [
    {
      way: 'POST /api/admin/users/import, one request: its summary entry',
      async perform() {
        const summary = await ok('POST', '/api/admin/users/import', {
          fileName: 'people.csv',
          sendSetPasswordLink: false,
          rows: [
            {
              row: 2,
              username: 'imported.person',
              email: 'imported.person@example.com',
              firstName: 'Imported',
              lastName: 'Person',
              phoneNumber: '+1 555 0100',
            },
          ],
        })
        expect(summary.created).toBe(1)
        return {
          actor: root,
          targetType: 'user',
          targetId: null,
          changes: {
            file: 'people.csv',
            rows: 1,
            firstRow: 2,
            lastRow: 2,
            created: 1,
            updated: 0,
            unchanged: 0,
            failed: 0,
          },
        }
      },
    },
    {
      way: 'POST /api/admin/users/import twice with one importId, then …/finish: the run in one entry',
      async perform() {
        const importId = randomUUID()
        const person = (row: number, username: string) => ({
          row,
          username,
          email: `${username}@example.com`,
          firstName: 'Imported',
          lastName: 'Person',
          phoneNumber: '+1 555 0100',
        })
        for (const [row, username] of [
          [2, 'run.first'],
          [3, 'run.second'],
        ] as const) {
          await ok('POST', '/api/admin/users/import', {
            importId,
            fileName: 'run.csv',
            sendSetPasswordLink: false,
            rows: [person(row, username)],
          })
        }
        await ok('POST', `/api/admin/users/import/${importId}/finish`, { ending: 'cancelled' })
        return {
          actor: root,
          targetType: 'user',
          targetId: null,
          changes: {
            file: 'run.csv',
            rows: 2,
            firstRow: 2,
            lastRow: 3,
            created: 2,
            updated: 0,
            unchanged: 0,
            failed: 0,
            ended: 'cancelled',
          },
        }
      },
    },
    {
      way: 'the job, for a run no console finished, once it has been quiet long enough',
      async perform() {
        const importId = randomUUID()
        await ok('POST', '/api/admin/users/import', {
          importId,
          fileName: 'left.csv',
          sendSetPasswordLink: false,
          rows: [{ row: 2, username: 'run.left', email: 'nope' }],
        })
        // Quiet for a day without moving the clock, which the other cases' tokens rely on.
        await server.built.context.db.query(
          `UPDATE import_runs SET last_request_at = now() - interval '1 day' WHERE import_id = $1`,
          [importId],
        )
        expect(await server.built.context.importRunCloser.run()).toBe(1)
        return {
          actor: root,
          targetType: 'user',
          targetId: null,
          changes: {
            file: 'left.csv',
            rows: 1,
            firstRow: 2,
            lastRow: 2,
            created: 0,
            updated: 0,
            unchanged: 0,
            failed: 1,
            ended: 'unfinished',
          },
        }
      },
    },
  ],
  'user.lock': statusCase('lock', null, { isLocked: { from: false, to: true } }),
  'user.password_change': [
    {
      way: 'PUT /auth/change-password with the current password',
      async perform() {
        const { user, password, grant } = await signedIn()
        await ok(
          'PUT',
          '/auth/change-password',
          { currentPassword: password, newPassword: 'changed-by-user' },
          grant.accessToken,
        )
        return userRow(actorOf(user), user, { otherSessionsEnded: 0 })
      },
    },
    {
      way: 'PUT /auth/change-password with a reset link',
      async perform() {
        const { user } = await server.member(admin)
        await ok('PUT', `/api/admin/users/${user.id}/reset-password`)
        const token = await server.resetToken(user.email)
        await ok('PUT', '/auth/change-password', { token, newPassword: 'changed-by-link' })
        return userRow(null, user)
      },
    },
  ],
  'user.reset_password': [
    {
      way: 'PUT /api/admin/users/{id}/reset-password',
      async perform() {
        const user = await server.createUser(admin)
        await ok('PUT', `/api/admin/users/${user.id}/reset-password`)
        return userRow(root, user)
      },
    },
  ],
  'user.role_add': accessOfUserCase('role', 'add'),
  ...grantEndCases('role'),
  'user.role_remove': accessOfUserCase('role', 'remove'),
  'user.second_factor_disable': [
    {
      way: 'POST /auth/second-factor/disable with a current code',
      async perform() {
        const { user, grant } = await signedIn()
        const { secret } = await enrol(server, grant.accessToken)
        await ok('POST', '/auth/second-factor/disable', { code: codeOf(secret) }, grant.accessToken)
        return userRow(actorOf(user), user, {})
      },
    },
  ],
  'user.recovery_codes_regenerate': [
    {
      way: 'POST /auth/second-factor/recovery-codes, within minutes of the sign-in',
      async perform() {
        const { user, grant } = await signedIn()
        await enrol(server, grant.accessToken)
        await ok('POST', '/auth/second-factor/recovery-codes', undefined, grant.accessToken)
        return userRow(actorOf(user), user, {})
      },
    },
  ],
  'user.second_factor_enrol': [
    {
      way: 'POST /auth/second-factor/confirm with a first code',
      async perform() {
        const { user, grant } = await signedIn()
        await enrol(server, grant.accessToken)
        return userRow(actorOf(user), user, {})
      },
    },
  ],
  'user.second_factor_enrol_begin': [
    {
      way: 'POST /auth/second-factor',
      async perform() {
        const { user, grant } = await signedIn()
        await ok('POST', '/auth/second-factor', undefined, grant.accessToken)
        return userRow(actorOf(user), user, {})
      },
    },
  ],
  'user.second_factor_reset': [
    {
      way: 'DELETE /api/admin/users/{id}/second-factor',
      async perform() {
        const { user, grant } = await signedIn()
        await enrol(server, grant.accessToken)
        await ok('DELETE', `/api/admin/users/${user.id}/second-factor`)
        return userRow(root, user, { sessionsEnded: 1 })
      },
    },
  ],
  'user.second_step_paused': [
    {
      way: `${SECOND_STEP_ACCOUNT_CEILING} wrong codes, each from an address of its own`,
      async perform() {
        const { user, password, grant } = await signedIn()
        const { secret } = await enrol(server, grant.accessToken)
        const wrong = codeOf(secret, Date.now() + 5 * STEP_MS)
        for (let at = 1; at <= SECOND_STEP_ACCOUNT_CEILING; at += 1) {
          const from = `127.0.1.${at}`
          const asked = await postFrom(server.url, from, '/auth/login', {
            username: user.username,
            password,
          })
          const { mfaToken } = asked.body
          const refused = await postFrom(server.url, from, '/auth/mfa', { mfaToken, code: wrong })
          expect(refused.status).toBe(401)
        }
        return userRow(null, user, {
          until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          failures: SECOND_STEP_ACCOUNT_CEILING,
        })
      },
    },
  ],
  'user.sign_out_everywhere': [
    {
      way: 'DELETE /api/admin/users/{id}/sessions',
      async perform() {
        const { user } = await signedIn()
        await ok('DELETE', `/api/admin/users/${user.id}/sessions`)
        return userRow(root, user, { sessionsEnded: 1 })
      },
    },
  ],
  'user.temporary_lockout': [
    {
      way: `${MAX_FAILURES} failed sign-ins in a row`,
      async perform() {
        const { user } = await server.member(admin)
        for (let i = 0; i < MAX_FAILURES; i += 1) await server.login(user.username, 'wrong-one')
        return userRow(null, user, {
          until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          reason: expect.stringContaining(`${MAX_FAILURES} failed sign-in`),
          username: user.username,
          address: '127.0.0.1',
        })
      },
    },
  ],
  'user.temporary_password': [
    {
      way: 'POST /api/admin/users/{id}/temporary-password',
      async perform() {
        const { user } = await signedIn()
        await ok('POST', `/api/admin/users/${user.id}/temporary-password`)
        return userRow(root, user, { sessionsEnded: 1 })
      },
    },
  ],
  'user.unlock': statusCase('unlock', 'lock', { isLocked: { from: true, to: false } }),
  'user.update': [
    {
      way: 'PUT /api/admin/users/{id}',
      async perform() {
        const user = await server.createUser(admin)
        await ok('PUT', `/api/admin/users/${user.id}`, { ...user, firstName: 'Renamed' })
        return userRow(root, user, { firstName: { from: user.firstName, to: 'Renamed' } })
      },
    },
  ],
}

/** The entries of one action, newest first, after the entry `afterId`. */
async function entriesOf(action: string, afterId: number): Promise<AuditEntry[]> {
  const page = await ok('GET', `/api/admin/audit?action=${action}&size=200`)
  return (page.content as AuditEntry[]).filter((entry) => entry.id > afterId)
}

const latestId = async () =>
  ((await ok('GET', '/api/admin/audit?size=1')).content[0]?.id ?? 0) as number

test('the table covers every action the server writes, and nothing else', () => {
  expect(Object.keys(AUDITED).sort()).toEqual([...AUDIT_ACTIONS].sort())
})

const CASES = Object.entries(AUDITED).flatMap(([action, cases]) =>
  cases.map((each) => ({ action, ...each })),
)

test.each(CASES)('$action, by $way: one row, with its actor, target and changes', async (each) => {
  const afterId = each.atStart ? 0 : await latestId()
  const expected = await each.perform()
  const entries = await entriesOf(each.action, afterId)
  expect(entries).toHaveLength(1)
  expect(entries[0]).toEqual({
    id: expect.any(Number),
    action: each.action,
    ...expected,
    targetName: expect.toBeOneOf([expect.any(String), null]),
    createdAt: expect.any(String),
  })
})

test('nothing written in this file is missing from the table', async () => {
  const written = await server.built.context.db.query<{ action: string }>(
    'SELECT DISTINCT action FROM audit_log',
  )
  for (const { action } of written) expect(Object.keys(AUDITED)).toContain(action)
})
