import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  PASSWORD_CHANGE_REQUIRED,
  passwordChangeRequiredSchema,
  sessionsEndedSchema,
  userSessionListSchema,
  type AuditEntry,
} from '@shared/contract'
import { startNpmServer } from './support/npm-server'
import { ADMIN, newUser, startServer, type TestServer } from './support/server'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

const member = () => server.member(admin)
const me = (token: string) => server.request('GET', '/auth/me', { token })

/** Signs in as a client would, with its own user agent. */
async function signInAs(username: string, password: string, userAgent: string) {
  const reply = await server.request('POST', '/auth/login', {
    body: { username, password },
    headers: { 'user-agent': userAgent },
  })
  expect(reply.status).toBe(200)
  return reply.body as { accessToken: string; refreshToken: string; sessionId: string }
}

const sessionsOf = (id: number, token = admin) =>
  server.request('GET', `/api/admin/users/${id}/sessions`, { token })

async function latestAudit(size = 10): Promise<AuditEntry[]> {
  return (await server.request('GET', `/api/admin/audit?size=${size}`, { token: admin })).body
    .content
}

describe('GET /api/admin/users/{id}/sessions', () => {
  test('lists each live session with when, where from and which client, newest use first', async () => {
    const { user, password } = await member()
    const first = await signInAs(user.username, password, 'Console/1.0 (first)')
    const second = await signInAs(user.username, password, 'Console/1.0 (second)')
    await server.request('POST', '/auth/logout', { token: first.accessToken })
    const reply = await sessionsOf(user.id)
    expect(reply.status).toBe(200)
    const sessions = userSessionListSchema.parse(reply.body)
    expect(sessions).toHaveLength(1)
    const [live] = sessions
    expect(live).toMatchObject({
      id: second.sessionId,
      ipAddress: '127.0.0.1',
      userAgent: 'Console/1.0 (second)',
      current: false,
    })
    expect(Date.parse(live!.expiresAt)).toBeGreaterThan(Date.now())
    expect(Date.parse(live!.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(live!.createdAt))
    expect(JSON.stringify(reply.body)).not.toContain(second.refreshToken.split('.')[1])
  })

  test('a refresh records the client it came from', async () => {
    const { user, password } = await member()
    const grant = await signInAs(user.username, password, 'Old/1')
    await server.request('POST', '/auth/refresh', {
      body: { refreshToken: grant.refreshToken },
      headers: { 'user-agent': 'New/2' },
    })
    const [session] = (await sessionsOf(user.id)).body
    expect(session.userAgent).toBe('New/2')
  })

  test("marks the caller's own session", async () => {
    const root = (await me(admin)).body
    const sessions = userSessionListSchema.parse((await sessionsOf(root.id)).body)
    expect(sessions.filter((session) => session.current)).toHaveLength(1)
  })

  test('404 for an unknown user; 403 for a member; 401 without a token', async () => {
    expect((await sessionsOf(999_999)).status).toBe(404)
    const { user, password } = await member()
    const token = await server.token(user.username, password)
    expect((await sessionsOf(user.id, token)).status).toBe(403)
    expect((await server.request('GET', `/api/admin/users/${user.id}/sessions`)).status).toBe(401)
  })
})

describe('signing sessions out', () => {
  test('one session: its token is refused at once, the others keep working, audited', async () => {
    const { user, password } = await member()
    const ended = await signInAs(user.username, password, 'A')
    const kept = await signInAs(user.username, password, 'B')
    const reply = await server.request(
      'DELETE',
      `/api/admin/users/${user.id}/sessions/${ended.sessionId}`,
      { token: admin },
    )
    expect(reply.status).toBe(200)
    expect(sessionsEndedSchema.parse(reply.body)).toEqual({ ended: 1, currentSessionEnded: false })
    expect((await me(ended.accessToken)).status).toBe(401)
    const refresh = await server.request('POST', '/auth/refresh', {
      body: { refreshToken: ended.refreshToken },
    })
    expect(refresh.status).toBe(401)
    expect((await me(kept.accessToken)).status).toBe(200)
    expect(await latestAudit()).toContainEqual(
      expect.objectContaining({
        action: 'session.revoke',
        targetType: 'session',
        targetId: ended.sessionId,
        changes: { userId: user.id },
      }),
    )
  })

  test("a session that is not the user's, or already ended, is a 404 and ends nothing", async () => {
    const { user, password } = await member()
    const other = await member()
    const theirs = await signInAs(other.user.username, other.password, 'X')
    await signInAs(user.username, password, 'Y')
    const wrongUser = await server.request(
      'DELETE',
      `/api/admin/users/${user.id}/sessions/${theirs.sessionId}`,
      { token: admin },
    )
    expect(wrongUser.status).toBe(404)
    expect((await me(theirs.accessToken)).status).toBe(200)
    const malformed = await server.request(
      'DELETE',
      `/api/admin/users/${user.id}/sessions/not-a-uuid`,
      { token: admin },
    )
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('sessionId: sessionId must be a session id (a UUID)')
  })

  test('everywhere: every session the test holds is refused at once, audited with the count', async () => {
    const { user, password } = await member()
    const held = [
      await signInAs(user.username, password, 'P'),
      await signInAs(user.username, password, 'Q'),
    ]
    const reply = await server.request('DELETE', `/api/admin/users/${user.id}/sessions`, {
      token: admin,
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ ended: 2, currentSessionEnded: false })
    for (const grant of held) expect((await me(grant.accessToken)).status).toBe(401)
    expect((await sessionsOf(user.id)).body).toEqual([])
    expect(await latestAudit()).toContainEqual(
      expect.objectContaining({
        action: 'user.sign_out_everywhere',
        targetId: String(user.id),
        changes: { sessionsEnded: 2 },
      }),
    )
    // The user can still sign in afterwards.
    expect((await server.login(user.username, password)).status).toBe(200)
  })

  test('signing yourself out everywhere says that your own session ended', async () => {
    const root = (await me(admin)).body
    const own = await server.token()
    const reply = await server.request('DELETE', `/api/admin/users/${root.id}/sessions`, {
      token: own,
    })
    expect(reply.body.currentSessionEnded).toBe(true)
    expect((await me(own)).status).toBe(401)
    admin = await server.token()
  })
})

/** Sets a temporary password for the user and answers it. */
async function setTemporary(id: number): Promise<string> {
  const reply = await server.request('POST', `/api/admin/users/${id}/temporary-password`, {
    token: admin,
  })
  expect(reply.status).toBe(200)
  return reply.body.temporaryPassword
}

const changeWithToken = (token: string, newPassword: string) =>
  server.request('PUT', '/auth/change-password', { body: { token, newPassword } })

describe('temporary passwords', () => {
  test('strong, random, once: the old password stops at once, sessions end, audited without it', async () => {
    const { user, password } = await member()
    const held = await signInAs(user.username, password, 'Held')
    const temporary = await setTemporary(user.id)
    expect(temporary).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/)
    expect(temporary).not.toMatch(/[0O1lIS5Z2o]/)
    expect(await setTemporary(user.id)).not.toBe(temporary)
    expect((await me(held.accessToken)).status).toBe(401)
    expect((await server.login(user.username, password)).status).toBe(401)
    const entries = await latestAudit(20)
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'user.temporary_password', targetId: String(user.id) }),
    )
    expect(JSON.stringify(entries)).not.toContain(temporary)
  })

  test('signing in with it makes no session but a change step; the new one must differ; then it works', async () => {
    const { user } = await member()
    const temporary = await setTemporary(user.id)
    const step = await server.login(user.username, temporary)
    expect(step.status).toBe(403)
    expect(step.body.code).toBe(PASSWORD_CHANGE_REQUIRED)
    expect(step.body.message).toBe(
      'This is a temporary password: choose a new password to finish signing in.',
    )
    expect(step.body.accessToken).toBeUndefined()
    const { passwordChangeToken } = passwordChangeRequiredSchema.parse(step.body)
    expect((await sessionsOf(user.id)).body).toEqual([])

    const same = await changeWithToken(passwordChangeToken, temporary)
    expect(same.status).toBe(400)
    expect(same.body.message).toBe(
      'The new password must be different from the temporary password.',
    )
    const changed = await changeWithToken(passwordChangeToken, 'brand-new-secret')
    expect(changed.status).toBe(200)
    expect((await server.login(user.username, 'brand-new-secret')).status).toBe(200)
    expect((await server.login(user.username, temporary)).status).toBe(401)
    expect((await changeWithToken(passwordChangeToken, 'another-secret')).status).toBe(400)
  })

  test('works exactly once: a second sign-in with it is refused, even before the change', async () => {
    const { user } = await member()
    const temporary = await setTemporary(user.id)
    const replies = await Promise.all([
      server.login(user.username, temporary),
      server.login(user.username, temporary),
    ])
    expect(replies.filter((reply) => reply.body.code === PASSWORD_CHANGE_REQUIRED)).toHaveLength(1)
    const again = await server.login(user.username, temporary)
    expect(again.status).toBe(403)
    expect(again.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'This temporary password has already been used. Ask an administrator for a new one.',
      code: 'temporary_password_spent',
    })
  })

  test('not for your own account, not for an unknown user, not by a member', async () => {
    const root = (await me(admin)).body
    const own = await server.request('POST', `/api/admin/users/${root.id}/temporary-password`, {
      token: admin,
    })
    expect(own.status).toBe(409)
    expect((await server.login(ADMIN.username, ADMIN.password)).status).toBe(200)
    const unknown = await server.request('POST', '/api/admin/users/999999/temporary-password', {
      token: admin,
    })
    expect(unknown.status).toBe(404)
    const { user, password } = await member()
    const token = await server.token(user.username, password)
    const refused = await server.request('POST', `/api/admin/users/${root.id}/temporary-password`, {
      token,
    })
    expect(refused.status).toBe(403)
  })

  test('never reaches the server log, the mail outbox or the audit log', async () => {
    // `npm run server` as deployed, logging every request at the most verbose level.
    const spawned = await startNpmServer({ LOG_LEVEL: 'trace', NODE_ENV: 'development' })
    try {
      const call = async (method: string, route: string, body?: unknown, token?: string) => {
        const response = await fetch(spawned.url + route, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        return { status: response.status, body: (await response.json()) as any }
      }
      const root = await call('POST', '/auth/login', {
        username: 'admin',
        password: 'npm-server-password',
      })
      const token = root.body.accessToken
      const created = await call('POST', '/api/admin/users', newUser(), token)
      const set = await call(
        'POST',
        `/api/admin/users/${created.body.id}/temporary-password`,
        undefined,
        token,
      )
      const temporary: string = set.body.temporaryPassword
      expect(temporary).toBeTruthy()
      const step = await call('POST', '/auth/login', {
        username: created.body.username,
        password: temporary,
      })
      await call('PUT', '/auth/change-password', {
        token: step.body.passwordChangeToken,
        newPassword: 'chosen-by-user',
      })
      await call('POST', '/auth/login', { username: created.body.username, password: temporary })
      const audit = await call('GET', '/api/admin/audit?size=50', undefined, token)
      expect(JSON.stringify(audit.body)).toContain('user.temporary_password')
      expect(JSON.stringify(audit.body)).not.toContain(temporary)
      // The log did record these requests: it is the right place to look.
      expect(spawned.output()).toContain('/temporary-password')
      expect(spawned.output()).not.toContain(temporary)
      expect(spawned.output()).not.toContain(step.body.passwordChangeToken)
      const outbox = path.join(spawned.dataDir, 'outbox')
      const mails = await readdir(outbox).catch(() => [])
      for (const mail of mails) {
        expect(await readFile(path.join(outbox, mail), 'utf8')).not.toContain(temporary)
      }
    } finally {
      await spawned.cleanUp()
    }
  }, 90_000)
})

describe('changing your own password', () => {
  test('needs the current password; ends every other session, keeps this one, audited', async () => {
    const { user, password } = await member()
    const other = await signInAs(user.username, password, 'Other')
    const mine = await signInAs(user.username, password, 'Mine')
    const wrong = await server.request('PUT', '/auth/change-password', {
      token: mine.accessToken,
      body: { currentPassword: 'not-it', newPassword: 'next-secret' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('The current password is not correct.')
    expect((await me(other.accessToken)).status).toBe(200)

    const reply = await server.request('PUT', '/auth/change-password', {
      token: mine.accessToken,
      body: { currentPassword: password, newPassword: 'next-secret' },
    })
    expect(reply.status).toBe(200)
    expect((await me(mine.accessToken)).status).toBe(200)
    expect((await me(other.accessToken)).status).toBe(401)
    expect((await server.login(user.username, password)).status).toBe(401)
    expect((await server.login(user.username, 'next-secret')).status).toBe(200)
    expect(await latestAudit()).toContainEqual(
      expect.objectContaining({
        action: 'user.password_change',
        actor: { id: user.id, username: user.username },
        changes: { otherSessionsEnded: 1 },
      }),
    )
  })

  test('without a session it is a 401; with both a token and the current password a 400', async () => {
    const anonymous = await server.request('PUT', '/auth/change-password', {
      body: { currentPassword: 'x', newPassword: 'next-secret' },
    })
    expect(anonymous.status).toBe(401)
    const both = await server.request('PUT', '/auth/change-password', {
      token: admin,
      body: { token: 'abc', currentPassword: 'x', newPassword: 'next-secret' },
    })
    expect(both.status).toBe(400)
  })
})

test('the OpenAPI document lists the new operations', async () => {
  const document = (await server.request('GET', '/openapi.json')).body
  expect(document.paths['/api/admin/users/{id}/sessions'].get.operationId).toBe('listUserSessions')
  expect(document.paths['/api/admin/users/{id}/sessions'].delete.operationId).toBe(
    'endAllUserSessions',
  )
  expect(document.paths['/api/admin/users/{id}/sessions/{sessionId}'].delete.operationId).toBe(
    'endUserSession',
  )
  expect(document.paths['/api/admin/users/{id}/temporary-password'].post.operationId).toBe(
    'setTemporaryPassword',
  )
  expect(document.paths['/auth/change-password'].put.security).toEqual([{}, { bearer: [] }])
})
