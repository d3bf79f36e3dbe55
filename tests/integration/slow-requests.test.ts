import { connect } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type TestServer } from './support/server'

const LIMIT_SECONDS = 1
/** The limit, Node's check of it (once a second at most) and slack for a busy machine. */
const CUT_WITHIN_MS = LIMIT_SECONDS * 1000 + 1000 + 1500

let server: TestServer

beforeAll(async () => {
  server = await startServer({ REQUEST_TIMEOUT_SECONDS: String(LIMIT_SECONDS) })
})
afterAll(() => server?.close())

/**
 * Sends `head` at once and then `trickle` a byte every 100 ms; answers what arrived and when
 * the server closed the connection (or when the trickle ran out, if it never did).
 */
function trickle(head: string, trickle: string) {
  const { hostname, port } = new URL(server.url)
  return new Promise<{ answer: string; closedAfterMs: number; closedByServer: boolean }>(
    (resolve) => {
      const started = performance.now()
      const socket = connect(Number(port), hostname)
      let answer = ''
      let sent = 0
      const timer = setInterval(() => {
        if (sent === trickle.length) {
          clearInterval(timer)
          socket.destroy()
          resolve({ answer, closedAfterMs: performance.now() - started, closedByServer: false })
          return
        }
        socket.write(trickle[sent++]!)
      }, 100)
      const closed = () => {
        clearInterval(timer)
        resolve({ answer, closedAfterMs: performance.now() - started, closedByServer: true })
      }
      socket.on('data', (chunk) => (answer += chunk.toString()))
      socket.on('close', closed)
      socket.on('error', closed)
      socket.write(head)
    },
  )
}

test('a body that trickles in is cut off at the limit with a 408, before it is read', async () => {
  // 80 bytes at 10 a second would take 8 s.
  const body = JSON.stringify({ username: 'someone', password: 'x'.repeat(47) })
  const result = await trickle(
    'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`,
    body,
  )
  expect(result.closedByServer).toBe(true)
  expect(result.closedAfterMs).toBeLessThan(CUT_WITHIN_MS)
  expect(result.answer).toMatch(/^HTTP\/1\.1 408 /)
  expect(JSON.parse(result.answer.split('\r\n\r\n')[1]!)).toEqual({
    statusCode: 408,
    error: 'Request Timeout',
    message: 'The request took too long to arrive',
    code: 'request_too_slow',
  })
}, 15_000)

test('headers that trickle in are cut off at the same limit', async () => {
  const result = await trickle('GET /health HTTP/1.1\r\n', `X-Slow: ${'a'.repeat(70)}\r\n\r\n`)
  expect(result.closedByServer).toBe(true)
  expect(result.closedAfterMs).toBeLessThan(CUT_WITHIN_MS)
  expect(result.answer).toMatch(/^HTTP\/1\.1 408 /)
}, 15_000)

test('a request that arrives in time is served as before', async () => {
  const reply = await server.request('GET', '/health')
  expect(reply.status).toBe(200)
})
