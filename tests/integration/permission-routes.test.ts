import { afterAll, beforeAll, expect, test } from 'vitest'
import { PERMISSIONS, type Permission } from '@shared/contract'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 29, acceptance: every admin route, called by a user lacking its permission, answers 403
 * and changes nothing. The routes come from the served OpenAPI document, so a route added later
 * is covered without touching this file; each is called with a valid request on real rows.
 */

interface Operation {
  method: string
  path: string
  operationId: string
  permission: Permission | undefined
  body?: { properties?: Record<string, unknown> }
}

let server: TestServer
let root: string
let operations: Operation[]
/** Per permission: the token of a user holding every permission but that one. */
const lacking = new Map<Permission, string>()
/** Rows the requests name: a plain user with a live session, a role and a group. */
let target: { id: number; sessionId: string }
let roleId: number
let groupId: number

const admin = <T = any>(method: string, path: string, body?: unknown) =>
  server.request<T>(method, path, { token: root, body })

beforeAll(async () => {
  server = await startServer()
  root = await server.token()
  const document = (await server.request('GET', '/openapi.json')).body
  operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        permission: operation['x-permission'],
        body: operation.requestBody?.content['application/json'].schema,
      })),
  )

  const group = await admin('POST', '/api/admin/groups', { name: 'Plain group' })
  groupId = group.body.id
  const role = await admin('POST', '/api/admin/roles', { name: 'Plain role' })
  roleId = role.body.id
  const { user, password } = await server.member(root)
  const grant = await server.login(user.username, password)
  target = { id: user.id, sessionId: grant.body.sessionId }

  for (const permission of PERMISSIONS) {
    const allBut = PERMISSIONS.filter((other) => other !== permission)
    const made = await admin('POST', '/api/admin/roles', {
      name: `All but ${permission}`,
      permissions: allBut,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const caller = await server.member(root)
    await admin('PUT', `/api/admin/users/${caller.user.id}/roles/${made.body.id}`)
    const token = await server.token(caller.user.username, caller.password)
    const me = await server.request('GET', '/auth/me', { token })
    expect(me.body.permissions).toEqual(allBut)
    lacking.set(permission, token)
  }
})

afterAll(() => server?.close())

const FORGED_IMPORT_ID = '5b6e0f3c-1d2a-4c3b-9e8f-7a6b5c4d3e2f'

/** A valid value for each field a request body of the API has, by name. */
function bodyFor(operation: Operation): Record<string, unknown> | undefined {
  if (!operation.body) return undefined
  const values: Record<string, unknown> = {
    name: 'Renamed by a forged request',
    groupIds: [groupId],
    roleIds: [roleId],
    permissions: [...PERMISSIONS],
    ids: [target.id],
    roleId,
    groupId,
    username: 'forged.user',
    email: 'forged.user@example.com',
    password: 'secret-123',
    firstName: 'Forged',
    lastName: 'User',
    phoneNumber: '+971 50 111 1111',
    rows: [{ row: 2, username: 'forged.import', email: 'forged.import@example.com' }],
    until: null,
    reason: 'Forged',
    dryRun: false,
    updateExisting: true,
    sendSetPasswordLink: true,
    fileName: 'forged.csv',
    importId: FORGED_IMPORT_ID,
    ending: 'completed',
    changes: [{ operation: 'activateRole', params: { id: String(roleId) } }],
  }
  const fields = Object.keys(operation.body.properties ?? {}).filter((field) => field !== 'filter')
  const unknown = fields.filter((field) => !(field in values))
  expect(unknown, `${operation.operationId}: fields without a test value`).toEqual([])
  return Object.fromEntries(fields.map((field) => [field, values[field]]))
}

/** The path with real ids: a role's or group's routes name one of those, the rest the user. */
function pathFor(operation: Operation): string {
  const own = operation.path.startsWith('/api/admin/roles')
    ? roleId
    : operation.path.startsWith('/api/admin/groups')
      ? groupId
      : target.id
  return operation.path
    .replace('{id}', String(own))
    .replace('{roleId}', String(roleId))
    .replace('{groupId}', String(groupId))
    .replace('{sessionId}', target.sessionId)
    .replace('{importId}', FORGED_IMPORT_ID)
}

/** Everything a request could change, but when sessions were last used and the 403s' own entries. */
async function state() {
  const { db } = server.built.context
  const read = (sql: string) => db.query(sql)
  return {
    users: await read('SELECT * FROM users ORDER BY id'),
    roles: await read('SELECT * FROM roles ORDER BY id'),
    groups: await read('SELECT * FROM groups ORDER BY id'),
    links: await read('SELECT * FROM group_roles ORDER BY group_id, role_id'),
    userRoles: await read('SELECT * FROM user_roles ORDER BY user_id, role_id'),
    userGroups: await read('SELECT * FROM user_groups ORDER BY user_id, group_id'),
    sessions: await read('SELECT id, revoked_at, refresh_hash FROM sessions ORDER BY id'),
    resetTokens: await read('SELECT * FROM password_reset_tokens ORDER BY token_hash'),
    mail: await read('SELECT id FROM mail_outbox ORDER BY id'),
    importRuns: await read('SELECT * FROM import_runs ORDER BY import_id'),
    audit: await read(`SELECT id FROM audit_log WHERE action <> 'access.denied' ORDER BY id`),
  }
}

test('every admin operation of the document states exactly one permission of the catalogue', () => {
  const adminOperations = operations.filter((operation) => operation.path.startsWith('/api/admin'))
  expect(adminOperations.length).toBeGreaterThanOrEqual(30)
  for (const operation of operations) {
    if (operation.path.startsWith('/api/admin')) {
      expect(PERMISSIONS, operation.operationId).toContain(operation.permission)
    } else {
      expect(operation.permission, operation.operationId).toBeUndefined()
    }
  }
  // Every permission guards something: none is dead weight in the catalogue.
  expect(new Set(adminOperations.map((operation) => operation.permission))).toEqual(
    new Set(PERMISSIONS),
  )
})

test('every admin operation, called by a user lacking its permission, is a 403 that changes nothing', async () => {
  const checked: string[] = []
  for (const operation of operations) {
    if (!operation.permission) continue
    const before = await state()
    const reply = await server.request(operation.method, pathFor(operation), {
      token: lacking.get(operation.permission)!,
      body: bodyFor(operation),
    })
    expect(reply.status, `${operation.operationId}: ${JSON.stringify(reply.body)}`).toBe(403)
    expect(reply.body.message).toBe(
      `The ${operation.permission} permission is required for this action.`,
    )
    expect(await state(), `${operation.operationId} changed something`).toEqual(before)
    checked.push(operation.operationId)
  }
  expect(checked.length).toBe(
    operations.filter((operation) => operation.path.startsWith('/api/admin')).length,
  )
})
