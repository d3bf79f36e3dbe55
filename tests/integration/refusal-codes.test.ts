import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  GENERAL_REFUSAL_CODES,
  INVALID_FIELDS,
  REFUSAL_MESSAGES,
  apiErrorSchema,
  refusalMessage,
  type CodedRefusal,
} from '@shared/contract'
import { IntlMessageFormat } from 'intl-messageformat'
import { AR_REFUSALS } from '@shared/i18n/ar'
import { ADMIN, newUser, startServer, type RequestOptions, type TestServer } from './support/server'

/**
 * Issue 59, item 5: every refusal carries a code of the shared catalogue beside its English
 * message, which stays as it was; a catalogued code's message is the catalogue's text.
 */
let server: TestServer
let admin: string
let adminId: number
let member: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
  adminId = (await server.request('GET', '/auth/me', { token: admin })).body.id
  member = (await server.signedInMember(admin)).grant.accessToken
})
afterAll(() => server.close())

const KNOWN_CODES = new Set<string>([
  ...Object.keys(REFUSAL_MESSAGES),
  INVALID_FIELDS,
  ...Object.values(GENERAL_REFUSAL_CODES),
])

interface Refused {
  name: string
  ask: () => Promise<{ status: number; body: unknown }>
  status: number
  code: string
  message: string
}

const request =
  (method: string, path: string, options: RequestOptions = {}) =>
  () =>
    server.request(method, path, options)
/** Asked with the administrator's token, known only once the server has started. */
const asAdmin =
  (method: string, path: string, options: RequestOptions = {}) =>
  () =>
    server.request(method, path, { token: admin, ...options })

const cases = (): Refused[] => [
  {
    name: 'no token',
    ask: request('GET', '/api/admin/users'),
    status: 401,
    code: 'not_authenticated',
    message: 'Not authenticated',
  },
  {
    name: 'a token that is none',
    ask: request('GET', '/api/admin/users', { headers: { authorization: 'Bearer nonsense' } }),
    status: 401,
    code: 'access_token_invalid',
    message: 'Access token is invalid or expired',
  },
  {
    name: 'a wrong password',
    ask: () => server.login(ADMIN.username, 'not-the-password'),
    status: 401,
    code: 'invalid_credentials',
    message: 'Invalid username or password',
  },
  {
    name: 'a sign-in without a username',
    ask: request('POST', '/auth/login', { body: { username: '', password: 'whatever-1' } }),
    status: 400,
    code: INVALID_FIELDS,
    message: 'username: username is required',
  },
  {
    name: 'an unknown user',
    ask: asAdmin('GET', '/api/admin/users/999999'),
    status: 404,
    code: 'user_not_found',
    message: 'User 999999 not found',
  },
  {
    name: 'an unknown role',
    ask: asAdmin('PUT', '/api/admin/roles/999999', { body: { name: 'Nobody', groupIds: [] } }),
    status: 404,
    code: 'role_not_found',
    message: 'Role 999999 not found',
  },
  {
    name: 'a username taken',
    ask: asAdmin('POST', '/api/admin/users', { body: newUser({ username: ADMIN.username }) }),
    status: 409,
    code: 'username_taken',
    message: `Username "${ADMIN.username}" is already taken`,
  },
  {
    name: 'an empty new user',
    ask: asAdmin('POST', '/api/admin/users', { body: {} }),
    status: 400,
    code: INVALID_FIELDS,
    message: '',
  },
  {
    name: 'a body that is not JSON',
    ask: asAdmin('POST', '/api/admin/users', {
      raw: '{',
      headers: { 'content-type': 'application/json' },
    }),
    status: 400,
    code: 'body_not_json',
    message: 'Request body is not valid JSON',
  },
  {
    name: 'a body that is a list',
    ask: asAdmin('POST', '/api/admin/users', { body: [] }),
    status: 400,
    code: 'body_not_object',
    message: 'Request body must be a JSON object',
  },
  {
    name: 'a body as plain text',
    ask: asAdmin('POST', '/api/admin/users', {
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    }),
    status: 415,
    code: 'body_not_json_media_type',
    message: 'Send the request body as application/json',
  },
  {
    name: 'an unknown route',
    ask: request('GET', '/nowhere'),
    status: 404,
    code: 'route_not_found',
    message: 'Route GET /nowhere not found',
  },
  {
    name: 'a member on an administrator route',
    ask: () => server.request('GET', '/api/admin/users', { token: member }),
    status: 403,
    code: 'administrator_required',
    message: 'Administrator rights are required for this action.',
  },
  {
    name: 'locking oneself',
    ask: () => server.request('PUT', `/api/admin/users/${adminId}/lock`, { token: admin }),
    status: 409,
    code: 'own_account_lock',
    message: 'You cannot lock your own account.',
  },
  {
    name: 'a cursor this server did not give',
    ask: asAdmin('GET', '/api/admin/users?cursor=abc'),
    status: 400,
    code: 'cursor_malformed',
    message: 'cursor is not one this server gave',
  },
]

describe('every refusal has a code of the catalogue', () => {
  test('a role name taken names the name, in the message and the params', async () => {
    const name = `Refusal codes ${Date.now()}`
    const body = { name, groupIds: [] }
    expect((await server.request('POST', '/api/admin/roles', { token: admin, body })).status).toBe(
      201,
    )
    const again = await server.request('POST', '/api/admin/roles', { token: admin, body })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: 'role_name_taken',
      params: { name },
      message: `A role named "${name}" already exists`,
    })
  })

  test.each(cases().map((refused) => [refused.name, refused] as const))(
    '%s',
    async (_name, refused) => {
      const reply = await refused.ask()
      expect(reply.status).toBe(refused.status)
      const body = apiErrorSchema.parse(reply.body)
      expect(body.code).toBe(refused.code)
      expect(KNOWN_CODES.has(body.code!)).toBe(true)
      if (refused.code === INVALID_FIELDS) {
        // Its message names each field of its details, in their words.
        expect(body.details?.length).toBeGreaterThan(0)
        const fields = body.details!.map((d) => `${d.field}: ${d.message}`).join('; ')
        expect(body.message).toBe(refused.message || fields)
      } else {
        expect(body.message).toBe(refused.message)
        expect(refusalMessage({ code: body.code, params: body.params } as CodedRefusal)).toBe(
          body.message,
        )
        // The console's Arabic words for it name exactly what the reply's params give.
        const arabic = new IntlMessageFormat(AR_REFUSALS[body.code!]!, 'ar').format<string>({
          ...body.params,
          bdi: (chunks: string[]) => chunks.join(''),
        })
        expect(String(arabic)).not.toMatch(/[{}]/)
      }
    },
  )
})
