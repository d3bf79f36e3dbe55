import { dictionary } from '@zxcvbn-ts/language-common'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PASSWORD_REJECTED } from '../../src/shared/contract'
import { newUser, startServer, type Reply, type TestServer } from './support/server'

const TOO_COMMON = 'This password is too common. Choose another.'

/** Common, and long enough for any minimum the tests set: only its commonness can refuse it. */
const COMMON = 'password123'
/** Neither common nor built on any test user's name. */
const GOOD = 'quiet-harbour-71'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

function expectRefused(reply: Reply, field: 'password' | 'newPassword', message = TOO_COMMON) {
  expect(reply.status).toBe(400)
  expect(reply.body).toMatchObject({
    message,
    code: PASSWORD_REJECTED,
    details: [{ field, message }],
  })
}

const changeWithToken = (token: string, newPassword: string) =>
  server.request('PUT', '/auth/change-password', { body: { token, newPassword } })

const changeOwn = (accessToken: string, currentPassword: string, newPassword: string) =>
  server.request('PUT', '/auth/change-password', {
    token: accessToken,
    body: { currentPassword, newPassword },
  })

test('the list is the package’s, well over the 10,000 most common, and holds the test’s', () => {
  const common = dictionary['passwords-common']
  expect(common.length).toBeGreaterThanOrEqual(10_000)
  expect(common).toContain(COMMON)
  expect(common).not.toContain(GOOD)
})

describe('a common password is refused wherever a password is set', () => {
  test('creating a user: nothing is created', async () => {
    const payload = newUser({ password: COMMON })
    expectRefused(
      await server.request('POST', '/api/admin/users', { token: admin, body: payload }),
      'password',
    )
    const found = await server.request(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(payload.username)}`,
      { token: admin },
    )
    expect(found.body.page.totalElements).toBe(0)
  })

  test('whatever its case', async () => {
    expectRefused(
      await server.request('POST', '/api/admin/users', {
        token: admin,
        body: newUser({ password: COMMON.toUpperCase() }),
      }),
      'password',
    )
  })

  test('a reset link: the link still works for a better password', async () => {
    const { user, password } = await server.member(admin)
    await server.request('PUT', `/api/admin/users/${user.id}/reset-password`, { token: admin })
    const token = await server.resetToken(user.email)
    expectRefused(await changeWithToken(token, COMMON), 'newPassword')
    expect((await server.login(user.username, password)).status).toBe(200)
    expect((await changeWithToken(token, GOOD)).status).toBe(200)
    expect((await server.login(user.username, GOOD)).status).toBe(200)
  })

  test('changing one’s own password: the old one still signs in', async () => {
    const { user, password } = await server.member(admin)
    const accessToken = await server.token(user.username, password)
    expectRefused(await changeOwn(accessToken, password, COMMON), 'newPassword')
    expect((await server.login(user.username, COMMON)).status).toBe(401)
    expect((await server.login(user.username, password)).status).toBe(200)
  })

  test('choosing the password after a temporary one: the sign-in may go on', async () => {
    const { user } = await server.member(admin)
    const issued = await server.request('POST', `/api/admin/users/${user.id}/temporary-password`, {
      token: admin,
    })
    const signIn = await server.login(user.username, issued.body.temporaryPassword)
    expect(signIn.status).toBe(403)
    const changeToken = signIn.body.passwordChangeToken as string
    expectRefused(await changeWithToken(changeToken, COMMON), 'newPassword')
    expect((await changeWithToken(changeToken, GOOD)).status).toBe(200)
    expect((await server.login(user.username, GOOD)).status).toBe(200)
  })
})

describe('a password built on its holder’s name is refused', () => {
  test('containing the username, in any case', async () => {
    const payload = newUser()
    expectRefused(
      await server.request('POST', '/api/admin/users', {
        token: admin,
        body: { ...payload, password: `My-${payload.username.toUpperCase()}-pass` },
      }),
      'password',
    )
  })

  test('containing the local part of the email', async () => {
    const payload = newUser()
    const user = await server.createUser(admin, {
      ...payload,
      email: `grace.hopper.${payload.username}@example.com`,
    })
    const accessToken = await server.token(user.username, payload.password)
    expectRefused(
      await changeOwn(accessToken, payload.password, `1906-grace.hopper.${payload.username}`),
      'newPassword',
    )
  })
})

describe('length', () => {
  test('PASSWORD_MIN_LENGTH defaults to 8: seven characters are refused, eight accepted', async () => {
    expectRefused(
      await server.request('POST', '/api/admin/users', {
        token: admin,
        body: newUser({ password: 'qz7-wx9' }),
      }),
      'password',
      'Password must be at least 8 characters',
    )
    const created = await server.request('POST', '/api/admin/users', {
      token: admin,
      body: newUser({ password: 'qz7-wx9k' }),
    })
    expect(created.status).toBe(201)
  })

  test('128 characters, of any kind, are accepted and sign in', async () => {
    const password = 'Ünïcode and spaces 🙂 '.repeat(8).slice(0, 128)
    expect([...password].length).toBeGreaterThan(100)
    const payload = newUser({ password })
    const created = await server.request('POST', '/api/admin/users', {
      token: admin,
      body: payload,
    })
    expect(created.status).toBe(201)
    expect((await server.login(payload.username, password)).status).toBe(200)
  })

  test('a longer PASSWORD_MIN_LENGTH is honoured', async () => {
    const strict = await startServer({ PASSWORD_MIN_LENGTH: '14' })
    try {
      const strictAdmin = await strict.token()
      const short = 'uncommon-pw-1' // 13 characters
      const refusal = 'Password must be at least 14 characters'
      const reply = await strict.request('POST', '/api/admin/users', {
        token: strictAdmin,
        body: newUser({ password: short }),
      })
      expect(reply.status).toBe(400)
      expect(reply.body.message).toBe(refusal)
      const member = newUser({ password: 'long-enough-secret' })
      const created = await strict.createUser(strictAdmin, member)
      const accessToken = await strict.token(created.username, member.password)
      const own = await strict.request('PUT', '/auth/change-password', {
        token: accessToken,
        body: { currentPassword: member.password, newPassword: short },
      })
      expect(own.status).toBe(400)
      expect(own.body.message).toBe(refusal)
    } finally {
      await strict.close()
    }
  })
})
