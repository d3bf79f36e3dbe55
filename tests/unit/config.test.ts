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

  test('each audit sink configured is one sink, none by default', () => {
    expect(loadConfig({}).auditSinks).toEqual([])
    expect(loadConfig({}).metricsToken).toBeUndefined()
    const config = loadConfig({
      AUDIT_SYSLOG_URL: 'tls://[::1]:6514',
      AUDIT_SYSLOG_CA_FILE: 'ca.pem',
      AUDIT_FILE: 'audit.jsonl',
      AUDIT_HTTPS_URL: 'https://collector.example/services/collector/event',
      AUDIT_HTTPS_TOKEN: 'secret',
      AUDIT_HTTPS_AUTH_SCHEME: 'Splunk',
    })
    expect(config.auditSinks).toEqual([
      {
        kind: 'syslog',
        transport: 'tls',
        host: '::1',
        port: 6514,
        caFile: 'ca.pem',
        certFile: undefined,
        keyFile: undefined,
      },
      { kind: 'file', path: expect.stringMatching(/\/audit\.jsonl$/) },
      {
        kind: 'https',
        url: 'https://collector.example/services/collector/event',
        token: 'secret',
        authScheme: 'Splunk',
        caFile: undefined,
      },
    ])
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
    [
      { AUDIT_SYSLOG_URL: 'http://siem.example:514' },
      'AUDIT_SYSLOG_URL must be a tcp://, tls:// or udp:// URL',
    ],
    [{ AUDIT_SYSLOG_URL: 'tcp://siem.example' }, 'AUDIT_SYSLOG_URL must name a host and a port'],
    [
      { AUDIT_SYSLOG_URL: 'tls://siem.example:6514', AUDIT_SYSLOG_CERT_FILE: 'client.pem' },
      'AUDIT_SYSLOG_CERT_FILE and AUDIT_SYSLOG_KEY_FILE go together',
    ],
    [{ AUDIT_HTTPS_URL: 'http://collector.example' }, 'AUDIT_HTTPS_URL must be an https:// URL'],
    [{ AUDIT_HTTPS_AUTH_SCHEME: 'Basic' }, 'AUDIT_HTTPS_AUTH_SCHEME must be Bearer or Splunk'],
  ])('%j is refused, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
