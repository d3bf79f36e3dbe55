import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { markMailFailed } from '../../server/src/db/mail-outbox'
import { startServer, type TestServer } from './support/server'

const INVALID_LINK = {
  statusCode: 400,
  error: 'Bad Request',
  message:
    'This password reset link is invalid, used or expired. Ask an administrator for a new one.',
  code: 'reset_link_invalid',
}

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

/** Mails `user` a reset link and answers its token, read from the outbox folder it went to. */
async function mailResetLink(user: { id: number; email: string }) {
  const reply = await server.request('PUT', `/api/admin/users/${user.id}/reset-password`, {
    token: admin,
  })
  expect(reply.status).toBe(200)
  return server.resetToken(user.email)
}

const useLink = (token: string) =>
  server.request('PUT', '/auth/change-password', {
    body: { token, newPassword: 'brand-new-password-1' },
  })

describe('a reset link lives only in the mail that carries it', () => {
  test('once sent, the outbox row keeps no trace of the token; the delivered link still works', async () => {
    const { user } = await server.member(admin)
    const token = await mailResetLink(user)
    const rows = await server.built.context.db.query<{ body: string; sent: boolean }>(
      'SELECT body, sent_at IS NOT NULL AS sent FROM mail_outbox WHERE user_id = $1',
      [user.id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.sent).toBe(true)
    expect(rows[0]!.body).not.toContain(token)
    expect(rows[0]!.body).not.toContain(encodeURIComponent(token))
    expect(rows[0]!.body).not.toMatch(/token=/)
    expect((await useLink(token)).status).toBe(200)
  })

  test('a mail given up keeps no body either; one still to be tried again keeps it', async () => {
    const db = server.built.context.db
    const bodyOf = async (id: number) =>
      (await db.query<{ body: string }>('SELECT body FROM mail_outbox WHERE id = $1', [id]))[0]!
        .body
    const queue = async (text: string) => {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO mail_outbox (recipient, subject, body, description, next_attempt_at)
         VALUES ('x@example.com', 'Choose a new password', $1, 'test', now() + interval '1 hour')
         RETURNING id`,
        [text],
      )
      return Number(row!.id)
    }
    const retried = await queue('link ?token=kept-for-the-next-attempt')
    const abandoned = await queue('link ?token=never-to-be-sent')
    await markMailFailed(db, retried, 'refused', 30)
    await markMailFailed(db, abandoned, 'refused', undefined)
    expect(await bodyOf(retried)).toBe('link ?token=kept-for-the-next-attempt')
    expect(await bodyOf(abandoned)).toBe('')
  })
})

describe('an outstanding reset link is retired', () => {
  const retiredBy = {
    lock: (id: number) => server.request('PUT', `/api/admin/users/${id}/lock`, { token: admin }),
    deactivate: (id: number) =>
      server.request('PUT', `/api/admin/users/${id}/deactivate`, { token: admin }),
    'bulk lock': (id: number) =>
      server.request('POST', '/api/admin/users/bulk/lock', { token: admin, body: { ids: [id] } }),
    'bulk deactivate': (id: number) =>
      server.request('POST', '/api/admin/users/bulk/deactivate', {
        token: admin,
        body: { ids: [id] },
      }),
  }

  for (const [name, retire] of Object.entries(retiredBy)) {
    test(`by ${name}, and stays retired after unlocking or activating again`, async () => {
      const { user } = await server.member(admin)
      const token = await mailResetLink(user)
      expect((await retire(user.id)).status).toBe(200)
      await server.request('PUT', `/api/admin/users/${user.id}/unlock`, { token: admin })
      await server.request('PUT', `/api/admin/users/${user.id}/activate`, { token: admin })
      const used = await useLink(token)
      expect(used.status).toBe(400)
      expect(used.body).toEqual(INVALID_LINK)
    })
  }

  test('by a newer link', async () => {
    const { user } = await server.member(admin)
    const first = await mailResetLink(user)
    const second = await mailResetLink(user)
    expect((await useLink(first)).body).toEqual(INVALID_LINK)
    expect((await useLink(second)).status).toBe(200)
  })
})
