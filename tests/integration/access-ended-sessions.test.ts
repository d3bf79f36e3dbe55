import { endpoints, userImportResponseSchema, type User } from '@shared/contract'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type Grant, type TestServer } from './support/server'

/**
 * Every way of deactivating or locking a user ends their sessions and retires their reset
 * links: given back access later (activated, unlocked), they sign in again, and nothing issued
 * before works.
 */
let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

const ok = async (method: string, route: string, body?: unknown) => {
  const reply = await server.request(method, route, { token: admin, body })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body
}

const WAYS: { way: string; end: (user: User) => Promise<unknown>; restore: string }[] = [
  {
    way: 'an import row that deactivates them',
    end: async (user) => {
      const answer = userImportResponseSchema.parse(
        await ok('POST', endpoints.importUsers.path, {
          updateExisting: true,
          rows: [{ row: 2, username: user.username, active: false }],
        }),
      )
      expect(answer.updated).toBe(1)
    },
    restore: 'activate',
  },
  {
    way: 'a bulk deactivation',
    end: (user) => ok('POST', '/api/admin/users/bulk/deactivate', { ids: [user.id] }),
    restore: 'activate',
  },
  {
    way: 'a bulk lock',
    end: (user) => ok('POST', '/api/admin/users/bulk/lock', { ids: [user.id] }),
    restore: 'unlock',
  },
  {
    way: 'Deactivate',
    end: (user) => ok('PUT', `/api/admin/users/${user.id}/deactivate`),
    restore: 'activate',
  },
  {
    way: 'Lock',
    end: (user) => ok('PUT', `/api/admin/users/${user.id}/lock`),
    restore: 'unlock',
  },
]

test.each(WAYS)(
  '$way ends their sessions: once given back access, the old tokens are refused',
  async ({ end, restore }) => {
    const { user, grant } = await server.signedInMember(admin)
    const works = (token: Grant) => server.request('GET', '/auth/me', { token: token.accessToken })
    expect((await works(grant)).status).toBe(200)
    await end(user)
    await ok('PUT', `/api/admin/users/${user.id}/${restore}`)
    expect((await works(grant)).status).toBe(401)
    const refresh = await server.request('POST', '/auth/refresh', {
      body: { refreshToken: grant.refreshToken },
    })
    expect(refresh.status).toBe(401)
  },
)

test.each(WAYS)(
  '$way retires a reset link mailed before: once given back access, it sets no password',
  async ({ end, restore }) => {
    const user = await server.createUser(admin)
    await ok('PUT', `/api/admin/users/${user.id}/reset-password`)
    const link = await server.resetToken(user.email)
    await end(user)
    await ok('PUT', `/api/admin/users/${user.id}/${restore}`)
    const used = await server.request('PUT', '/auth/change-password', {
      body: { token: link, newPassword: 'a-new-password-9' },
    })
    expect(used.status, JSON.stringify(used.body)).toBe(400)
  },
)
