import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { apiErrorSchema } from '@shared/contract'
import { newUser, startServer, type TestServer } from './support/server'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

const INVISIBLE = [
  ['a zero-width space', '\u200b'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right mark', '\u200e'],
  ['a C1 control', '\u0085'],
  ['a byte-order mark', '\ufeff'],
  ['a tab', '\t'],
] as const

describe('names hold only visible text', () => {
  test.each(INVISIBLE)(
    '%s is refused in every name, username, email and phone',
    async (_, char) => {
      const fields = [
        ['username', 'Username', `root${char}admin`],
        ['firstName', 'First name', `Ev${char}e`],
        ['lastName', 'Last name', `Sm${char}ith`],
        ['phoneNumber', 'Phone number', `+971${char}500`],
        ['email', 'Email', `ev${char}e@example.com`],
      ] as const
      for (const [field, label, value] of fields) {
        const reply = await server.request('POST', '/api/admin/users', {
          token: admin,
          body: newUser({ [field]: value }),
        })
        expect(reply.status, field).toBe(400)
        expect(reply.body.message).toBe(
          `${field}: ${label} must not contain control or invisible formatting characters`,
        )
      }
      const role = await server.request('POST', '/api/admin/roles', {
        token: admin,
        body: { name: `AD${char}MIN` },
      })
      expect(role.status).toBe(400)
      expect(role.body.message).toBe(
        'name: Name must not contain control or invisible formatting characters',
      )
      const login = await server.login(`ro${char}ot`, 'whatever-pw')
      expect(login.status).toBe(400)
      expect(login.body.message).toBe(
        'username: username must not contain control or invisible formatting characters',
      )
    },
  )

  test('names are stored NFC-normalised, so one name has one spelling', async () => {
    const decomposed = 'Jose\u0301'
    const user = await server.createUser(admin, {
      firstName: decomposed,
      username: `jose\u0301-${Date.now()}`,
    })
    expect(user.firstName).toBe('Jos\u00e9')
    expect(user.username.startsWith('jos\u00e9-')).toBe(true)
  })

  test('letters of every script, accents and emoji-free punctuation still pass', async () => {
    const user = await server.createUser(admin, { firstName: 'Zoë-Ånné', lastName: 'محمد 李' })
    expect(user.fullName).toBe('Zoë-Ånné محمد 李')
  })
})

describe('every answer of the API', () => {
  test.each([
    ['POST', '/auth/login', { username: 'root', password: 'wrong-pw' }, undefined],
    ['GET', '/auth/me', undefined, 'token'],
    ['GET', '/api/admin/users', undefined, 'token'],
    ['GET', '/api/admin/users', undefined, undefined],
    ['GET', '/api/admin/nowhere', undefined, 'token'],
  ])('%s %s is not cached, not sniffed, and leaks no Referer', async (method, url, body, auth) => {
    const reply = await server.request(method, url, {
      body,
      token: auth ? admin : undefined,
    })
    expect(reply.headers.get('cache-control')).toBe('no-store')
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer')
  })

  test('a path segment too long is a 414 with the standard body', async () => {
    const reply = await server.request('GET', `/api/admin/users/${'9'.repeat(300)}`, {
      token: admin,
    })
    expect(reply.status).toBe(414)
    expect(apiErrorSchema.strict().parse(reply.body)).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'A segment of the URL is longer than 100 characters',
      code: 'url_segment_too_long',
    })
  })

  test('headers too large are a 431 with the standard body', async () => {
    const { hostname, port } = new URL(server.url)
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname)
      let answer = ''
      socket.on('data', (chunk) => (answer += chunk.toString()))
      socket.on('close', () => resolve(answer))
      // The server closes the connection after its answer; what arrived is what counts.
      socket.on('error', () => resolve(answer))
      socket.write(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    })
    const [head, body] = raw.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 431 /)
    expect(head).toMatch(/\r\nCache-Control: no-store\r\n/i)
    expect(apiErrorSchema.strict().parse(JSON.parse(body!))).toEqual({
      statusCode: 431,
      error: 'Request Header Fields Too Large',
      message: 'Request headers are larger than the server accepts',
      code: 'headers_too_large',
    })
  })
})

test('a 403 on an administrator route is audited', async () => {
  const payload = newUser()
  const user = await server.createUser(admin, payload)
  const member = await server.token(user.username, payload.password)
  expect((await server.request('GET', '/api/admin/users', { token: member })).status).toBe(403)
  const entries = (await server.request('GET', '/api/admin/audit?size=5', { token: admin })).body
    .content
  expect(entries).toContainEqual(
    expect.objectContaining({
      action: 'access.denied',
      actor: { id: user.id, username: user.username },
      targetType: 'route',
      targetId: 'GET /api/admin/users',
    }),
  )
})
