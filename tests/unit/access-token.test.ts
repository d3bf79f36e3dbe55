import { createHmac, createSecretKey, randomBytes } from 'node:crypto'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { signAccessToken, verifyAccessToken } from '../../server/src/auth/tokens'

const key = createSecretKey(randomBytes(32))
const now = () => Math.floor(Date.now() / 1000)

/** A compact JWS of the given header and claims, signed with HMAC of the given hash. */
const signed = async (
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256' },
  hash = 'sha256',
) => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${encode(header)}.${encode(claims)}`
  return `${input}.${createHmac(hash, key).update(input).digest('base64url')}`
}

const ours = (overrides: Record<string, unknown> = {}) =>
  signed({ sub: '42', sid: 'session-1', iss: 'admin-console', exp: now() + 60, ...overrides })

describe('verifyAccessToken', () => {
  test('a token signAccessToken made (with jose) is read back', async () => {
    const token = await signAccessToken(key, { userId: 7, sessionId: 's-7' }, 60)
    expect(verifyAccessToken(key, token)).toEqual({ userId: 7, sessionId: 's-7' })
    expect(verifyAccessToken(key, await ours())).toEqual({ userId: 42, sessionId: 'session-1' })
  })

  test('another key, a changed payload or a changed signature is refused', async () => {
    const token = await ours()
    expect(verifyAccessToken(createSecretKey(randomBytes(32)), token)).toBeUndefined()
    const [header, , signature] = token.split('.')
    const forged = Buffer.from(
      JSON.stringify({ sub: '1', sid: 'session-1', iss: 'admin-console', exp: now() + 60 }),
    ).toString('base64url')
    expect(verifyAccessToken(key, `${header}.${forged}.${signature}`)).toBeUndefined()
    expect(verifyAccessToken(key, `${token}A`)).toBeUndefined()
    expect(verifyAccessToken(key, `${token}=`)).toBeUndefined()
    expect(verifyAccessToken(key, token.slice(0, -2))).toBeUndefined()
  })

  test('a header other than plain HS256 is refused, even when signed with the key', async () => {
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${(await ours()).split('.')[1]}.`
    expect(verifyAccessToken(key, unsigned)).toBeUndefined()
    const claims = { sub: '42', sid: 's', iss: 'admin-console', exp: now() + 60 }
    expect(verifyAccessToken(key, await signed(claims, { alg: 'HS512' }, 'sha512'))).toBeUndefined()
    expect(
      verifyAccessToken(key, await signed(claims, { alg: 'HS256', crit: ['b64'] })),
    ).toBeUndefined()
  })

  test('an expired token, one not valid yet, or another issuer is refused', async () => {
    expect(verifyAccessToken(key, await ours({ exp: now() - 1 }))).toBeUndefined()
    expect(verifyAccessToken(key, await ours({ exp: now() }))).toBeUndefined()
    expect(verifyAccessToken(key, await ours({ exp: undefined }))).toBeUndefined()
    expect(verifyAccessToken(key, await ours({ nbf: now() + 30 }))).toBeUndefined()
    expect(verifyAccessToken(key, await ours({ nbf: now() - 30 }))).toBeDefined()
    expect(verifyAccessToken(key, await ours({ iss: 'someone-else' }))).toBeUndefined()
    expect(verifyAccessToken(key, await ours({ iss: undefined }))).toBeUndefined()
  })

  test('claims of the wrong shape are refused', async () => {
    expect(verifyAccessToken(key, await ours({ sub: 'root' }))).toBeUndefined()
    expect(verifyAccessToken(key, await ours({ sub: '1.5' }))).toBeUndefined()
    expect(verifyAccessToken(key, await ours({ sub: undefined }))).toBeUndefined()
    expect(verifyAccessToken(key, await ours({ sid: 5 as unknown as string }))).toBeUndefined()
    expect(verifyAccessToken(key, 'not-a-jwt')).toBeUndefined()
    expect(verifyAccessToken(key, '')).toBeUndefined()
  })

  describe('lifetime', () => {
    afterEach(() => vi.useRealTimers())

    test('a token lives at least the seconds it was signed for, however late in a second it was made, and not a second more', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(1_800_000_000_990)
      const token = await signAccessToken(key, { userId: 7, sessionId: 's-7' }, 1)
      vi.setSystemTime(1_800_000_001_980)
      expect(verifyAccessToken(key, token)).toEqual({ userId: 7, sessionId: 's-7' })
      vi.setSystemTime(1_800_000_002_000)
      expect(verifyAccessToken(key, token)).toBeUndefined()
    })
  })
})
