import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loginResponseSchema, meResponseSchema, refreshResponseSchema } from '@shared/contract'
import { ADMIN, startServer, type TestServer } from './support/server'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer({ LOGIN_MAX_FAILURES: '3' })
  admin = await server.token()
})
afterAll(() => server?.close())

const member = () => server.member(admin)

const me = (token: string) => server.request('GET', '/auth/me', { token })
const adminPut = (path: string) => server.request('PUT', path, { token: admin })

describe('signing in', () => {
  test('by username or email, in any case, answering the contract and recording lastLogin', async () => {
    const { user, password } = await member()
    expect(user.lastLogin).toBeNull()
    for (const identifier of [
      user.username,
      user.email.toUpperCase(),
      ` ${user.username.toUpperCase()} `,
    ]) {
      const reply = await server.login(identifier, password)
      expect(reply.status).toBe(200)
      const grant = loginResponseSchema.parse(reply.body)
      expect(grant.tokenType).toBe('Bearer')
      expect(grant.expiresIn).toBe(900)
      expect(grant.user.id).toBe(user.id)
      expect(grant.user.lastLogin).not.toBeNull()
    }
    const stored = await server.request('GET', `/api/admin/users/${user.id}`, { token: admin })
    expect(Date.now() - Date.parse(stored.body.lastLogin)).toBeLessThan(60_000)
  })

  test('a wrong password and an unknown user get the same 401', async () => {
    const { user } = await member()
    for (const [username, password] of [
      [user.username, 'wrong-password'],
      ['nobody-here', 'wrong-password'],
    ]) {
      const reply = await server.login(username!, password!)
      expect(reply.status).toBe(401)
      expect(reply.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Invalid username or password',
        code: 'invalid_credentials',
      })
    }
  })

  test('a success resets the count of failures', async () => {
    const { user, password } = await member()
    await server.login(user.username, 'bad')
    await server.login(user.username, 'bad')
    expect((await server.login(user.username, password)).status).toBe(200)
    await server.login(user.username, 'bad')
    expect((await server.login(user.username, 'bad')).status).toBe(401)
    expect(await server.login(user.username, password)).toMatchObject({ status: 200 })
  })

  test('an inactive user is told why', async () => {
    const { user, password } = await member()
    await adminPut(`/api/admin/users/${user.id}/deactivate`)
    const reply = await server.login(user.username, password)
    expect(reply.status).toBe(403)
    expect(reply.body.message).toBe(
      'This account is inactive. Ask an administrator to activate it.',
    )
  })
})

describe('GET /auth/me', () => {
  test('answers the user and the active roles they hold, for any signed-in user', async () => {
    const mine = meResponseSchema.parse((await me(admin)).body)
    expect(mine).toMatchObject({ username: ADMIN.username, roles: ['ADMIN'] })
    const { user, password } = await member()
    const theirs = await me(await server.token(user.username, password))
    expect(theirs.status).toBe(200)
    expect(theirs.body).toMatchObject({ id: user.id, roles: [] })
  })

  test.each([
    [undefined, 'Not authenticated'],
    ['not-a-jwt', 'Access token is invalid or expired'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'Access token is invalid or expired'],
  ])('token %j is a 401: %s', async (token, message) => {
    const reply = await server.request('GET', '/auth/me', token ? { token } : {})
    expect(reply.status).toBe(401)
    expect(reply.body.message).toBe(message)
  })
})

describe('sessions end at once', () => {
  test('on logout', async () => {
    const { user, password } = await member()
    const token = await server.token(user.username, password)
    expect((await server.request('POST', '/auth/logout', { token })).status).toBe(204)
    const after = await me(token)
    expect(after.status).toBe(401)
    expect(after.body.message).toBe('Session has ended. Sign in again.')
  })

  test.each(['lock', 'deactivate'])('when an administrator does %s', async (action) => {
    const { user, password } = await member()
    const grant = (await server.login(user.username, password)).body
    expect((await me(grant.accessToken)).status).toBe(200)
    await adminPut(`/api/admin/users/${user.id}/${action}`)
    expect((await me(grant.accessToken)).status).toBe(401)
    const refresh = await server.request('POST', '/auth/refresh', {
      body: { refreshToken: grant.refreshToken },
    })
    expect(refresh.status).toBe(401)
    expect(refresh.body.message).toBe('Session expired')
  })

  test('for an administrator who loses the role: 403 on the next call', async () => {
    const { user, password } = await member()
    const roles = (await server.request('GET', '/api/admin/roles', { token: admin })).body.content
    const adminRole = roles.find((role: { name: string }) => role.name === 'ADMIN')
    await adminPut(`/api/admin/users/${user.id}/roles/${adminRole.id}`)
    const token = await server.token(user.username, password)
    expect((await server.request('GET', '/api/admin/users', { token })).status).toBe(200)
    await server.request('DELETE', `/api/admin/users/${user.id}/roles/${adminRole.id}`, {
      token: admin,
    })
    const after = await server.request('GET', '/api/admin/users', { token })
    expect(after.status).toBe(403)
    expect(after.body.message).toBe('Administrator rights are required for this action.')
  })
})

describe('refresh tokens', () => {
  async function signIn() {
    const { user, password } = await member()
    return { user, grant: (await server.login(user.username, password)).body }
  }
  const refresh = (refreshToken: string) =>
    server.request('POST', '/auth/refresh', { body: { refreshToken } })

  test('rotate on every refresh, inside a field named response', async () => {
    const { user, grant } = await signIn()
    const first = await refresh(grant.refreshToken)
    expect(first.status).toBe(200)
    const wrapped = refreshResponseSchema.parse(first.body).response
    expect(wrapped).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 900,
      sessionId: grant.sessionId,
    })
    expect(wrapped.user.id).toBe(user.id)
    expect(wrapped.refreshToken).not.toBe(grant.refreshToken)
    expect((await me(wrapped.accessToken)).status).toBe(200)
    const second = refreshResponseSchema.parse((await refresh(wrapped.refreshToken)).body).response
    expect(second.refreshToken).not.toBe(wrapped.refreshToken)
  })

  test('the replaced token still works within the grace, for a response that was lost', async () => {
    const { grant } = await signIn()
    const lost = await refresh(grant.refreshToken)
    expect(lost.status).toBe(200)
    const retried = await refresh(grant.refreshToken)
    expect(retried.status).toBe(200)
    expect(retried.body.response.refreshToken).toBe(lost.body.response.refreshToken)
    expect((await refresh(retried.body.response.refreshToken)).status).toBe(200)
  })

  test('concurrent refreshes with one token all get the same successor, which keeps working', async () => {
    const { grant } = await signIn()
    const replies = await Promise.all(Array.from({ length: 5 }, () => refresh(grant.refreshToken)))
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200])
    const successors = new Set(replies.map((reply) => reply.body.response.refreshToken))
    expect(successors.size).toBe(1)
    const next = await refresh([...successors][0]!)
    expect(next.status).toBe(200)
    expect((await me(next.body.response.accessToken)).status).toBe(200)
  })

  test('a token two rotations old, even within the grace, ends the whole session and is audited', async () => {
    const { grant } = await signIn()
    const first = (await refresh(grant.refreshToken)).body.response
    const second = (await refresh(first.refreshToken)).body.response
    const stolen = await refresh(grant.refreshToken)
    expect(stolen.status).toBe(401)
    expect((await refresh(second.refreshToken)).status).toBe(401)
    expect((await me(second.accessToken)).status).toBe(401)
    const audit = (await server.request('GET', '/api/admin/audit?size=5', { token: admin })).body
      .content
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'session.refresh_reuse', targetId: grant.sessionId }),
    )
  })

  test('SESSION_MAX_SECONDS ends a session however often it is refreshed', async () => {
    // 3 s: the refresh at about 1.2 s stays well inside it on a loaded machine.
    const short = await startServer({ SESSION_MAX_SECONDS: '3' })
    try {
      const grant = (await short.login(ADMIN.username, ADMIN.password)).body
      await sleep(1200)
      const refreshed = await short.request('POST', '/auth/refresh', {
        body: { refreshToken: grant.refreshToken },
      })
      expect(refreshed.status).toBe(200)
      await sleep(2000)
      const { refreshToken, accessToken } = refreshed.body.response
      expect(
        (await short.request('POST', '/auth/refresh', { body: { refreshToken } })).status,
      ).toBe(401)
      expect((await short.request('GET', '/auth/me', { token: accessToken })).status).toBe(401)
    } finally {
      await short.close()
    }
  })

  test('a replaced token presented after the grace is refused and ends the session', async () => {
    const { grant } = await signIn()
    const rotated = (await refresh(grant.refreshToken)).body.response
    await server.built.context.db.query(
      `UPDATE sessions SET rotated_at = now() - interval '1 minute' WHERE id = $1`,
      [grant.sessionId],
    )
    const stale = await refresh(grant.refreshToken)
    expect(stale.status).toBe(401)
    expect(stale.body.message).toBe('Session expired')
    expect((await refresh(rotated.refreshToken)).status).toBe(401)
    expect((await me(rotated.accessToken)).status).toBe(401)
    const audit = (await server.request('GET', '/api/admin/audit?size=5', { token: admin })).body
      .content
    expect(audit.map((entry: { action: string }) => entry.action)).toContain(
      'session.refresh_reuse',
    )
  })

  test.each([
    ['made up', 'x'.repeat(60)],
    ['a real session id with a wrong secret', null],
    ['empty', ''],
  ])('%s is refused', async (_, token) => {
    const { grant } = await signIn()
    const presented = token ?? `${grant.sessionId}.not-the-secret`
    const reply = await refresh(presented)
    expect(reply.status).toBe(token === '' ? 400 : 401)
  })

  test('an expired session cannot be refreshed', async () => {
    const { grant } = await signIn()
    await server.built.context.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [grant.sessionId],
    )
    expect((await refresh(grant.refreshToken)).status).toBe(401)
    expect((await me(grant.accessToken)).status).toBe(401)
  })
})

describe('short-lived access tokens', () => {
  test('expire, and a refresh gives a working one', async () => {
    const quick = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '1' })
    try {
      const grant = (await quick.login(ADMIN.username, ADMIN.password)).body
      expect(grant.expiresIn).toBe(1)
      quick.clock.advance(2100)
      const expired = await quick.request('GET', '/auth/me', { token: grant.accessToken })
      expect(expired.status).toBe(401)
      expect(expired.body.message).toBe('Access token is invalid or expired')
      const renewed = await quick.request('POST', '/auth/refresh', {
        body: { refreshToken: grant.refreshToken },
      })
      expect(renewed.status).toBe(200)
      expect(
        (await quick.request('GET', '/auth/me', { token: renewed.body.response.accessToken }))
          .status,
      ).toBe(200)
    } finally {
      await quick.close()
    }
  })
})

describe('password reset', () => {
  const change = (token: string, newPassword: string) =>
    server.request('PUT', '/auth/change-password', { body: { token, newPassword } })

  test('a made-up token is refused before the new password is hashed: a stranger cannot spend the CPU', async () => {
    const time = async (call: () => Promise<unknown>) => {
      const started = performance.now()
      await call()
      return performance.now() - started
    }
    const bogus: number[] = []
    const hashing: number[] = []
    for (let i = 0; i < 6; i += 1) {
      bogus.push(await time(() => change(`made-up-${i}`, 'x'.repeat(1024))))
      // A sign-in always verifies a password: the cost of one argon2id hash.
      hashing.push(await time(() => server.login('nobody-at-all', 'x'.repeat(1024))))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!
    expect(median(bogus)).toBeLessThan(median(hashing) / 2)
  })

  test('the mailed token sets a new password once, and ends every session', async () => {
    const { user, password } = await member()
    const grant = (await server.login(user.username, password)).body
    await adminPut(`/api/admin/users/${user.id}/reset-password`)
    const token = await server.resetToken(user.email)

    const done = await change(token, 'brand-new-pw')
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ message: 'Password changed' })
    expect((await server.login(user.username, 'brand-new-pw')).status).toBe(200)
    expect((await server.login(user.username, password)).status).toBe(401)
    expect((await me(grant.accessToken)).status).toBe(401)
    expect(
      (
        await server.request('POST', '/auth/refresh', {
          body: { refreshToken: grant.refreshToken },
        })
      ).status,
    ).toBe(401)

    const again = await change(token, 'another-pw-1')
    expect(again.status).toBe(400)
    expect(again.body.message).toMatch(/invalid, used or expired/)
  })

  test('a newer reset replaces the older link', async () => {
    const { user } = await member()
    await adminPut(`/api/admin/users/${user.id}/reset-password`)
    const older = await server.resetToken(user.email)
    await adminPut(`/api/admin/users/${user.id}/reset-password`)
    const newer = await server.resetToken(user.email)
    expect(newer).not.toBe(older)
    expect((await change(older, 'new-pass-1')).status).toBe(400)
    expect((await change(newer, 'new-pass-1')).status).toBe(200)
  })

  test('a short password or an expired link is refused, and nothing changes', async () => {
    const { user, password } = await member()
    await adminPut(`/api/admin/users/${user.id}/reset-password`)
    const token = await server.resetToken(user.email)
    const short = await change(token, '12345')
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('newPassword: Password must be at least 6 characters')
    await server.built.context.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    )
    expect((await change(token, 'long-enough')).status).toBe(400)
    expect((await server.login(user.username, password)).status).toBe(200)
  })

  test('no fixed default password is ever set', async () => {
    const { user, password } = await member()
    await adminPut(`/api/admin/users/${user.id}/reset-password`)
    expect((await server.login(user.username, password)).status).toBe(200)
  })
})

describe('administrator rights', () => {
  test('a non-admin is refused with 403; the role through an active group grants them', async () => {
    const { user, password } = await member()
    const token = await server.token(user.username, password)
    const refused = await server.request('GET', '/api/admin/users', { token })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Administrator rights are required for this action.')

    const roles = (await server.request('GET', '/api/admin/roles', { token: admin })).body.content
    const adminRole = roles.find((role: { name: string }) => role.name === 'ADMIN')
    const group = (
      await server.request('POST', '/api/admin/groups', {
        token: admin,
        body: { name: `Ops ${user.id}`, roleIds: [adminRole.id] },
      })
    ).body
    await adminPut(`/api/admin/users/${user.id}/groups/${group.id}`)
    expect((await server.request('GET', '/api/admin/users', { token })).status).toBe(200)

    await server.request('POST', `/api/admin/groups/${group.id}/deactivate`, { token: admin })
    expect((await server.request('GET', '/api/admin/users', { token })).status).toBe(403)
  })

  test('the administrator role cannot be deactivated', async () => {
    const solo = await startServer()
    try {
      const token = await solo.token()
      const role = (await solo.request('GET', '/api/admin/roles', { token })).body.content[0]
      const refused = await solo.request('POST', `/api/admin/roles/${role.id}/deactivate`, {
        token,
      })
      expect(refused.status).toBe(409)
      expect(refused.body.message).toBe(
        'The ADMIN role is the administrator role: it cannot be deactivated.',
      )
      expect(
        (await solo.request('GET', '/api/admin/roles', { token })).body.content[0].active,
      ).toBe(true)
    } finally {
      await solo.close()
    }
  })
})

test('sign-ins and sign-outs are audited', async () => {
  const { user, password } = await member()
  const token = await server.token(user.username, password)
  await server.request('POST', '/auth/logout', { token })
  const entries = (await server.request('GET', '/api/admin/audit?size=10', { token: admin })).body
    .content
  const mine = entries.filter(
    (entry: { actor: { id: number } | null }) => entry.actor?.id === user.id,
  )
  expect(mine.map((entry: { action: string }) => entry.action)).toEqual([
    'session.logout',
    'session.login',
  ])
})
