import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startServer, type TestServer } from './support/server'

/**
 * Time passes the way the server's clock reads it, the database's `now()`: a session is made
 * to have been unused for so long by moving its `last_used_at` back, not by waiting.
 */
let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

async function signIn(on: TestServer, token: string) {
  const { user, password } = await on.member(token)
  return (await on.login(user.username, password)).body as {
    accessToken: string
    refreshToken: string
    sessionId: string
  }
}

async function leaveUnused(on: TestServer, sessionId: string, seconds: number) {
  await on.built.context.db.query(
    `UPDATE sessions SET last_used_at = now() - make_interval(secs => $2) WHERE id = $1`,
    [sessionId, seconds],
  )
}

const refresh = (on: TestServer, refreshToken: string) =>
  on.request('POST', '/auth/refresh', { body: { refreshToken } })

describe('SESSION_IDLE_SECONDS (default 1800)', () => {
  test('a session unused for longer cannot be refreshed: "Session expired"', async () => {
    const grant = await signIn(server, admin)
    await leaveUnused(server, grant.sessionId, 1801)
    const reply = await refresh(server, grant.refreshToken)
    expect(reply.status).toBe(401)
    expect(reply.body.message).toBe('Session expired')
  })

  test('one unused for a little less is refreshed', async () => {
    const grant = await signIn(server, admin)
    await leaveUnused(server, grant.sessionId, 1790)
    expect((await refresh(server, grant.refreshToken)).status).toBe(200)
  })

  test('an authenticated request counts as use', async () => {
    const grant = await signIn(server, admin)
    await leaveUnused(server, grant.sessionId, 2000)
    expect((await server.request('GET', '/auth/me', { token: grant.accessToken })).status).toBe(200)
    expect((await refresh(server, grant.refreshToken)).status).toBe(200)
  })

  test('a refresh counts as use', async () => {
    const grant = await signIn(server, admin)
    await leaveUnused(server, grant.sessionId, 1700)
    const renewed = (await refresh(server, grant.refreshToken)).body.response
    await server.built.context.db.query(
      // Everything the session recorded, a further 1700 s back: 3400 s since sign-in.
      `UPDATE sessions SET created_at = created_at - interval '1700 seconds',
         rotated_at = rotated_at - interval '1700 seconds',
         last_used_at = last_used_at - interval '1700 seconds' WHERE id = $1`,
      [grant.sessionId],
    )
    expect((await refresh(server, renewed.refreshToken)).status).toBe(200)
  })
})

test('a shorter SESSION_IDLE_SECONDS is honoured', async () => {
  const strict = await startServer({ SESSION_IDLE_SECONDS: '300' })
  try {
    const grant = await signIn(strict, await strict.token())
    await leaveUnused(strict, grant.sessionId, 301)
    expect((await refresh(strict, grant.refreshToken)).status).toBe(401)
  } finally {
    await strict.close()
  }
})
