import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { apiErrorSchema } from '@shared/contract'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
})
afterAll(() => server?.close())

/** Every failure has the same shape and tells nothing of the server's insides. */
function expectErrorBody(body: unknown, statusCode: number) {
  const parsed = apiErrorSchema.strict().parse(body)
  expect(parsed.statusCode).toBe(statusCode)
  expect(JSON.stringify(body)).not.toMatch(/stack|at \w+ \(|node_modules/)
}

test('GET /health answers 200 once migrations are applied', async () => {
  const reply = await server.request('GET', '/health')
  expect(reply.status).toBe(200)
  expect(reply.body).toEqual({ status: 'ok', checks: { database: 'ok', mail: 'ok' } })
})

test('GET /openapi.json documents every endpoint of the contract', async () => {
  const reply = await server.request('GET', '/openapi.json')
  expect(reply.status).toBe(200)
  expect(reply.body.openapi).toBe('3.1.0')
  const expected: [string, string][] = [
    ['post', '/auth/login'],
    ['post', '/auth/refresh'],
    ['get', '/auth/me'],
    ['post', '/auth/logout'],
    ['put', '/auth/change-password'],
    ['get', '/api/admin/users'],
    ['post', '/api/admin/users'],
    ['get', '/api/admin/users/export'],
    ['get', '/api/admin/users/{id}'],
    ['put', '/api/admin/users/{id}'],
    ...['activate', 'deactivate', 'lock', 'unlock', 'reset-password'].map(
      (action): [string, string] => ['put', `/api/admin/users/{id}/${action}`],
    ),
    ['get', '/api/admin/users/{id}/roles'],
    ['put', '/api/admin/users/{id}/roles/{roleId}'],
    ['delete', '/api/admin/users/{id}/roles/{roleId}'],
    ['get', '/api/admin/users/{id}/groups'],
    ['put', '/api/admin/users/{id}/groups/{groupId}'],
    ['delete', '/api/admin/users/{id}/groups/{groupId}'],
    ...['roles', 'groups'].flatMap((kind): [string, string][] => [
      ['get', `/api/admin/${kind}`],
      ['post', `/api/admin/${kind}`],
      ['put', `/api/admin/${kind}/{id}`],
      ['post', `/api/admin/${kind}/{id}/activate`],
      ['post', `/api/admin/${kind}/{id}/deactivate`],
    ]),
    ['get', '/api/admin/audit'],
  ]
  for (const [method, path] of expected) {
    const operation = reply.body.paths[path]?.[method]
    expect(operation, `${method} ${path}`).toBeDefined()
    if (path.startsWith('/api/admin')) expect(operation.security).toEqual([{ bearer: [] }])
  }
  const list = reply.body.paths['/api/admin/users'].get
  expect(list.parameters.map((p: { name: string }) => p.name)).toEqual([
    'page',
    'size',
    'search',
    'sort',
    'direction',
    'status',
    'locked',
    'roleId',
    'groupId',
    'twoStep',
    'lastSignIn',
    'accessEnding',
    'cursor',
  ])
})

describe('bad requests get a clear 4xx, never a 500', () => {
  test('a body over 1 MiB is a 413', async () => {
    const reply = await server.request('POST', '/auth/login', {
      raw: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    })
    expect(reply.status).toBe(413)
    expect(reply.body.message).toBe('Request body is larger than 1 MiB')
    expectErrorBody(reply.body, 413)
  })

  test.each([
    ['malformed JSON', '{"username": "root", ', 'Request body is not valid JSON'],
    ['a JSON array', '[1, 2]', 'Request body must be a JSON object'],
    ['a JSON string', '"root"', 'Request body must be a JSON object'],
    ['no body', undefined, 'Request body must be a JSON object'],
  ])('%s is a 400', async (_, raw, message) => {
    const reply = await server.request('POST', '/api/admin/users', {
      token,
      raw,
      headers: { 'content-type': 'application/json' },
    })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe(message)
    expectErrorBody(reply.body, 400)
  })

  test('a body that is not JSON is a 415', async () => {
    const reply = await server.request('POST', '/auth/login', {
      raw: 'username=root',
      headers: { 'content-type': 'text/plain' },
    })
    expect(reply.status).toBe(415)
    expectErrorBody(reply.body, 415)
  })

  test('an unknown route is a JSON 404', async () => {
    const reply = await server.request('GET', '/api/admin/nothing-here?x=1', { token })
    expect(reply.status).toBe(404)
    expect(reply.body.message).toBe('Route GET /api/admin/nothing-here not found')
    expectErrorBody(reply.body, 404)
  })

  test('an empty JSON body on a body-less action is accepted', async () => {
    const user = await server.createUser(token)
    const reply = await server.request('PUT', `/api/admin/users/${user.id}/lock`, {
      token,
      raw: '',
      headers: { 'content-type': 'application/json' },
    })
    expect(reply.status).toBe(200)
  })

  const longText = 'x'.repeat(300)
  test.each([
    ['GET', '/api/admin/users/abc', undefined, 400],
    ['GET', '/api/admin/users/99999999999999999999', undefined, 400],
    ['GET', '/api/admin/users?page=99999999999', undefined, 200],
    ['GET', '/api/admin/users?page=1e400', undefined, 400],
    ['GET', `/api/admin/users?search=${longText}`, undefined, 400],
    ['GET', `/api/admin/users?search=${encodeURIComponent('\u0000')}`, undefined, 400],
    ['GET', `/api/admin/users?search=${encodeURIComponent('émile 👋 名前')}`, undefined, 200],
    ['GET', '/api/admin/users?sort=id&sort=email', undefined, 400],
    ['POST', '/api/admin/users', { username: null, email: null }, 400],
    [
      'POST',
      '/api/admin/users',
      { username: 12, email: true, password: [], firstName: {}, lastName: 1, phoneNumber: 2 },
      400,
    ],
    [
      'POST',
      '/api/admin/users',
      {
        username: 'a\u0000b',
        email: 'a@b.example',
        password: 'secret-123',
        firstName: 'a',
        lastName: 'b',
        phoneNumber: '+971 50 000 0001',
      },
      400,
    ],
    [
      'POST',
      '/api/admin/users',
      {
        username: longText,
        email: 'a@b.example',
        password: 'secret-123',
        firstName: 'a',
        lastName: 'b',
        phoneNumber: '+971 50 000 0001',
      },
      400,
    ],
    ['POST', '/api/admin/roles', { name: 'x', groupIds: 'all' }, 400],
    ['POST', '/api/admin/roles', { name: 'x', groupIds: [1.5] }, 400],
    ['POST', '/api/admin/roles', { name: 'x', groupIds: [-1] }, 400],
    ['PUT', '/api/admin/users/1/roles/abc', undefined, 400],
    ['POST', '/auth/login', { username: 'root', password: 'x'.repeat(5000) }, 400],
    ['POST', '/auth/login', { username: 'ro\u0000ot', password: 'whatever' }, 400],
    ['POST', '/auth/refresh', { refreshToken: 42 }, 400],
    ['PUT', '/auth/change-password', { token: 'nope', newPassword: 'long-enough' }, 400],
    ['GET', '/api/admin/audit?size=500', undefined, 400],
  ])('%s %s → %i', async (method, path, body, status) => {
    const reply = await server.request(method, path, { token, body })
    expect(reply.status).toBe(status)
    if (status >= 400) expectErrorBody(reply.body, status)
  })

  test('extra fields are ignored, not stored', async () => {
    const reply = await server.request('POST', '/api/admin/users', {
      token,
      body: {
        username: 'extra-fields',
        email: 'extra@example.com',
        password: 'secret-123',
        firstName: 'E',
        lastName: 'F',
        phoneNumber: '+971 50 000 0001',
        isLocked: true,
        id: 1,
      },
    })
    expect(reply.status).toBe(201)
    expect(reply.body.isLocked).toBe(false)
    expect(reply.body.id).not.toBe(1)
  })
})

describe('CORS', () => {
  test('is closed by default', async () => {
    const reply = await server.request('GET', '/health', {
      headers: { origin: 'http://evil.example' },
    })
    expect(reply.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('opens to the origins of CORS_ORIGINS', async () => {
    const open = await startServer({ CORS_ORIGINS: 'http://app.example' })
    try {
      const preflight = await open.request('OPTIONS', '/api/admin/users', {
        headers: { origin: 'http://app.example', 'access-control-request-method': 'GET' },
      })
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://app.example')
      const other = await open.request('GET', '/health', {
        headers: { origin: 'http://evil.example' },
      })
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
    } finally {
      await open.close()
    }
  })
})
