import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { endpoints, type User } from '@shared/contract'
import { codeOf, enrol, mfaTokenOf, STEP_MS } from './support/second-factor'
import { ADMIN, startServer, type Grant, type TestServer } from './support/server'

/**
 * Issue 54, B: a change of a user's credentials ends every sign-in of theirs half-way through
 * (the mfaToken of a right password, the enrolmentToken of one who must enrol), as it ends
 * their sessions: the password they started with, or the account's state, no longer holds.
 */

const SIGN_IN_ENDED = 'This sign-in has expired or ended. Sign in again.'

let server: TestServer
let root: string
let readerRoleId: number

interface Holder {
  user: User
  password: string
  grant: Grant
}

beforeAll(async () => {
  server = await startServer({ MFA_REQUIRED: 'admins', LOGIN_MAX_FAILURES: '50' })
  const first = await server.login(ADMIN.username, ADMIN.password)
  const { enrolmentToken } = first.body
  const begun = await server.request('POST', '/auth/mfa/enrolment', { body: { enrolmentToken } })
  const done = await server.request('POST', '/auth/mfa/enrolment/confirm', {
    body: { enrolmentToken, code: codeOf(begun.body.secret, Date.now() - STEP_MS) },
  })
  root = done.body.accessToken
  const reader = await server.request('POST', '/api/admin/roles', {
    token: root,
    body: { name: 'Reader', permissions: ['users.read'] },
  })
  readerRoleId = reader.body.id
})
afterAll(() => server?.close())

async function ok(method: string, path: string, body?: unknown, token = root) {
  const reply = await server.request(method, path, { token, body })
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300)
  return reply.body
}

/**
 * Two users half-way through a sign-in, each with a session from before: one with a factor (its
 * mfaToken), one given a permission since, who must enrol (its enrolmentToken).
 */
async function halfWay() {
  const withFactor: Holder = await server.signedInMember(root)
  const { secret } = await enrol(server, withFactor.grant.accessToken)
  const mfaToken = await mfaTokenOf(server, withFactor.user.username, withFactor.password)
  const toEnrol: Holder = await server.signedInMember(root)
  await ok('PUT', `/api/admin/users/${toEnrol.user.id}/roles/${readerRoleId}`)
  const asked = await server.login(toEnrol.user.username, toEnrol.password)
  expect(asked.body.code).toBe('mfa_enrolment_required')
  return { withFactor, secret, mfaToken, toEnrol, enrolmentToken: asked.body.enrolmentToken }
}

const newPassword = () => `moved-on-${Math.random().toString(36).slice(2)}`

const importRow = (user: User, active: boolean) => ({
  row: 2,
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phoneNumber: user.phoneNumber,
  active,
})

/** Each change, applied to the users given; a state change is undone after, as it may be. */
const changes: [string, (holders: Holder[]) => Promise<void>][] = [
  [
    'a temporary password',
    async (holders) => {
      for (const { user } of holders)
        await ok('POST', `/api/admin/users/${user.id}/temporary-password`)
    },
  ],
  [
    'a password change of their own',
    async (holders) => {
      for (const { password, grant } of holders) {
        await ok(
          'PUT',
          '/auth/change-password',
          { currentPassword: password, newPassword: newPassword() },
          grant.accessToken,
        )
      }
    },
  ],
  [
    'a reset link used',
    async (holders) => {
      for (const { user } of holders) {
        await ok('PUT', `/api/admin/users/${user.id}/reset-password`)
        const token = await server.resetToken(user.email)
        await ok('PUT', '/auth/change-password', { token, newPassword: newPassword() })
      }
    },
  ],
  [
    'a lock, undone',
    async (holders) => {
      for (const { user } of holders) await ok('PUT', `/api/admin/users/${user.id}/lock`)
      for (const { user } of holders) await ok('PUT', `/api/admin/users/${user.id}/unlock`)
    },
  ],
  [
    'a deactivation, undone',
    async (holders) => {
      for (const { user } of holders) await ok('PUT', `/api/admin/users/${user.id}/deactivate`)
      for (const { user } of holders) await ok('PUT', `/api/admin/users/${user.id}/activate`)
    },
  ],
  [
    'a bulk lock, undone',
    async (holders) => {
      const ids = holders.map(({ user }) => user.id)
      expect((await ok('POST', '/api/admin/users/bulk/lock', { ids })).ok).toBe(ids.length)
      await ok('POST', '/api/admin/users/bulk/unlock', { ids })
    },
  ],
  [
    'a bulk deactivation, undone',
    async (holders) => {
      const ids = holders.map(({ user }) => user.id)
      expect((await ok('POST', '/api/admin/users/bulk/deactivate', { ids })).ok).toBe(ids.length)
      await ok('POST', '/api/admin/users/bulk/activate', { ids })
    },
  ],
  [
    'an import row deactivating, undone',
    async (holders) => {
      for (const { user } of holders) {
        const rows = [importRow(user, false)]
        expect(
          await ok('POST', endpoints.importUsers.path, { rows, updateExisting: true }),
        ).toMatchObject({
          failed: 0,
        })
        await ok('PUT', `/api/admin/users/${user.id}/activate`)
      }
    },
  ],
  [
    'sign out everywhere',
    async (holders) => {
      for (const { user } of holders) await ok('DELETE', `/api/admin/users/${user.id}/sessions`)
    },
  ],
]

describe('a change of credentials ends the sign-ins half-way through', () => {
  test.each(changes)('%s', async (_name, change) => {
    const { withFactor, secret, mfaToken, toEnrol, enrolmentToken } = await halfWay()
    await change([withFactor, toEnrol])
    const code = await server.request('POST', '/auth/mfa', {
      body: { mfaToken, code: codeOf(secret) },
    })
    expect(code.status).toBe(401)
    expect(code.body.message).toBe(SIGN_IN_ENDED)
    const enrolment = await server.request('POST', '/auth/mfa/enrolment', {
      body: { enrolmentToken },
    })
    expect(enrolment.status).toBe(401)
    expect(enrolment.body.message).toBe(SIGN_IN_ENDED)
  })

  test('a reset of the factor', async () => {
    const { withFactor, secret, mfaToken } = await halfWay()
    await ok('DELETE', `/api/admin/users/${withFactor.user.id}/second-factor`)
    const code = await server.request('POST', '/auth/mfa', {
      body: { mfaToken, code: codeOf(secret) },
    })
    expect(code.status).toBe(401)
    expect(code.body.message).toBe(SIGN_IN_ENDED)
  })

  test('a change of another user ends none of them', async () => {
    const { secret, mfaToken, enrolmentToken } = await halfWay()
    const other = await server.member(root)
    await ok('POST', `/api/admin/users/${other.user.id}/temporary-password`)
    await ok('DELETE', `/api/admin/users/${other.user.id}/sessions`)
    const begun = await server.request('POST', '/auth/mfa/enrolment', { body: { enrolmentToken } })
    expect(begun.status).toBe(200)
    const code = await server.request('POST', '/auth/mfa', {
      body: { mfaToken, code: codeOf(secret) },
    })
    expect(code.status).toBe(200)
  })
})
