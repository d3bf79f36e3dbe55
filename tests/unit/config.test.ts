import { describe, expect, test } from 'vitest'
import { loadConfig } from '../../server/src/config'

describe('server configuration', () => {
  test('defaults follow the documented interface', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      admin: { username: 'admin', roleName: 'ADMIN', password: undefined },
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 28800,
      loginMaxFailures: 5,
      sessionIdleSeconds: 1800,
      passwordMinLength: 8,
      corsOrigins: [],
    })
    expect(config.dataDir).toMatch(/\.data$/)
    expect(config.mail.outboxDir).toBe(`${config.dataDir}/outbox`)
  })

  test('empty values count as unset, lists are split and trimmed', () => {
    const config = loadConfig({
      PORT: '',
      ADMIN_PASSWORD: '',
      CORS_ORIGINS: ' http://a.example , http://b.example,',
    })
    expect(config.port).toBe(8080)
    expect(config.admin.password).toBeUndefined()
    expect(config.corsOrigins).toEqual(['http://a.example', 'http://b.example'])
  })

  test("PASSWORD_MIN_LENGTH may be the spec's 6 or more", () => {
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '6' }).passwordMinLength).toBe(6)
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '20' }).passwordMinLength).toBe(20)
  })

  test.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535'],
    [
      { ACCESS_TOKEN_TTL_SECONDS: '0' },
      'ACCESS_TOKEN_TTL_SECONDS must be a whole number of 1 or more',
    ],
    [{ LOGIN_MAX_FAILURES: '2.5' }, 'LOGIN_MAX_FAILURES must be a whole number of 1 or more'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PASSWORD_MIN_LENGTH: '5' }, 'PASSWORD_MIN_LENGTH must be a whole number of 6 or more'],
    [{ PASSWORD_MIN_LENGTH: '8.5' }, 'PASSWORD_MIN_LENGTH must be a whole number of 6 or more'],
    [{ SESSION_IDLE_SECONDS: '0' }, 'SESSION_IDLE_SECONDS must be a whole number of 1 or more'],
  ])('%j is refused, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
