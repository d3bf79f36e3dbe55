import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashToken, newSecret } from '../../server/src/auth/tokens'
import { race, statuses } from './support/race'
import { startServer, type TestServer } from './support/server'

/**
 * Where two layers guard the same thing, each is tested with the other out of the way, so that
 * losing either one fails a test: a locked or inactive user is cut off by the end of their
 * sessions and by the check on every request; a used reset link by being marked used and by
 * the retirement of every link of its user.
 */

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

const adminCall = (method: string, path: string) => server.request(method, path, { token: admin })
const me = (token: string) => server.request('GET', '/auth/me', { token })
const refresh = (refreshToken: string) =>
  server.request('POST', '/auth/refresh', { body: { refreshToken } })
const changeWithLink = (token: string, newPassword: string) =>
  server.request('PUT', '/auth/change-password', { body: { token, newPassword } })

/** A fresh member, signed in: its grant's tokens and session. */
const signedInMember = () => server.signedInMember(admin)

/** Cutting a user off, and letting them back in. */
const CUT_OFF = [
  { cut: 'lock', restore: 'unlock', refusal: 'This account is locked.' },
  { cut: 'deactivate', restore: 'activate', refusal: 'This account is inactive.' },
] as const

describe.each(CUT_OFF)('$cut ends every session of the user', ({ cut, restore }) => {
  test(`after ${cut} then ${restore}, the old tokens stay dead and no session is listed`, async () => {
    const { user, password, grant } = await signedInMember()
    expect((await me(grant.accessToken)).status).toBe(200)
    expect((await adminCall('PUT', `/api/admin/users/${user.id}/${cut}`)).status).toBe(200)
    expect((await adminCall('PUT', `/api/admin/users/${user.id}/${restore}`)).status).toBe(200)

    const stale = await me(grant.accessToken)
    expect(stale.status).toBe(401)
    expect(stale.body.message).toBe('Session has ended. Sign in again.')
    expect((await refresh(grant.refreshToken)).status).toBe(401)
    expect((await adminCall('GET', `/api/admin/users/${user.id}/sessions`)).body).toEqual([])
    // Only the old session ended: the user signs in again.
    expect((await server.login(user.username, password)).status).toBe(200)
  })
})

describe.each(CUT_OFF)(
  'the check on every request refuses a user cut off by $cut',
  ({ cut, refusal }) => {
    test('even when the session survived the change', async () => {
      const { user, grant } = await signedInMember()
      expect((await adminCall('PUT', `/api/admin/users/${user.id}/${cut}`)).status).toBe(200)
      // As if the end of sessions had missed this one.
      await server.built.context.db.query('UPDATE sessions SET revoked_at = NULL WHERE id = $1', [
        grant.sessionId,
      ])
      const refused = await me(grant.accessToken)
      expect(refused.status).toBe(401)
      expect(refused.body.message).toBe(refusal)
      expect((await refresh(grant.refreshToken)).status).toBe(401)
    })
  },
)

describe('a used reset link', () => {
  /** A member with a reset link mailed, and the link's token. */
  async function memberWithLink() {
    const { user, password } = await server.member(admin)
    await adminCall('PUT', `/api/admin/users/${user.id}/reset-password`)
    return { user, password, link: await server.resetToken(user.email) }
  }

  test('is marked used: used twice at once, it sets one password', async () => {
    const rounds = await race(server, {
      rounds: 4,
      token: admin,
      stage: memberWithLink,
      contenders: ({ link }) => [
        () => changeWithLink(link, 'first-choice'),
        () => changeWithLink(link, 'second-choice'),
      ],
    })
    for (const { stage, replies } of rounds) {
      expect(statuses(replies)).toEqual([200, 400])
      const chosen = replies[0]!.status === 200 ? 'first-choice' : 'second-choice'
      expect((await server.login(stage.user.username, chosen)).status).toBe(200)
    }
  })

  test('retires every other link of its user: one still outstanding is refused', async () => {
    const { user, link } = await memberWithLink()
    // A second link of the same user, as if issued in the same instant as the first.
    const other = newSecret()
    await server.built.context.db.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + interval '1 hour')`,
      [hashToken(other), user.id],
    )
    expect((await changeWithLink(link, 'first-choice')).status).toBe(200)
    const refused = await changeWithLink(other, 'second-choice')
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/invalid, used or expired/)
    expect((await server.login(user.username, 'first-choice')).status).toBe(200)
  })

  test.each([
    {
      change: 'the user changes their own password',
      async apply(user: { username: string }, password: string) {
        const token = await server.token(user.username, password)
        return server.request('PUT', '/auth/change-password', {
          token,
          body: { currentPassword: password, newPassword: 'changed-by-user' },
        })
      },
    },
    {
      change: 'an administrator sets a temporary password',
      apply: (user: { id: number }) =>
        adminCall('POST', `/api/admin/users/${user.id}/temporary-password`),
    },
  ])('an unused link is retired when $change', async ({ apply }) => {
    const { user, password, link } = await memberWithLink()
    expect((await apply(user, password)).status).toBe(200)
    const refused = await changeWithLink(link, 'by-the-old-link')
    expect(refused.status).toBe(400)
    expect((await server.login(user.username, 'by-the-old-link')).status).toBe(401)
  })
})
