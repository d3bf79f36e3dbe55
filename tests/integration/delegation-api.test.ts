import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PERMISSIONS, type Permission } from '@shared/contract'
import { startServer, type TestServer } from './support/server'

/**
 * Issue 29, section 3: whatever a delegated administrator sends, they give away nothing they do
 * not hold and act on nobody who holds more than they do; each refusal is a 403 naming what
 * is missing, and changes nothing.
 */

let server: TestServer
let root: string
let rootId: number

const admin = <T = any>(method: string, path: string, body?: unknown) =>
  server.request<T>(method, path, { token: root, body })

async function role(name: string, permissions: Permission[]) {
  const reply = await admin('POST', '/api/admin/roles', { name, permissions })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body as { id: number; name: string; permissions: Permission[] }
}

/** A signed-in user holding `roleIds` directly. */
async function holder(...roleIds: number[]) {
  const { user, password } = await server.member(root)
  for (const id of roleIds) await admin('PUT', `/api/admin/users/${user.id}/roles/${id}`)
  const token = await server.token(user.username, password)
  const call = <T = any>(method: string, path: string, body?: unknown) =>
    server.request<T>(method, path, { token, body })
  return { user, token, call }
}

const userRow = async (id: number) => (await admin('GET', `/api/admin/users/${id}`)).body
const resetTokens = async (id: number) =>
  server.built.context.db.query('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [
    id,
  ])

let helpdeskRole: { id: number }
let auditorRole: { id: number }
let adminRoleId: number

beforeAll(async () => {
  server = await startServer()
  root = await server.token()
  rootId = (await admin('GET', '/auth/me')).body.id
  helpdeskRole = await role('HELPDESK', ['users.read', 'users.status', 'users.credentials'])
  auditorRole = await role('AUDITOR', ['users.read', 'audit.read'])
  const roles = (await admin('GET', '/api/admin/roles')).body.content
  adminRoleId = roles.find((found: { name: string }) => found.name === 'ADMIN').id
})

afterAll(() => server?.close())

describe('permissions', () => {
  test('/auth/me answers the caller’s permissions, sorted: all for ADMIN, none for a member', async () => {
    expect((await admin('GET', '/auth/me')).body.permissions).toEqual(PERMISSIONS)
    expect(PERMISSIONS).toEqual([...PERMISSIONS].sort())
    const member = await holder()
    expect((await member.call('GET', '/auth/me')).body.permissions).toEqual([])
    const auditor = await holder(auditorRole.id)
    expect((await auditor.call('GET', '/auth/me')).body.permissions).toEqual([
      'audit.read',
      'users.read',
    ])
  })

  test('only active roles held directly or through active groups grant them', async () => {
    const viaGroup = await role('Via group', ['audit.read'])
    const group = (await admin('POST', '/api/admin/groups', { name: 'Grants audit' })).body
    await admin('PUT', `/api/admin/groups/${group.id}`, {
      name: group.name,
      roleIds: [viaGroup.id],
    })
    const user = await holder()
    await admin('PUT', `/api/admin/users/${user.user.id}/groups/${group.id}`)
    const mine = async () => (await user.call('GET', '/auth/me')).body.permissions
    expect(await mine()).toEqual(['audit.read'])
    await admin('POST', `/api/admin/groups/${group.id}/deactivate`)
    expect(await mine()).toEqual([])
    await admin('POST', `/api/admin/groups/${group.id}/activate`)
    await admin('POST', `/api/admin/roles/${viaGroup.id}/deactivate`)
    expect(await mine()).toEqual([])
  })

  test('the ADMIN role carries every permission and cannot be edited below that', async () => {
    const refused = await admin('PUT', `/api/admin/roles/${adminRoleId}`, {
      name: 'ADMIN',
      permissions: ['users.read'],
    })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('The ADMIN role always carries every permission.')
    const roles = (await admin('GET', '/api/admin/roles')).body.content
    const administrator = roles.find((found: { id: number }) => found.id === adminRoleId)
    expect(administrator.permissions).toEqual(PERMISSIONS)
    // The console shows its permissions as fixed by this mark, which no other role carries.
    expect(administrator.administrator).toBe(true)
    expect(
      roles.filter((found: { administrator?: boolean }) => found.administrator !== undefined),
    ).toEqual([administrator])
  })

  test('a change of a role’s permissions is audited from → to', async () => {
    const made = await role('Changing', ['users.read'])
    await admin('PUT', `/api/admin/roles/${made.id}`, {
      name: made.name,
      permissions: ['users.status', 'users.read'],
    })
    const audit = await admin('GET', '/api/admin/audit?action=role.update')
    const entry = audit.body.content.find(
      (found: { targetId: string }) => String(found.targetId) === String(made.id),
    )
    expect(entry.changes).toEqual({
      permissions: { from: ['users.read'], to: ['users.read', 'users.status'] },
    })
  })
})

describe('a helpdesk', () => {
  test('unlocks a plain user and sends a reset link, but cannot assign roles or add users', async () => {
    const helpdesk = await holder(helpdeskRole.id)
    const { user } = await server.member(root)
    await admin('PUT', `/api/admin/users/${user.id}/lock`)
    expect((await helpdesk.call('PUT', `/api/admin/users/${user.id}/unlock`)).status).toBe(200)
    expect((await helpdesk.call('PUT', `/api/admin/users/${user.id}/reset-password`)).status).toBe(
      200,
    )
    const assign = await helpdesk.call(
      'PUT',
      `/api/admin/users/${user.id}/roles/${helpdeskRole.id}`,
    )
    expect(assign.status).toBe(403)
    expect(assign.body.message).toBe('The users.assign permission is required for this action.')
    const add = await helpdesk.call('POST', '/api/admin/users', {
      username: 'not.added',
      email: 'not.added@example.com',
      password: 'secret-123',
      firstName: 'Not',
      lastName: 'Added',
      phoneNumber: '',
    })
    expect(add.status).toBe(403)
    expect(add.body.message).toBe('The users.create permission is required for this action.')
  })

  test('cannot reset an administrator’s password, lock an auditor or end an administrator’s sessions', async () => {
    const helpdesk = await holder(helpdeskRole.id)
    const auditor = await holder(auditorRole.id)
    const reset = await helpdesk.call('PUT', `/api/admin/users/${rootId}/reset-password`)
    expect(reset.status).toBe(403)
    expect(reset.body.message).toBe(
      'You cannot change an account that holds permissions you do not have. Missing: access.manage, audit.read, users.assign, users.create, users.edit.',
    )
    expect(await resetTokens(rootId)).toEqual([])

    const lock = await helpdesk.call('PUT', `/api/admin/users/${auditor.user.id}/lock`)
    expect(lock.status).toBe(403)
    expect(lock.body.message).toMatch(/Missing: audit\.read\.$/)
    expect((await userRow(auditor.user.id)).isLocked).toBe(false)
    expect((await auditor.call('GET', '/auth/me')).status).toBe(200)

    const sessions = await helpdesk.call('DELETE', `/api/admin/users/${rootId}/sessions`)
    expect(sessions.status).toBe(403)
    expect((await admin('GET', '/auth/me')).status).toBe(200)
    const temporary = await helpdesk.call(
      'POST',
      `/api/admin/users/${auditor.user.id}/temporary-password`,
    )
    expect(temporary.status).toBe(403)
  })

  test('a bulk unlock changes the users it may act on and reports each refusal', async () => {
    const helpdesk = await holder(helpdeskRole.id)
    const { user: plain } = await server.member(root)
    const auditor = await holder(auditorRole.id)
    for (const id of [plain.id, auditor.user.id]) await admin('PUT', `/api/admin/users/${id}/lock`)
    const reply = await helpdesk.call('POST', '/api/admin/users/bulk/unlock', {
      ids: [plain.id, auditor.user.id],
    })
    expect(reply.status).toBe(200)
    expect(reply.body.ok).toBe(1)
    expect(reply.body.results).toEqual([
      { id: plain.id, username: plain.username, ok: true },
      {
        id: auditor.user.id,
        username: auditor.user.username,
        ok: false,
        status: 403,
        message:
          'You cannot change an account that holds permissions you do not have. Missing: audit.read.',
      },
    ])
    expect((await userRow(plain.id)).isLocked).toBe(false)
    expect((await userRow(auditor.user.id)).isLocked).toBe(true)
  })
})

describe('an access manager without audit.read', () => {
  let manager: Awaited<ReturnType<typeof holder>>
  beforeAll(async () => {
    const managing = await role('Access manager', ['access.manage', 'users.assign', 'users.read'])
    manager = await holder(managing.id)
  })

  test('cannot create a role granting it, nor set a role to it', async () => {
    const created = await manager.call('POST', '/api/admin/roles', {
      name: 'Sneaky',
      permissions: ['audit.read', 'users.read'],
    })
    expect(created.status).toBe(403)
    expect(created.body.message).toBe(
      'You cannot create the role "Sneaky" without holding audit.read.',
    )
    const roles = (await admin('GET', '/api/admin/roles')).body.content
    expect(roles.map((found: { name: string }) => found.name)).not.toContain('Sneaky')

    const own = await manager.call('POST', '/api/admin/roles', {
      name: 'Reader',
      permissions: ['users.read'],
    })
    expect(own.status).toBe(201)
    const raised = await manager.call('PUT', `/api/admin/roles/${own.body.id}`, {
      name: 'Reader',
      permissions: ['users.read', 'audit.read'],
    })
    expect(raised.status).toBe(403)
    expect(raised.body.message).toBe(
      'You cannot give the role "Reader" these permissions without holding audit.read.',
    )
    const after = (await admin('GET', '/api/admin/roles')).body.content
    expect(after.find((found: { id: number }) => found.id === own.body.id).permissions).toEqual([
      'users.read',
    ])
  })

  test('cannot give the role, link it to a group, activate it, or add a user to a group granting it', async () => {
    const group = (await admin('POST', '/api/admin/groups', { name: 'Plain members' })).body
    const { user } = await server.member(root)

    const give = await manager.call('PUT', `/api/admin/users/${user.id}/roles/${auditorRole.id}`)
    expect(give.status).toBe(403)
    expect(give.body.message).toBe('You cannot give the role "AUDITOR" without holding audit.read.')
    const link = await manager.call('PUT', `/api/admin/groups/${group.id}`, {
      name: group.name,
      roleIds: [auditorRole.id],
    })
    expect(link.status).toBe(403)
    expect(link.body.message).toBe(
      'You cannot link the group "Plain members" to these roles without holding audit.read.',
    )

    await admin('PUT', `/api/admin/groups/${group.id}`, {
      name: group.name,
      roleIds: [auditorRole.id],
    })
    const join = await manager.call('PUT', `/api/admin/users/${user.id}/groups/${group.id}`)
    expect(join.status).toBe(403)
    expect(join.body.message).toBe(
      'You cannot give the group "Plain members" without holding audit.read.',
    )
    const held = await admin('GET', `/api/admin/users/${user.id}/groups`)
    expect(held.body).toEqual([])

    const dormant = await role('Dormant auditing', ['audit.read'])
    await admin('POST', `/api/admin/roles/${dormant.id}/deactivate`)
    const activate = await manager.call('POST', `/api/admin/roles/${dormant.id}/activate`)
    expect(activate.status).toBe(403)
    const roles = (await admin('GET', '/api/admin/roles')).body.content
    expect(roles.find((found: { id: number }) => found.id === dormant.id).active).toBe(false)
  })
})

describe('issue 54: nobody takes from, or moves into, someone who holds or could hold more', () => {
  const group = async (name: string, roleIds: number[]) => {
    const reply = await admin('POST', '/api/admin/groups', { name, roleIds })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    return reply.body as { id: number; name: string }
  }

  test('a role manager narrows, deactivates, unlinks and renames nothing held by someone above them', async () => {
    const manager = await holder((await role('Role manager', ['access.manage', 'users.read'])).id)
    await holder(helpdeskRole.id)
    await holder(auditorRole.id)
    const itGroup = await group('IT for the role manager', [adminRoleId])
    const itMember = await holder()
    await admin('PUT', `/api/admin/users/${itMember.user.id}/groups/${itGroup.id}`)
    const rolesNow = async () => (await admin('GET', '/api/admin/roles?size=200')).body.content

    const attempts = [
      manager.call('PUT', `/api/admin/roles/${helpdeskRole.id}`, {
        name: 'HELPDESK',
        permissions: ['users.read'],
      }),
      manager.call('POST', `/api/admin/roles/${auditorRole.id}/deactivate`),
      manager.call('PUT', `/api/admin/groups/${itGroup.id}`, { name: itGroup.name, roleIds: [] }),
      manager.call('POST', `/api/admin/groups/${itGroup.id}/deactivate`),
      manager.call('PUT', `/api/admin/roles/${adminRoleId}`, { name: 'Guests' }),
      manager.call('POST', `/api/admin/roles/${adminRoleId}/deactivate`),
    ]
    const before = await rolesNow()
    for (const attempt of attempts) {
      const refused = await attempt
      expect(refused.status, JSON.stringify(refused.body)).toBe(403)
      expect(refused.body.message).toMatch(/holds or could hold it has permissions you do not have/)
    }
    expect(await rolesNow()).toEqual(before)
    expect((await itMember.call('GET', '/auth/me')).body.permissions).toEqual(PERMISSIONS)
    expect((await admin('GET', '/auth/me')).body.permissions).toEqual(PERMISSIONS)

    // What only weaker users hold stays theirs to change.
    const readers = await role('Readers of the role manager', ['users.read'])
    await holder(readers.id)
    const narrowed = await manager.call('PUT', `/api/admin/roles/${readers.id}`, {
      name: readers.name,
      permissions: [],
    })
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200)
    // The last administrator's test below counts on root alone holding everything.
    await admin('PUT', `/api/admin/users/${itMember.user.id}/deactivate`)
  })

  test('a user whose administrator role comes only through an inactive group is out of the helpdesk’s reach', async () => {
    const helpdesk = await holder(helpdeskRole.id)
    const dormant = await group('Dormant administrators', [adminRoleId])
    const sleeper = await holder()
    await admin('PUT', `/api/admin/users/${sleeper.user.id}/groups/${dormant.id}`)
    await admin('POST', `/api/admin/groups/${dormant.id}/deactivate`)
    expect((await sleeper.call('GET', '/auth/me')).body.permissions).toEqual([])

    const temporary = await helpdesk.call(
      'POST',
      `/api/admin/users/${sleeper.user.id}/temporary-password`,
    )
    expect(temporary.status).toBe(403)
    expect(temporary.body.message).toBe(
      'You cannot change an account that holds permissions you do not have. Missing: access.manage, audit.read, users.assign, users.create, users.edit.',
    )
    expect((await helpdesk.call('PUT', `/api/admin/users/${sleeper.user.id}/lock`)).status).toBe(
      403,
    )
    const bulk = await helpdesk.call('POST', '/api/admin/users/bulk/lock', {
      ids: [sleeper.user.id],
    })
    expect(bulk.body).toMatchObject({ failed: 1 })
    expect((await userRow(sleeper.user.id)).isLocked).toBe(false)
    expect((await sleeper.call('GET', '/auth/me')).status).toBe(200)
  })

  test('an import dry run answers what the real run does for the same caller', async () => {
    const adder = await holder((await role('Dry adder', ['users.create', 'users.read'])).id)
    const rows = [
      {
        row: 2,
        username: 'dry.plain',
        email: 'dry.plain@example.com',
        firstName: 'Dry',
        lastName: 'Run',
        phoneNumber: '+971 50 000 0001',
      },
      {
        row: 3,
        username: 'dry.auditor',
        email: 'dry.auditor@example.com',
        firstName: 'Dry',
        lastName: 'Run',
        phoneNumber: '+971 50 000 0002',
        roles: ['AUDITOR'],
      },
      { row: 4, username: (await admin('GET', '/auth/me')).body.username, firstName: 'Taken' },
    ]
    const send = (dryRun: boolean) =>
      adder.call('POST', '/api/admin/users/import', { rows, updateExisting: true, dryRun })
    const outcomes = (reply: { body: { results: { outcome: string }[] } }) =>
      reply.body.results.map((result) => result.outcome)
    const dry = await send(true)
    const real = await send(false)
    expect(outcomes(dry)).toEqual(['created', 'failed', 'failed'])
    expect(outcomes(dry)).toEqual(outcomes(real))
    expect(dry.body.results.map((result: { errors: unknown }) => result.errors)).toEqual(
      real.body.results.map((result: { errors: unknown }) => result.errors),
    )
  })
})

describe('an import', () => {
  test('gives roles only with users.assign and all they grant, and changes present users only as their routes would', async () => {
    const adder = await holder((await role('Adder', ['users.create', 'users.read'])).id)
    const assigner = await holder(
      (await role('Adding assigner', ['users.assign', 'users.create', 'users.read'])).id,
    )
    const helpdesk = await holder(helpdeskRole.id)
    const importRows = (caller: typeof adder, rows: object[]) =>
      caller.call('POST', '/api/admin/users/import', {
        rows,
        updateExisting: true,
        sendSetPasswordLink: false,
      })
    const newRow = (username: string, roles?: string[]) => ({
      row: 2,
      username,
      email: `${username}@example.com`,
      firstName: 'Imported',
      lastName: 'User',
      phoneNumber: '+971 50 123 4567',
      ...(roles ? { roles } : {}),
    })
    const message = async (caller: typeof adder, rows: object[]) => {
      const reply = await importRows(caller, rows)
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      return reply.body.results[0].errors[0]?.message
    }
    const exists = async (username: string) =>
      (await admin('GET', `/api/admin/users?search=${username}`)).body.content.length > 0

    expect(await message(adder, [newRow('imported.auditor1', ['AUDITOR'])])).toBe(
      'The users.assign permission is required for this action.',
    )
    expect(await message(assigner, [newRow('imported.auditor2', ['AUDITOR'])])).toBe(
      'You cannot give the role "AUDITOR" without holding audit.read.',
    )
    expect(await exists('imported.auditor1')).toBe(false)
    expect(await exists('imported.auditor2')).toBe(false)
    expect(await message(adder, [newRow('imported.plain')])).toBeUndefined()
    expect(await exists('imported.plain')).toBe(true)

    const rootName = (await admin('GET', '/auth/me')).body.username
    expect(await message(adder, [{ row: 2, username: rootName, firstName: 'Taken' }])).toBe(
      'You cannot change an account that holds permissions you do not have. Missing: access.manage, audit.read, users.assign, users.credentials, users.edit, users.status.',
    )
    expect((await admin('GET', '/auth/me')).body.firstName).not.toBe('Taken')
    expect(
      (await helpdesk.call('POST', '/api/admin/users/import', { rows: [newRow('x.y')] })).status,
    ).toBe(403)
  })

  test('a row refused in a request leaves its other rows to be imported, each judged on its own', async () => {
    await role('Readers', ['users.read'])
    const assigner = await holder(
      (await role('Mixed assigner', ['users.assign', 'users.create', 'users.read'])).id,
    )
    const given: [string, string[]][] = [
      ['mixed.plain', []],
      ['mixed.auditor1', ['AUDITOR']],
      ['mixed.reader', ['Readers']],
      ['mixed.auditor2', ['AUDITOR']],
    ]
    const rows = given.map(([username, roles], index) => ({
      row: index + 2,
      username,
      email: `${username}@example.com`,
      firstName: 'Imported',
      lastName: 'User',
      phoneNumber: '+971 50 123 4567',
      roles,
    }))
    const reply = await assigner.call('POST', '/api/admin/users/import', {
      rows,
      sendSetPasswordLink: false,
    })
    expect(reply.status).toBe(200)
    const refused = [
      { field: '', message: 'You cannot give the role "AUDITOR" without holding audit.read.' },
    ]
    expect(
      reply.body.results.map((result: { outcome: string; errors: unknown[] }) => [
        result.outcome,
        result.errors,
      ]),
    ).toEqual([
      ['created', []],
      ['failed', refused],
      ['created', []],
      ['failed', refused],
    ])
    const found = async (username: string) =>
      (await admin('GET', `/api/admin/users?search=${username}`)).body.content.length
    expect(await Promise.all(rows.map((row) => found(row.username)))).toEqual([1, 0, 1, 0])
  })
})

describe('the last administrator', () => {
  test('is whoever holds every permission: through another role counts, nobody left is refused', async () => {
    const everything = await role('Everything', [...PERMISSIONS])
    const other = await holder(everything.id)
    // root may now give up ADMIN: `other` holds every permission through a role of their own.
    const dropped = await admin('DELETE', `/api/admin/users/${rootId}/roles/${adminRoleId}`)
    expect(dropped.status).toBe(200)
    const lowered = await other.call('PUT', `/api/admin/roles/${everything.id}`, {
      name: 'Everything',
      permissions: ['users.read'],
    })
    expect(lowered.status).toBe(409)
    expect(lowered.body.message).toMatch(/would leave no active administrator/)
    expect(
      (await other.call('PUT', `/api/admin/users/${rootId}/roles/${adminRoleId}`)).status,
    ).toBe(200)
  })
})
