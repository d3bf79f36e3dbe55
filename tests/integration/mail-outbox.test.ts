import { stat } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { endpoints } from '@shared/contract'
import { startServer, type TestServer } from './support/server'

/** A mail server that accepts connections and never says a word. */
async function silentMailServer() {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

describe('with a mail server that never answers', () => {
  let smtp: Awaited<ReturnType<typeof silentMailServer>>
  let server: TestServer
  let admin: string

  beforeAll(async () => {
    smtp = await silentMailServer()
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    admin = await server.token()
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  test('the reset call answers at once, other calls are not held up, and the failure shows on the user', async () => {
    const user = await server.createUser(admin)
    const started = performance.now()
    const reply = await server.request('PUT', `/api/admin/users/${user.id}/reset-password`, {
      token: admin,
    })
    expect(performance.now() - started).toBeLessThan(1000)
    expect(reply.status).toBe(200)
    expect(reply.body.resetEmailStatus).toBe('pending')

    // While the mail server holds the connection, the database is free for everyone else.
    await expect.poll(() => smtp.connections(), { timeout: 3000 }).toBeGreaterThan(0)
    const during = performance.now()
    expect(
      (await server.request('GET', `/api/admin/users/${user.id}`, { token: admin })).status,
    ).toBe(200)
    expect((await server.request('GET', '/health')).status).toBe(200)
    expect(performance.now() - during).toBeLessThan(1000)

    // The greeting timeout (5 s) gives up; the admin is told, and a retry is scheduled.
    await expect
      .poll(
        async () =>
          (await server.request('GET', `/api/admin/users/${user.id}`, { token: admin })).body
            .resetEmailStatus,
        { timeout: 12_000, interval: 250 },
      )
      .toBe('failed')
    const [row] = await server.built.context.db.query<{
      attempts: number
      retry_in: number
      failed_at: Date | null
      last_error: string
    }>(
      `SELECT attempts, extract(epoch FROM next_attempt_at - now())::float8 AS retry_in, failed_at, last_error
       FROM mail_outbox WHERE user_id = $1`,
      [user.id],
    )
    expect(row).toMatchObject({ attempts: 1, failed_at: null })
    expect(row!.last_error).toMatch(/greeting/i)
    expect(row!.retry_in).toBeGreaterThan(20)
  }, 30_000)
})

describe('with the outbox folder', () => {
  let server: TestServer
  let admin: string

  beforeAll(async () => {
    server = await startServer()
    admin = await server.token()
  })
  afterAll(() => server?.close())

  test('the mail is delivered after the commit, marked sent, and written readable by the owner only', async () => {
    const user = await server.createUser(admin)
    await server.request('PUT', `/api/admin/users/${user.id}/reset-password`, { token: admin })
    await server.resetToken(user.email)
    const after = await server.request('GET', `/api/admin/users/${user.id}`, { token: admin })
    expect(after.body.resetEmailStatus).toBe('sent')
    for (const file of await readdir(server.outbox)) {
      expect((await stat(path.join(server.outbox, file))).mode & 0o777).toBe(0o600)
    }
  })

  test('mails delivered together are each marked sent, their links emptied', async () => {
    const rows = Array.from({ length: 60 }, (_, index) => ({
      row: index + 2,
      username: `together${index}`,
      email: `together${index}@example.com`,
      firstName: 'Mailed',
      lastName: `Together ${index}`,
      phoneNumber: '+49 30 0000',
    }))
    const reply = await server.request('POST', endpoints.importUsers.path, {
      token: admin,
      body: { rows, dryRun: false, sendSetPasswordLink: true, fileName: 'together.csv' },
    })
    expect(reply.status).toBe(200)
    expect(reply.body.created).toBe(60)
    await server.built.context.mail.idle()
    const mails = await server.built.context.db.query<{ sent: boolean; body: string }>(
      `SELECT sent_at IS NOT NULL AS sent, body FROM mail_outbox WHERE recipient LIKE 'together%'`,
    )
    expect(mails).toHaveLength(60)
    expect(mails.every((mail) => mail.sent && mail.body === '')).toBe(true)
  })

  test('a reset that fails queues no mail', async () => {
    const before = await server.built.context.db.query('SELECT id FROM mail_outbox')
    const reply = await server.request('PUT', '/api/admin/users/999999/reset-password', {
      token: admin,
    })
    expect(reply.status).toBe(404)
    await sleep(50)
    expect(await server.built.context.db.query('SELECT id FROM mail_outbox')).toHaveLength(
      before.length,
    )
  })
})
