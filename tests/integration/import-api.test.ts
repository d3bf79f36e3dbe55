import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  MAX_IMPORT_ROWS,
  endpoints,
  userImportResponseSchema,
  type User,
  type UserImportRequest,
  type UserImportRow,
} from '@shared/contract'
import { ADMIN, startServer, type TestServer } from './support/server'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  for (const name of ['Importers', 'Auditors'])
    await server.request('POST', '/api/admin/groups', { token, body: { name } })
  await server.request('POST', '/api/admin/roles', { token, body: { name: 'HR' } })
})
afterAll(() => server?.close())

const importRows = async (body: UserImportRequest, as = token) => {
  const reply = await server.request('POST', endpoints.importUsers.path, { token: as, body })
  expect(reply.status).toBe(200)
  return userImportResponseSchema.parse(reply.body)
}
let counter = 0
/** A row that passes every rule, under a tag no other row has. */
const row = (tag: string, overrides: Partial<UserImportRow> = {}): UserImportRow => {
  counter += 1
  return {
    row: counter + 1,
    username: `${tag}${counter}`,
    email: `${tag}${counter}@example.com`,
    firstName: 'Imported',
    lastName: `User ${counter}`,
    phoneNumber: '+49 30 0000',
    ...overrides,
  }
}
const findUser = async (username: string): Promise<User | undefined> => {
  const reply = await server.request('GET', `/api/admin/users?search=${username}`, { token })
  return (reply.body.content as User[]).find((user) => user.username === username)
}
const auditOf = async (action: string) =>
  (await server.request('GET', `/api/admin/audit?action=${action}&size=100`, { token })).body
    .content as { targetId: string | null; changes: Record<string, unknown> }[]

describe('dry run', () => {
  test('says what each row would do, with Add User messages, and changes nothing', async () => {
    const present = await server.createUser(token)
    const rows = [
      row('dry', { roles: ['hr'], groups: ['importers'] }),
      { ...row('dry'), username: present.username },
      row('dry', { email: 'not-an-email', firstName: '' }),
      row('dry', { email: present.email }),
      row('dry', { roles: ['Nobody'], groups: ['Nowhere'] }),
    ]
    const before = (await server.request('GET', '/api/admin/users', { token })).body.page
    const answer = await importRows({ rows, dryRun: true })
    expect(answer).toMatchObject({ dryRun: true, created: 1, updated: 0, unchanged: 1, failed: 3 })
    expect(answer.results.map((result) => [result.row, result.outcome, result.errors])).toEqual([
      [rows[0]!.row, 'created', []],
      [rows[1]!.row, 'unchanged', []],
      [
        rows[2]!.row,
        'failed',
        [
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'firstName', message: 'First name is required' },
        ],
      ],
      [
        rows[3]!.row,
        'failed',
        [{ field: 'email', message: `Email "${present.email}" is already taken` }],
      ],
      [
        rows[4]!.row,
        'failed',
        [
          { field: 'roles', message: 'Unknown role "Nobody"' },
          { field: 'groups', message: 'Unknown group "Nowhere"' },
        ],
      ],
    ])
    expect(answer.results[1]).toMatchObject({ id: present.id, present: true })
    const after = (await server.request('GET', '/api/admin/users', { token })).body.page
    expect(after.totalElements).toBe(before.totalElements)
    expect(await findUser(rows[0]!.username)).toBeUndefined()
  })
})

describe('apply', () => {
  test('a file with 1 % bad rows imports the rest; the same file again changes nothing', async () => {
    const rows = Array.from({ length: 100 }, (_, i) =>
      row('pct', i === 41 ? { phoneNumber: ' ' } : { groups: ['Importers'] }),
    )
    const first = await importRows({ rows, fileName: 'staff.csv' })
    expect(first).toMatchObject({ created: 99, updated: 0, unchanged: 0, failed: 1 })
    expect(first.results.filter((result) => result.outcome === 'failed')).toEqual([
      {
        row: rows[41]!.row,
        username: rows[41]!.username,
        outcome: 'failed',
        present: false,
        errors: [{ field: 'phoneNumber', message: 'Phone number is required' }],
      },
    ])
    const again = await importRows({ rows, fileName: 'staff.csv' })
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 99, failed: 1 })

    const created = await findUser(rows[0]!.username)
    expect(created).toMatchObject({ email: rows[0]!.email, isActive: true })
    const groups = await server.request('GET', `/api/admin/users/${created!.id}/groups`, { token })
    expect(groups.body.map((group: { name: string }) => group.name)).toEqual(['Importers'])
    const perUser = await auditOf('user.create')
    expect(perUser.find((entry) => entry.targetId === String(created!.id))?.changes).toMatchObject({
      username: rows[0]!.username,
      groups: ['Importers'],
      import: 'staff.csv',
    })
    const summaries = await auditOf('user.import')
    expect(summaries.slice(0, 2).map((entry) => entry.changes)).toEqual([
      {
        file: 'staff.csv',
        rows: 100,
        firstRow: rows[0]!.row,
        lastRow: rows[99]!.row,
        created: 0,
        updated: 0,
        unchanged: 99,
        failed: 1,
      },
      {
        file: 'staff.csv',
        rows: 100,
        firstRow: rows[0]!.row,
        lastRow: rows[99]!.row,
        created: 99,
        updated: 0,
        unchanged: 0,
        failed: 1,
      },
    ])
  })

  test('a new user gets a link to set a password and has none before', async () => {
    const [mailed, silent] = [row('link'), row('nolink')]
    await importRows({ rows: [mailed] })
    await importRows({ rows: [silent], sendSetPasswordLink: false })
    const resetToken = await server.resetToken(mailed.email!)
    await expect(server.resetToken(silent.email!)).rejects.toThrow(/no reset mail/)
    const change = await server.request('PUT', '/auth/change-password', {
      body: { token: resetToken, newPassword: 'chosen-secret-1' },
    })
    expect(change.status).toBeLessThan(300)
    expect((await server.login(mailed.username, 'chosen-secret-1')).status).toBe(200)
    expect((await server.login(silent.username, '!no-password')).status).toBe(401)
  })

  test('updates users already present only when asked, adding roles and groups', async () => {
    const present = await server.createUser(token)
    const base = { row: 2, username: present.username.toUpperCase() }
    const update = {
      ...base,
      lastName: 'Renamed',
      active: false,
      roles: ['HR'],
      groups: ['Auditors'],
    }
    expect(await importRows({ rows: [update] })).toMatchObject({ unchanged: 1, updated: 0 })
    expect(await findUser(present.username)).toMatchObject({ lastName: present.lastName })

    const applied = await importRows({ rows: [update], updateExisting: true })
    expect(applied).toMatchObject({ updated: 1, unchanged: 0, failed: 0 })
    expect(await findUser(present.username)).toMatchObject({
      lastName: 'Renamed',
      email: present.email,
      isActive: false,
    })
    const roles = await server.request('GET', `/api/admin/users/${present.id}/roles`, { token })
    expect(roles.body.map((role: { name: string }) => role.name)).toEqual(['HR'])
    expect(await importRows({ rows: [update], updateExisting: true })).toMatchObject({
      updated: 0,
      unchanged: 1,
    })
  })

  test('rows apply in file order: an email one row gives up, a later row may take', async () => {
    const present = await server.createUser(token)
    const moved = { row: 2, username: present.username, email: `moved-${present.email}` }
    const taker = row('taker', { email: present.email })
    const answer = await importRows({ rows: [moved, taker], updateExisting: true })
    expect(answer.results.map((result) => [result.outcome, result.errors])).toEqual([
      ['updated', []],
      ['created', []],
    ])
    expect(await findUser(taker.username)).toMatchObject({ email: present.email })
  })

  test('the caller cannot deactivate their own account by import', async () => {
    const answer = await importRows({
      rows: [{ row: 2, username: ADMIN.username, active: false }],
      updateExisting: true,
    })
    expect(answer.results[0]!.errors).toEqual([
      { field: 'active', message: 'You cannot deactivate your own account.' },
    ])
  })

  test('a row that fails midway applies nothing of that row', async () => {
    const db = server.built.context.db
    await db.exec(`
      CREATE FUNCTION refuse_test_group() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.group_id = (SELECT id FROM groups WHERE name = 'Auditors') THEN
          RAISE EXCEPTION 'refused by the test';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_test_group BEFORE INSERT ON user_groups
        FOR EACH ROW EXECUTE FUNCTION refuse_test_group();`)
    try {
      const [fine, midway] = [row('mid'), row('mid', { roles: ['HR'], groups: ['Auditors'] })]
      const answer = await importRows({ rows: [midway, fine] })
      expect(answer.results.map((result) => result.outcome)).toEqual(['failed', 'created'])
      expect(answer.results[0]!.errors).toEqual([{ field: '', message: 'Internal server error' }])
      expect(await findUser(midway.username)).toBeUndefined()
      expect(await findUser(fine.username)).toBeDefined()
      const created = await auditOf('user.create')
      expect(created.some((entry) => entry.changes.username === midway.username)).toBe(false)
    } finally {
      await db.exec(
        'DROP TRIGGER refuse_test_group ON user_groups; DROP FUNCTION refuse_test_group();',
      )
    }
  })
})

describe('a row that collides when written', () => {
  test('another creator taking its username meanwhile fails that row alone; the others import', async () => {
    const [first, taken, last] = [
      row('rival'),
      row('rival', { groups: ['Importers'] }),
      row('rival'),
    ]
    const db = server.built.context.db
    // Another creator's user, with the row's username in capitals, appears as the row is written.
    await db.exec(`
      CREATE FUNCTION rival_creator() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.username = '${taken.username}' THEN
          INSERT INTO users (username, email, first_name, last_name, password_hash)
          VALUES (upper(NEW.username), 'rival@example.com', 'Rival', 'Creator', '!');
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER rival_creator BEFORE INSERT ON users
        FOR EACH ROW EXECUTE FUNCTION rival_creator();`)
    try {
      const answer = await importRows({ rows: [first, taken, last], fileName: 'rival.csv' })
      expect(answer).toMatchObject({ created: 2, failed: 1 })
      expect(answer.results.map((result) => [result.row, result.outcome, result.errors])).toEqual([
        [first.row, 'created', []],
        [taken.row, 'failed', [{ field: '', message: 'Username is already taken' }]],
        [last.row, 'created', []],
      ])
      for (const imported of [first, last]) {
        const user = await findUser(imported.username)
        expect(answer.results.find((result) => result.row === imported.row)?.id).toBe(user?.id)
      }
      expect(await findUser(taken.username)).toBeUndefined()
      const created = (await auditOf('user.create')).map((entry) => entry.changes.username)
      expect(created).toEqual(expect.arrayContaining([first.username, last.username]))
      expect(created).not.toContain(taken.username)
      const [summary] = await auditOf('user.import')
      expect(summary!.changes).toMatchObject({ file: 'rival.csv', rows: 3, created: 2, failed: 1 })
    } finally {
      await db.exec('DROP TRIGGER rival_creator ON users; DROP FUNCTION rival_creator();')
    }
  })
})

describe('refusals', () => {
  test('more rows than a request may carry, or an unknown field, changes nothing', async () => {
    const tooMany = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => ({
      row: i + 2,
      username: `many${i}`,
    }))
    const reply = await server.request('POST', endpoints.importUsers.path, {
      token,
      body: { rows: tooMany },
    })
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain(`rows may hold at most ${MAX_IMPORT_ROWS} rows`)
    const password = await server.request('POST', endpoints.importUsers.path, {
      token,
      body: { rows: [{ ...row('pw'), password: 'secret-123' }] },
    })
    expect(password.status).toBe(400)
  })

  test('a user without administrator rights may not import', async () => {
    const member = await server.member(token)
    const memberToken = await server.token(member.user.username, member.password)
    const reply = await server.request('POST', endpoints.importUsers.path, {
      token: memberToken,
      body: { rows: [row('member')] },
    })
    expect(reply.status).toBe(403)
  })
})
