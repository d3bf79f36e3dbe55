import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REAUTH_REQUIRED } from '@shared/contract'
import { GRANT_END_IN_PAST, GRANT_REASON_REQUIRED } from '@shared/grant-ends'
import { REAUTH_WINDOW_SECONDS } from '../../server/src/auth/reauth'
import { GRANT_END_POLL_MILLISECONDS } from '../../server/src/grant-ender'
import { ADMIN, startServer, type Grant, type TestServer } from './support/server'

/**
 * Grants with an end (issue 57): a role or group given until a time stops counting at that time
 * by the server's clock, from the very next request and in the effective roles, before the job
 * takes it away; the job takes it away and audits it once, even run by two API processes at
 * once; giving one or changing its end needs what giving needs, and a reason when it grants a
 * permission. Time passes by moving the server's clock, never by waiting.
 */

const HOUR = 3_600_000
const REASON = 'Quarter-end close'

let server: TestServer
let root: string

let counter = 0
const unique = (prefix: string) => `${prefix} ${++counter}`

async function ok(method: string, path: string, body?: unknown, token = root) {
  const reply = await server.request(method, path, { token, body })
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300)
  return reply.body
}

const role = async (permissions: string[]) =>
  (await ok('POST', '/api/admin/roles', { name: unique('Role'), permissions })) as {
    id: number
    name: string
  }
const group = async (roleIds: number[]) =>
  (await ok('POST', '/api/admin/groups', { name: unique('Group'), roleIds })) as {
    id: number
    name: string
  }

const inHours = (hours: number) => new Date(server.clock.now() + hours * HOUR).toISOString()

/** Moves the server's clock; the access tokens of before have expired then: signs root in again. */
async function timePasses(milliseconds: number) {
  server.clock.advance(milliseconds)
  root = await server.token()
}

const expiries = (userId: number) =>
  server.built.context.db.query<{ action: string; changes: Record<string, unknown> }>(
    `SELECT action, changes FROM audit_log
     WHERE action IN ('user.role_expire', 'user.group_expire') AND target_id = $1 ORDER BY id`,
    [String(userId)],
  )

beforeAll(async () => {
  server = await startServer()
  root = await server.token()
})
afterAll(() => server?.close())

test('the job looks for ended grants more than once a minute', () => {
  expect(GRANT_END_POLL_MILLISECONDS).toBeLessThan(60_000)
})

test('a role given for an hour works, is listed with its end, and stops at its end', async () => {
  const reader = await role(['users.read'])
  const { user, password } = await server.member(root)
  const until = inHours(1)
  const roles = await ok('PUT', `/api/admin/users/${user.id}/role-grants/${reader.id}`, {
    until,
    reason: REASON,
  })
  expect(roles).toEqual([{ id: reader.id, name: reader.name, active: true, until, reason: REASON }])
  const member = await server.token(user.username, password)
  expect((await server.request('GET', '/api/admin/users', { token: member })).status).toBe(200)
  expect(await ok('GET', `/api/admin/users/${user.id}/effective-roles`)).toEqual([
    expect.objectContaining({ id: reader.id, direct: true, until, viaGroups: [] }),
  ])

  await timePasses(HOUR + 1000)
  // Before the job has run: the row is still there, and counts for nothing.
  const [row] = await server.built.context.db.query(
    'SELECT 1 FROM user_roles WHERE user_id = $1 AND role_id = $2',
    [user.id, reader.id],
  )
  expect(row).toBeDefined()
  const after = await server.token(user.username, password)
  const refused = await server.request('GET', '/api/admin/users', { token: after })
  expect(refused.status).toBe(403)
  expect(await ok('GET', `/api/admin/users/${user.id}/effective-roles`)).toEqual([])
  expect(await ok('GET', `/api/admin/users/${user.id}/roles`)).toEqual([])
  const me = await server.request('GET', '/auth/me', { token: after })
  expect(me.body.roles).toEqual([])
  expect(me.body.permissions).toEqual([])

  expect(await server.built.context.grantEnder.run()).toBeGreaterThanOrEqual(1)
  expect(
    await server.built.context.db.query('SELECT 1 FROM user_roles WHERE user_id = $1', [user.id]),
  ).toEqual([])
  expect(await expiries(user.id)).toEqual([
    {
      action: 'user.role_expire',
      changes: { role: { id: reader.id, name: reader.name }, until, reason: REASON },
    },
  ])
  // Run again, nothing more is ended or recorded.
  await server.built.context.grantEnder.run()
  expect(await expiries(user.id)).toHaveLength(1)
})

test("a user's access ends at the nearest end still to come, never at one already past", async () => {
  const reader = await role(['users.read'])
  const finance = await group([])
  const { user } = await server.member(root)
  await ok('PUT', `/api/admin/users/${user.id}/role-grants/${reader.id}`, {
    until: inHours(1),
    reason: REASON,
  })
  const later = inHours(8)
  await ok('PUT', `/api/admin/users/${user.id}/group-grants/${finance.id}`, { until: later })
  // The role's end passes by the database's clock, before the job has taken it away.
  await server.built.context.db.query(
    `UPDATE user_roles SET ends_at = now() - interval '1 second' WHERE user_id = $1`,
    [user.id],
  )
  const listed = async () => {
    const page = await ok('GET', `/api/admin/users?search=${user.username}&size=5`)
    return page.content.find((row: { id: number }) => row.id === user.id)?.accessEndsAt
  }
  expect((await ok('GET', `/api/admin/users/${user.id}`)).accessEndsAt).toBe(later)
  expect(await listed()).toBe(later)
  await server.built.context.db.query(
    `UPDATE user_groups SET ends_at = now() - interval '1 second' WHERE user_id = $1`,
    [user.id],
  )
  expect((await ok('GET', `/api/admin/users/${user.id}`)).accessEndsAt).toBeNull()
  expect(await listed()).toBeNull()
})

test('a membership with an end shows on the roles it grants, and ends with them', async () => {
  const reader = await role(['users.read'])
  const finance = await group([reader.id])
  const { user, password } = await server.member(root)
  const until = inHours(8)
  await ok('PUT', `/api/admin/users/${user.id}/group-grants/${finance.id}`, {
    until,
    reason: REASON,
  })
  expect(await ok('GET', `/api/admin/users/${user.id}/effective-roles`)).toEqual([
    expect.objectContaining({
      id: reader.id,
      direct: false,
      viaGroups: [{ id: finance.id, name: finance.name, until }],
    }),
  ])
  await timePasses(8 * HOUR + 1000)
  const after = await server.token(user.username, password)
  expect((await server.request('GET', '/api/admin/users', { token: after })).status).toBe(403)
  expect(await ok('GET', `/api/admin/users/${user.id}/effective-roles`)).toEqual([])
  await server.built.context.grantEnder.run()
  expect(await expiries(user.id)).toEqual([
    {
      action: 'user.group_expire',
      changes: { group: { id: finance.id, name: finance.name }, until, reason: REASON },
    },
  ])
})

test('an end is extended, shortened or removed on the grant held', async () => {
  const reader = await role(['users.read'])
  const { user } = await server.member(root)
  const path = `/api/admin/users/${user.id}/role-grants/${reader.id}`
  await ok('PUT', path, { until: inHours(1), reason: REASON })
  const later = inHours(48)
  expect((await ok('PUT', path, { until: later, reason: REASON }))[0].until).toBe(later)
  expect((await ok('PUT', path, { until: null }))[0].until).toBeNull()
  // The plain add of the seed's contract leaves a held grant as it is.
  await ok('PUT', path, { until: later, reason: REASON })
  expect((await ok('PUT', `/api/admin/users/${user.id}/roles/${reader.id}`))[0].until).toBe(later)
})

test('the users list finds access ending within 24 hours or 7 days, with exact totals', async () => {
  const reader = await role(['users.read'])
  const soon = (await server.member(root)).user
  const later = (await server.member(root)).user
  const lasting = (await server.member(root)).user
  const grant = (userId: number, until: string | null) =>
    ok('PUT', `/api/admin/users/${userId}/role-grants/${reader.id}`, { until, reason: REASON })
  await grant(soon.id, inHours(2))
  await grant(later.id, inHours(72))
  await grant(lasting.id, null)
  const listed = async (accessEnding: string) => {
    const page = (await ok('GET', `/api/admin/users?accessEnding=${accessEnding}&size=100`)) as {
      content: { id: number }[]
      page: { totalElements: number }
    }
    expect(page.page.totalElements).toBe(page.content.length)
    return page.content
      .map((user) => user.id)
      .filter((id) => [soon.id, later.id, lasting.id].includes(id))
  }
  expect(await listed('24h')).toEqual([soon.id])
  expect((await listed('7d')).sort()).toEqual([soon.id, later.id].sort())
  const bad = await server.request('GET', '/api/admin/users?accessEnding=1y', { token: root })
  expect(bad.status).toBe(400)
})

describe('refused, with nothing changed', () => {
  test('an end of a permission-bearing grant without a reason', async () => {
    const reader = await role(['users.read'])
    const { user } = await server.member(root)
    for (const reason of [undefined, '', '   ']) {
      const reply = await server.request(
        'PUT',
        `/api/admin/users/${user.id}/role-grants/${reader.id}`,
        { token: root, body: { until: inHours(1), ...(reason === undefined ? {} : { reason }) } },
      )
      expect(reply.status).toBe(400)
      expect(reply.body.details).toEqual([{ field: 'reason', message: GRANT_REASON_REQUIRED }])
    }
    expect(await ok('GET', `/api/admin/users/${user.id}/roles`)).toEqual([])
    // A role granting nothing needs none.
    const badge = await role([])
    await ok('PUT', `/api/admin/users/${user.id}/role-grants/${badge.id}`, { until: inHours(1) })
  })

  test('an end in the past, or not a time', async () => {
    const reader = await role(['users.read'])
    const { user } = await server.member(root)
    const path = `/api/admin/users/${user.id}/role-grants/${reader.id}`
    const past = await server.request('PUT', path, {
      token: root,
      body: { until: inHours(-1), reason: REASON },
    })
    expect(past.status).toBe(400)
    expect(past.body.details).toEqual([{ field: 'until', message: GRANT_END_IN_PAST }])
    const garbled = await server.request('PUT', path, {
      token: root,
      body: { until: 'tomorrow', reason: REASON },
    })
    expect(garbled.status).toBe(400)
    expect(garbled.body.details[0].field).toBe('until')
    expect(await ok('GET', `/api/admin/users/${user.id}/roles`)).toEqual([])
  })

  test('a bulk grant without a reason, before anyone is changed', async () => {
    const reader = await role(['users.read'])
    const { user } = await server.member(root)
    const reply = await server.request('POST', '/api/admin/users/bulk/assign-role', {
      token: root,
      body: { ids: [user.id], roleId: reader.id, until: inHours(1) },
    })
    expect(reply.status).toBe(400)
    expect(await ok('GET', `/api/admin/users/${user.id}/roles`)).toEqual([])
    const given = await ok('POST', '/api/admin/users/bulk/assign-role', {
      ids: [user.id],
      roleId: reader.id,
      until: inHours(1),
      reason: REASON,
    })
    expect(given.ok).toBe(1)
    expect((await ok('GET', `/api/admin/users/${user.id}/roles`))[0].reason).toBe(REASON)
  })
})

describe('an administrator remains once every end has come', () => {
  const administratorRole = async () =>
    (
      (await ok('GET', '/api/admin/roles?size=100')) as {
        content: { id: number; administrator?: boolean }[]
      }
    ).content.find((r) => r.administrator)!
  const rootId = async () => ((await ok('GET', '/auth/me')) as { id: number }).id

  test('an end on the last administrator, or taking the last lasting one away, is refused', async () => {
    const admin = await administratorRole()
    const rootUser = await rootId()
    const onRoot = `/api/admin/users/${rootUser}/role-grants/${admin.id}`
    const ended = await server.request('PUT', onRoot, {
      token: root,
      body: { until: inHours(1), reason: REASON },
    })
    expect(ended.status).toBe(409)
    expect((await ok('GET', `/api/admin/users/${rootUser}/roles`))[0].until).toBeNull()

    // A temporary administrator beside root leaves root the only one for good.
    const { user } = await server.member(root)
    await ok('PUT', `/api/admin/users/${user.id}/role-grants/${admin.id}`, {
      until: inHours(1),
      reason: REASON,
    })
    const taken = await server.request('DELETE', `/api/admin/users/${rootUser}/roles/${admin.id}`, {
      token: root,
    })
    expect(taken.status).toBe(409)
    expect(
      (await ok('GET', `/api/admin/users/${rootUser}/roles`)).map((r: { id: number }) => r.id),
    ).toContain(admin.id)

    // Once another holds it for good, root's may end.
    await ok('PUT', `/api/admin/users/${user.id}/role-grants/${admin.id}`, { until: null })
    await ok('PUT', onRoot, { until: inHours(1), reason: REASON })
    await ok('PUT', onRoot, { until: null })
    await ok('DELETE', `/api/admin/users/${user.id}/roles/${admin.id}`)
  })
})

describe('changing an end needs what giving needs', () => {
  test('a delegated administrator cannot give or extend a role holding more than they do', async () => {
    const assigner = await role(['users.assign', 'users.read'])
    const stronger = await role(['users.status'])
    const { user: helper, password } = await server.member(root)
    await ok('PUT', `/api/admin/users/${helper.id}/roles/${assigner.id}`)
    const { user } = await server.member(root)
    const path = `/api/admin/users/${user.id}/role-grants/${stronger.id}`
    await ok('PUT', path, { until: inHours(1), reason: REASON })
    const token = await server.token(helper.username, password)
    const extend = await server.request('PUT', path, {
      token,
      body: { until: inHours(24), reason: REASON },
    })
    expect(extend.status).toBe(403)
    const roles = await ok('GET', `/api/admin/users/${user.id}/roles`)
    expect(roles[0].until).not.toBe(inHours(24))
  })

  test('extending an administration right asks for a recent re-authentication', async () => {
    const reader = await role(['users.read'])
    const { user } = await server.member(root)
    const grant = (await server.login(ADMIN.username, ADMIN.password)).body as Grant
    const path = `/api/admin/users/${user.id}/role-grants/${reader.id}`
    await ok('PUT', path, { until: inHours(1), reason: REASON }, grant.accessToken)
    await server.built.context.db.query(
      'UPDATE sessions SET reauthenticated_at = now() - make_interval(secs => $2) WHERE id = $1',
      [grant.sessionId, REAUTH_WINDOW_SECONDS + 1],
    )
    const until = inHours(2)
    const reply = await server.request('PUT', path, {
      token: grant.accessToken,
      body: { until, reason: REASON },
    })
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe(REAUTH_REQUIRED)
    expect((await ok('GET', `/api/admin/users/${user.id}/roles`))[0].until).not.toBe(until)
  })
})

describe.runIf(process.env.TEST_DATABASE === 'postgres')('two API processes, one database', () => {
  test('each ended grant is taken away and audited once', async () => {
    const second = await startServer({
      DATABASE_URL: server.built.context.config.databaseUrl!,
    })
    try {
      const reader = await role(['users.read'])
      const users = await Promise.all(
        Array.from({ length: 12 }, async () => (await server.member(root)).user),
      )
      for (const user of users) {
        await ok('PUT', `/api/admin/users/${user.id}/role-grants/${reader.id}`, {
          until: inHours(1),
          reason: REASON,
        })
      }
      server.clock.advance(HOUR + 1000)
      second.clock.advance(HOUR + 1000)
      const ended = await Promise.all([
        server.built.context.grantEnder.run(),
        second.built.context.grantEnder.run(),
        server.built.context.grantEnder.run(),
        second.built.context.grantEnder.run(),
      ])
      expect(ended.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(users.length)
      for (const user of users) expect(await expiries(user.id)).toHaveLength(1)
      root = await server.token()
    } finally {
      await second.close()
    }
  })
})
