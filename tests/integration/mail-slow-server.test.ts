import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type TestServer } from './support/server'

/**
 * A stand-in for a third-party mail server, speaking just enough SMTP to take a message. The
 * connections for which `trickles(n)` holds (n counts from 1) answer EHLO with an endless reply,
 * a byte every 100 ms: never silent long enough for a socket timeout.
 */
async function fakeMailServer(trickles: (connection: number) => boolean) {
  const open = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()
  const messages: string[] = []
  let connections = 0
  const server: Server = createServer((socket) => {
    connections += 1
    const trickling = trickles(connections)
    open.add(socket)
    socket.on('close', () => open.delete(socket))
    socket.on('error', () => {})
    socket.on('end', () => socket.end())
    let buffered = ''
    let data: string[] | undefined
    socket.write('220 mail.example ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffered += chunk.toString()
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'))
            data = undefined
            socket.write('250 queued\r\n')
          } else data.push(line)
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if ((verb === 'EHLO' || verb === 'HELO') && trickling) {
          const endless = '250-still thinking\r\n'
          let sent = 0
          const timer = setInterval(() => {
            if (socket.writable) socket.write(endless[sent++ % endless.length]!)
          }, 100)
          timers.add(timer)
          socket.on('close', () => clearInterval(timer))
        } else if (verb === 'DATA') {
          data = []
          socket.write('354 go ahead\r\n')
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n')
        } else socket.write('250 ok\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    messages,
    open: () => open.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer)
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

const LIMIT_SECONDS = 3

let smtp: Awaited<ReturnType<typeof fakeMailServer>>
let server: TestServer
let admin: string

beforeAll(async () => {
  smtp = await fakeMailServer((connection) => connection === 1)
  server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_TIMEOUT_SECONDS: String(LIMIT_SECONDS),
  })
  admin = await server.token()
})
afterAll(async () => {
  await server?.close()
  await smtp?.close()
})

const emailStatus = async (id: number) =>
  (await server.request('GET', `/api/admin/users/${id}`, { token: admin })).body.resetEmailStatus

test('a mail server that trickles is cut off at the limit, other mail goes out meanwhile, and the mail is sent again later', async () => {
  const [slow, other] = [await server.createUser(admin), await server.createUser(admin)]
  const started = performance.now()
  await server.request('PUT', `/api/admin/users/${slow.id}/reset-password`, { token: admin })
  await expect.poll(() => smtp.open(), { timeout: 3000, interval: 50 }).toBe(1)

  // The next mail does not wait behind the one the mail server holds.
  await server.request('PUT', `/api/admin/users/${other.id}/reset-password`, { token: admin })
  await expect.poll(() => emailStatus(other.id), { timeout: 10_000, interval: 100 }).toBe('sent')
  expect(smtp.messages.some((message) => message.includes(other.email))).toBe(true)
  expect(await emailStatus(slow.id)).toBe('pending')

  // The trickled one is given up at the limit, its connection closed, and a retry scheduled.
  await expect
    .poll(() => emailStatus(slow.id), { timeout: (LIMIT_SECONDS + 5) * 1000, interval: 100 })
    .toBe('failed')
  expect(performance.now() - started).toBeLessThan((LIMIT_SECONDS + 2.5) * 1000)
  await expect.poll(() => smtp.open(), { timeout: 7000, interval: 100 }).toBe(0)
  const [row] = await server.built.context.db.query<{
    id: number
    attempts: number
    retry_in: number
    failed_at: Date | null
    last_error: string
  }>(
    `SELECT id, attempts, extract(epoch FROM next_attempt_at - now())::float8 AS retry_in,
       failed_at, last_error
     FROM mail_outbox WHERE user_id = $1`,
    [slow.id],
  )
  expect(row).toMatchObject({
    attempts: 1,
    failed_at: null,
    last_error: `The mail server took longer than ${LIMIT_SECONDS} s to take the message`,
  })
  expect(row!.retry_in).toBeGreaterThan(20)
  expect(smtp.messages.some((message) => message.includes(slow.email))).toBe(false)

  // Its retry is due: it goes out.
  await server.built.context.db.query(
    'UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1',
    [row!.id],
  )
  server.built.context.mail.kick()
  await expect.poll(() => emailStatus(slow.id), { timeout: 5000, interval: 100 }).toBe('sent')
  expect(smtp.messages.some((message) => message.includes(slow.email))).toBe(true)
}, 30_000)
