import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newUser, startServer, type TestServer } from './support/server'

/**
 * `\ud800` is a valid JSON escape whose string is not valid UTF-16: stored as it is it turns into
 * U+FFFD on its way to the database, so the name kept is not the name sent.
 */
const LONE = '\\ud800'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

/** A JSON body whose `field` holds `text` spelled with JSON escapes as they are. */
function rawBody(value: Record<string, unknown>, field: string, text: string) {
  return JSON.stringify({ ...value, [field]: '@@' }).replace('"@@"', `"${text}"`)
}

describe('text that is not valid UTF-16 is refused, naming the field, and nothing is stored', () => {
  test('creating a user', async () => {
    for (const [field, text] of [
      ['firstName', `Ev${LONE}e`],
      ['lastName', `${LONE}`],
      ['username', `eve${LONE}`],
      ['email', `eve${LONE}@example.com`],
      ['phoneNumber', `+971 50 ${LONE}`],
      ['password', `secret-123${LONE}`],
      ['firstName', '\\udc00low first'],
      ['lastName', 'reversed \\udc00\\ud800 pair'],
    ] as const) {
      const payload = newUser()
      const reply = await server.request('POST', '/api/admin/users', {
        token: admin,
        raw: rawBody(payload, field, text),
      })
      expect(reply.status, `${field} ${text}`).toBe(400)
      expect(reply.body.message).toBe(`${field}: must be valid Unicode text`)
      expect(reply.body.details).toEqual([{ field, message: 'must be valid Unicode text' }])
      const found = await server.built.context.db.query(
        'SELECT id FROM users WHERE username = $1',
        [payload.username],
      )
      expect(found).toHaveLength(0)
    }
  })

  test('updating a user', async () => {
    const user = await server.createUser(admin)
    const reply = await server.request('PUT', `/api/admin/users/${user.id}`, {
      token: admin,
      raw: rawBody(
        {
          username: user.username,
          email: user.email,
          firstName: 'Eve',
          lastName: user.lastName,
          phoneNumber: user.phoneNumber,
        },
        'firstName',
        `Ev${LONE}e`,
      ),
    })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe('firstName: must be valid Unicode text')
    const after = await server.request('GET', `/api/admin/users/${user.id}`, { token: admin })
    expect(after.body.firstName).toBe(user.firstName)
  })

  test('naming a role', async () => {
    const name = `AUDITOR${process.pid}`
    const reply = await server.request('POST', '/api/admin/roles', {
      token: admin,
      raw: rawBody({}, 'name', `${name}${LONE}`),
    })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe('name: must be valid Unicode text')
    const found = await server.built.context.db.query('SELECT id FROM roles WHERE name LIKE $1', [
      `${name}%`,
    ])
    expect(found).toHaveLength(0)
  })

  test('signing in', async () => {
    const reply = await server.request('POST', '/auth/login', {
      raw: rawBody({ password: 'whatever-pw' }, 'username', `root${LONE}`),
    })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe('username: must be valid Unicode text')
  })

  test('searching', async () => {
    const user = await server.createUser(admin)
    const bulk = await server.request('POST', '/api/admin/users/bulk/lock', {
      token: admin,
      raw: JSON.stringify({ filter: { search: '@@' } }).replace(
        '"@@"',
        `"${user.username}${LONE}"`,
      ),
    })
    expect(bulk.status).toBe(400)
    expect(bulk.body.message).toBe('filter.search: must be valid Unicode text')
    const after = await server.request('GET', `/api/admin/users/${user.id}`, { token: admin })
    expect(after.body.isLocked).toBe(false)
    // A URL cannot spell a lone surrogate: its UTF-8 bytes (CESU-8) are not decoded, only matched.
    const search = await server.request('GET', '/api/admin/users?search=ev%ED%A0%80e', {
      token: admin,
    })
    expect(search.status).toBe(200)
    expect(search.body.content).toEqual([])
  })

  test('however deep it sits, it is a 400 naming where', async () => {
    const depth = 100_000
    const reply = await server.request('POST', '/api/admin/roles', {
      token: admin,
      raw: `{"name":${'['.repeat(depth)}"${LONE}"${']'.repeat(depth)}}`,
    })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe(
      `name.${Array(depth).fill(0).join('.')}: must be valid Unicode text`,
    )
  })

  test('a pair in the right order is text like any other', async () => {
    const reply = await server.request('POST', '/api/admin/users', {
      token: admin,
      raw: rawBody(newUser(), 'firstName', 'Ev\\ud83d\\ude00e'),
    })
    expect(reply.status).toBe(201)
    expect(reply.body.firstName).toBe('Ev😀e')
  })
})
