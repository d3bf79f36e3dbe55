import { afterAll, beforeAll, expect, test } from 'vitest'
import { apiErrorSchema, endpoints, type EndpointName } from '@shared/contract'
import { servedOperations, type Operation, type Schema } from './support/openapi'
import { startServer, type TestServer } from './support/server'

/**
 * Requests made from the served OpenAPI document, valid and broken alike, over every operation:
 * whatever arrives, the answer is never a 5xx and every error has the standard shape. Seeded, so
 * a failure replays exactly; FUZZ_SEED picks another run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const REQUESTS = 1200

/** mulberry32: small, fast and the same everywhere. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = prng(SEED)
const chance = (p: number) => random() < p
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const NASTY_STRINGS = [
  '',
  ' ',
  'a',
  'root',
  'x'.repeat(300),
  'y'.repeat(5000),
  "' OR 1=1 --",
  '%_\\',
  '\u0000',
  'root\u200badmin',
  '\u202eevil',
  'e\u0301',
  '😀',
  '\ud800',
  '0x10',
  '-1',
  '1e309',
  'NaN',
  'null',
  '<script>',
  'user@example.com',
  'not-an-email@',
]
const NASTY_NUMBERS = [
  0,
  1,
  -1,
  2,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  1e20,
  Number.MAX_SAFE_INTEGER,
]
const NASTY_IDS = [
  '1',
  '2',
  '3',
  '0',
  '-1',
  '01',
  '0x10',
  '1e1',
  '1.0',
  '2147483647',
  '2147483648',
  '99999999999',
  'abc',
  '%00',
  '1%0a',
  '%E2%80%8B1',
  '%20',
  'x'.repeat(120),
]

/** A value that fits the schema most of the time, and anything at all otherwise. */
function valueFor(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4 || chance(0.08))
    return pick<unknown>([null, true, 42, 'text', [], {}, ...NASTY_STRINGS.slice(0, 8)])
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return chance(0.85) ? pick(schema.enum) : pick(NASTY_STRINGS)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices) return valueFor(pick(choices), depth + 1)
  const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type
  switch (type) {
    case 'string':
      if (schema.format === 'email' && chance(0.7))
        return `fuzz${Math.floor(random() * 1e9)}@example.com`
      return chance(0.5) ? `fuzz-${Math.floor(random() * 1e9)}` : pick(NASTY_STRINGS)
    case 'integer':
    case 'number':
      return chance(0.6) ? Math.floor(random() * 50) : pick(NASTY_NUMBERS)
    case 'boolean':
      return chance(0.5)
    case 'array':
      return Array.from({ length: Math.floor(random() * 4) }, () =>
        valueFor(schema.items, depth + 1),
      )
    case 'object': {
      const object: Record<string, unknown> = {}
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const required = (schema.required ?? []).includes(name)
        if (required ? chance(0.93) : chance(0.5)) object[name] = valueFor(property, depth + 1)
      }
      if (chance(0.1)) object.unexpected = pick(NASTY_STRINGS)
      return object
    }
    case 'null':
      return null
    default:
      return pick(NASTY_STRINGS)
  }
}

function queryValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

let server: TestServer
let admin: string
let operations: Operation[]

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
  operations = await servedOperations(server)
})
afterAll(() => server?.close())

test('the document lints clean: servers, an operationId on every operation, security stated on each', async () => {
  const document = (await server.request('GET', '/openapi.json')).body
  expect(document.servers).toEqual([{ url: '/' }])
  const ids = operations.map((operation) => operation.operationId)
  // Every endpoint of the contract's table is served, at its path, and nothing else is.
  expect(ids.sort()).toEqual(Object.keys(endpoints).sort())
  for (const operation of operations) {
    const endpoint = endpoints[operation.operationId as EndpointName]
    expect([operation.method, operation.path]).toEqual([endpoint.method, endpoint.path])
  }
  expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true)
  expect(new Set(ids).size).toBe(ids.length)
  for (const operation of operations) {
    expect(Array.isArray(operation.security), operation.operationId).toBe(true)
  }
  // Public: no requirement, or an empty one beside the bearer (a token is read when sent).
  const publicIds = operations
    .filter(
      (o) =>
        o.security.length === 0 || o.security.some((s) => Object.keys(s as object).length === 0),
    )
    .map((o) => o.operationId)
  expect(publicIds.sort()).toEqual([
    'beginSignInEnrolment',
    'changePassword',
    'confirmSignInEnrolment',
    'refreshSession',
    'signIn',
    'signInSecondStep',
  ])
})

test(`${REQUESTS} seeded requests over every operation: never a 5xx, every error in the standard shape`, async () => {
  const failures: string[] = []
  for (let n = 0; n < REQUESTS; n += 1) {
    const operation = operations[n % operations.length]!
    let path = operation.path
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      path = path.replace(`{${parameter.name}}`, pick(NASTY_IDS))
    }
    const query = new URLSearchParams()
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      if (chance(0.6)) query.set(parameter.name, queryValue(valueFor(parameter.schema)))
    }
    if (chance(0.05)) query.set(pick(NASTY_STRINGS) || 'empty', pick(NASTY_STRINGS))
    const url = query.size > 0 ? `${path}?${query}` : path
    // Signing out (here or everywhere) would end the session every other request uses.
    const authorised =
      !['signOut', 'endAllUserSessions'].includes(operation.operationId) && chance(0.9)
    const token = authorised ? admin : chance(0.5) ? 'not-a-token' : undefined
    const options =
      operation.body && chance(0.08)
        ? { token, raw: pick(['{', 'null', '[]', '"text"', '{"a":', '\u0000']) }
        : operation.body
          ? { token, body: valueFor(operation.body) }
          : { token }
    const reply = await server.request(operation.method, url, options)
    const where = `#${n} ${operation.method} ${url} ${JSON.stringify('body' in options ? options.body : (options.raw ?? '')).slice(0, 200)}`
    if (reply.status >= 500)
      failures.push(`${where} → ${reply.status} ${JSON.stringify(reply.body)}`)
    else if (reply.status >= 400 && !apiErrorSchema.strict().safeParse(reply.body).success) {
      failures.push(
        `${where} → ${reply.status} not the standard shape: ${JSON.stringify(reply.body)}`,
      )
    }
  }
  expect(failures).toEqual([])
  // Still in charge after all that: nothing a request did cost the administrator the console.
  expect((await server.request('GET', '/auth/me', { token: admin })).status).toBe(200)
}, 120_000)
