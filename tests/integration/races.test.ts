import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PASSWORD_CHANGE_REQUIRED, type User } from '../../src/shared/contract'
import { race, statuses } from './support/race'
import { startServer, type RequestOptions, type TestServer } from './support/server'

/**
 * Rules that hold for one request at a time and must hold for several at once: each race sends
 * its requests together, round after round, on a warm pool (see support/race.ts). The last
 * administrator's races are in last-admin-races.test.ts.
 */

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
})
afterAll(() => server?.close())

const call = (method: string, path: string, options: Omit<RequestOptions, 'token'> = {}) =>
  server.request(method, path, { token, ...options })

/** The audit rows of one action on one target, oldest first. */
async function auditRows(action: string, targetId: number | string) {
  return server.built.context.db.query<{ changes: Record<string, { from: unknown; to: unknown }> }>(
    'SELECT changes FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id',
    [action, String(targetId)],
  )
}

describe('If-Match', () => {
  test('saves sent at once with the same ETag: exactly one wins, the others are told to reload', async () => {
    const rounds = await race(server, {
      rounds: 4,
      token,
      async stage() {
        const user = await server.createUser(token)
        const read = await call('GET', `/api/admin/users/${user.id}`)
        return { user, etag: read.headers.get('etag')! }
      },
      contenders: ({ user, etag }) =>
        Array.from(
          { length: 8 },
          (_, i) => () =>
            call('PUT', `/api/admin/users/${user.id}`, {
              headers: { 'if-match': etag },
              body: { ...user, firstName: `Writer${i}` },
            }),
        ),
    })
    for (const { stage, replies } of rounds) {
      expect(statuses(replies)).toEqual([200, ...Array(7).fill(412)])
      const winner = replies.find((reply) => reply.status === 200)!
      const stored = await call('GET', `/api/admin/users/${stage.user.id}`)
      expect(stored.body.firstName).toBe(winner.body.firstName)
      expect(await auditRows('user.update', stage.user.id)).toHaveLength(1)
    }
  })
})

describe('assignment sets', () => {
  test("a group's roles replaced by several at once: one whole set wins, and the log chains", async () => {
    const role = async (name: string) =>
      (await call('POST', '/api/admin/roles', { body: { name } })).body.id as number
    const roles = [await role('Set one'), await role('Set two'), await role('Set three')]
    const sets = [[roles[0]!], [roles[1]!, roles[2]!], [roles[0]!, roles[2]!], []]
    const rounds = await race(server, {
      rounds: 4,
      token,
      stage: async (round) =>
        (await call('POST', '/api/admin/groups', { body: { name: `Sets ${round}` } })).body as {
          id: number
          name: string
        },
      contenders: (group) =>
        sets.map(
          (roleIds) => () =>
            call('PUT', `/api/admin/groups/${group.id}`, { body: { name: group.name, roleIds } }),
        ),
    })
    for (const { stage: group, replies } of rounds) {
      expect(statuses(replies)).toEqual([200, 200, 200, 200])
      const held = (await call('GET', `/api/admin/groups?size=200`)).body.content
        .find((each: { id: number }) => each.id === group.id)
        .roles.map((each: { id: number }) => each.id)
        .sort()
      expect(sets.map((set) => [...set].sort())).toContainEqual(held)
      // Each change saw the one before it: every row starts where the previous one ended.
      const log = (await auditRows('group.update', group.id)).map((row) => row.changes.roles!)
      for (let i = 1; i < log.length; i += 1) expect(log[i]!.from).toEqual(log[i - 1]!.to)
    }
  })

  test('the same role given to a user several times at once: one link, one audit row', async () => {
    const roleId = (await call('POST', '/api/admin/roles', { body: { name: 'Given once' } })).body
      .id as number
    const rounds = await race(server, {
      rounds: 4,
      token,
      stage: () => server.createUser(token),
      contenders: (user: User) =>
        Array.from(
          { length: 4 },
          () => () => call('PUT', `/api/admin/users/${user.id}/roles/${roleId}`),
        ),
    })
    for (const { stage: user, replies } of rounds) {
      expect(statuses(replies)).toEqual([200, 200, 200, 200])
      for (const reply of replies)
        expect(reply.body).toEqual([expect.objectContaining({ id: roleId })])
      expect(await auditRows('user.role_add', user.id)).toHaveLength(1)
    }
  })
})

describe('bulk actions against single ones', () => {
  test('a user unlocked by bulk actions and by single ones at once is unlocked once, audited once', async () => {
    const rounds = await race(server, {
      rounds: 4,
      token,
      async stage() {
        const user = await server.createUser(token)
        await call('PUT', `/api/admin/users/${user.id}/lock`)
        return user
      },
      contenders: (user: User) => [
        () => call('POST', '/api/admin/users/bulk/unlock', { body: { ids: [user.id] } }),
        () => call('PUT', `/api/admin/users/${user.id}/unlock`),
        () => call('POST', '/api/admin/users/bulk/unlock', { body: { ids: [user.id] } }),
        () => call('PUT', `/api/admin/users/${user.id}/unlock`),
      ],
    })
    for (const { stage: user, replies } of rounds) {
      expect(statuses(replies)).toEqual([200, 200, 200, 200])
      expect(replies[0]!.body).toMatchObject({ ok: 1, failed: 0 })
      expect(await auditRows('user.unlock', user.id)).toEqual([
        { changes: { isLocked: { from: true, to: false } } },
      ])
    }
  })
})

describe('a temporary password against a reset link', () => {
  test("whichever lands first, the administrator's temporary password is the one that works", async () => {
    const rounds = await race(server, {
      rounds: 4,
      token,
      async stage() {
        const { user } = await server.member(token)
        await call('PUT', `/api/admin/users/${user.id}/reset-password`)
        return { user, link: await server.resetToken(user.email) }
      },
      contenders: ({ user, link }) => [
        () => call('POST', `/api/admin/users/${user.id}/temporary-password`),
        () =>
          server.request('PUT', '/auth/change-password', {
            body: { token: link, newPassword: 'chosen-by-link' },
          }),
      ],
    })
    for (const { stage, replies } of rounds) {
      const [temporary, linked] = replies
      expect(temporary!.status).toBe(200)
      // The link either landed first (and was overwritten) or was retired by the temporary one.
      expect([200, 400]).toContain(linked!.status)
      expect((await server.login(stage.user.username, 'chosen-by-link')).status).toBe(401)
      const signIn = await server.login(stage.user.username, temporary!.body.temporaryPassword)
      expect(signIn.body.code).toBe(PASSWORD_CHANGE_REQUIRED)
    }
  })
})
