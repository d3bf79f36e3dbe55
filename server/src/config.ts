import path from 'node:path'
import { z } from 'zod'
import { MIN_PASSWORD_LENGTH } from '@shared/validation'
import { systemClock, type Clock } from './clock'

const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int({ error: 'must be a whole number from 1 to 65535' })
  .min(1, { error: 'must be a whole number from 1 to 65535' })
  .max(65535, { error: 'must be a whole number from 1 to 65535' })

const positiveInt = z.coerce
  .number({ error: 'must be a whole number of 1 or more' })
  .int({ error: 'must be a whole number of 1 or more' })
  .min(1, { error: 'must be a whole number of 1 or more' })

/** SPEC.md's password minimum is the floor: the server may ask for more, never for less. */
const passwordMinLength = z.coerce
  .number({ error: `must be a whole number of ${MIN_PASSWORD_LENGTH} or more` })
  .int({ error: `must be a whole number of ${MIN_PASSWORD_LENGTH} or more` })
  .min(MIN_PASSWORD_LENGTH, {
    error: `must be a whole number of ${MIN_PASSWORD_LENGTH} or more`,
  })

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const url = (what: string, schemes?: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        URL.canParse(value) && (!schemes || schemes.includes(new URL(value).protocol.slice(0, -1))),
      { error: `must be ${what}` },
    )

const validZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The environment of `npm run server` (issue 2's exact interface), validated at start. */
const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_EMAIL: z.string().trim().min(1).default('admin@example.com'),
  ADMIN_PASSWORD: optionalText,
  ADMIN_ROLE_NAME: z.string().trim().min(1).default('ADMIN'),
  MAIL_OUTBOX_DIR: optionalText,
  SMTP_URL: url('an smtp:// or smtps:// URL', ['smtp', 'smtps']).optional(),
  SMTP_TIMEOUT_SECONDS: positiveInt.default(30),
  MAIL_FROM: z.string().trim().min(1).default('Admin Console <no-reply@localhost>'),
  RESET_LINK_BASE: url('a URL such as admin-console://reset-password').default(
    'admin-console://reset-password',
  ),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(28800),
  SESSION_MAX_SECONDS: positiveInt.default(604800),
  SESSION_IDLE_SECONDS: positiveInt.default(1800),
  PASSWORD_MIN_LENGTH: passwordMinLength.default(8),
  LOGIN_MAX_FAILURES: positiveInt.default(5),
  LOGIN_LOCKOUT_SECONDS: positiveInt.default(900),
  LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: positiveInt.default(30),
  REFRESH_RATE_LIMIT_PER_MINUTE: positiveInt.default(60),
  REQUEST_TIMEOUT_SECONDS: positiveInt.default(30),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  MFA_REQUIRED: z.enum(['none', 'admins'], { error: 'must be none or admins' }).default('admins'),
  DORMANT_AFTER_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 3650' })
    .int({ error: 'must be a whole number of days from 1 to 3650' })
    .min(1, { error: 'must be a whole number of days from 1 to 3650' })
    .max(3650, { error: 'must be a whole number of days from 1 to 3650' })
    .optional(),
  DORMANT_EXEMPT_GROUP: optionalText,
  DORMANT_RUN_AT: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time of day as HH:MM, such as 02:00' })
    .default('02:00'),
  DORMANT_TIME_ZONE: z
    .string()
    .trim()
    .refine(validZone, { error: 'must be an IANA time zone, such as Europe/Berlin' })
    .optional(),
  USER_IMPORT: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  AUDIT_SYSLOG_URL: url('a tcp://, tls:// or udp:// URL with a host and port', [
    'tcp',
    'tls',
    'udp',
  ])
    .refine((value) => new URL(value).hostname !== '' && new URL(value).port !== '', {
      error: 'must name a host and a port',
    })
    .optional(),
  AUDIT_SYSLOG_CA_FILE: optionalText,
  AUDIT_SYSLOG_CERT_FILE: optionalText,
  AUDIT_SYSLOG_KEY_FILE: optionalText,
  AUDIT_FILE: optionalText,
  AUDIT_HTTPS_URL: url('an https:// URL', ['https']).optional(),
  AUDIT_HTTPS_TOKEN: optionalText,
  AUDIT_HTTPS_AUTH_SCHEME: z
    .enum(['Bearer', 'Splunk'], { error: 'must be Bearer or Splunk' })
    .default('Bearer'),
  AUDIT_HTTPS_CA_FILE: optionalText,
  AUDIT_FORWARD_BATCH_SIZE: positiveInt.default(500),
  METRICS_TOKEN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: optionalText,
})

export interface ServerConfig {
  port: number
  host: string
  /** Set: PostgreSQL through `pg`. Unset: PGlite stored in `dataDir` (`memory://` for tests). */
  databaseUrl: string | undefined
  dataDir: string
  admin: { username: string; email: string; password: string | undefined; roleName: string }
  mail: {
    outboxDir: string
    smtpUrl: string | undefined
    /** The longest one message may take to send, connecting included; then it is tried later. */
    smtpTimeoutSeconds: number
    from: string
    /** Development (NODE_ENV not production): log where each outbox mail was written. */
    logOutboxFiles: boolean
  }
  resetLinkBase: string
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  /** No session outlives this, however often it is refreshed. */
  sessionMaxSeconds: number
  /** A session neither used nor refreshed for this long cannot be refreshed any more. */
  sessionIdleSeconds: number
  /** The shortest new password accepted; never below SPEC.md's 6. */
  passwordMinLength: number
  loginMaxFailures: number
  /** The first temporary lockout; each further one doubles it, up to a day. */
  loginLockoutSeconds: number
  loginRateLimitPerAddressPerMinute: number
  refreshRateLimitPerMinute: number
  /** A request (its headers and its body) that takes longer to arrive is answered 408 and closed. */
  requestTimeoutSeconds: number
  corsOrigins: string[]
  /**
   * Who must sign in with a second factor (issue 30): `admins`, everyone holding any
   * administration permission, or `none`.
   */
  mfaRequired: 'none' | 'admins'
  /**
   * Issue 57: once a day, at `runAt` (HH:MM) in `timeZone`, active users who have not signed in
   * (or, never having signed in, were created) more than `afterDays` days before are
   * deactivated, but the members of the group `exemptGroup`; undefined: off.
   */
  dormant: { afterDays: number; exemptGroup?: string; runAt: string; timeZone: string } | undefined
  /** Off: no CSV import endpoint, as on a server of the contract without it (issue 32). */
  userImport: boolean
  /** Where audit records are forwarded (issue 58); none configured, none forwarded. */
  auditSinks: AuditSinkConfig[]
  /** The most records sent to a sink at once. */
  auditForwardBatchSize: number
  /** Set: `GET /metrics` answers to this bearer token. Unset: there is no such route. */
  metricsToken: string | undefined
  logLevel: string
  /** The system's; a test's server is handed one it moves. */
  clock: Clock
}

export type AuditSinkConfig =
  | {
      kind: 'syslog'
      transport: 'tcp' | 'tls' | 'udp'
      host: string
      port: number
      /** TLS: the CA that signed the receiver's certificate (otherwise the system's). */
      caFile?: string
      /** TLS: the client certificate and its key, for a receiver that asks for one. */
      certFile?: string
      keyFile?: string
    }
  | { kind: 'file'; path: string }
  | {
      kind: 'https'
      url: string
      token: string | undefined
      /** How the token is sent: `Bearer`, or `Splunk` as Splunk's own collector reads it. */
      authScheme: 'Bearer' | 'Splunk'
      caFile?: string
    }

export class ConfigError extends Error {}

/** Reads the configuration from an environment; a bad value names the variable. */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const e = parsed.data
  if ((e.AUDIT_SYSLOG_CERT_FILE === undefined) !== (e.AUDIT_SYSLOG_KEY_FILE === undefined))
    throw new ConfigError(
      'Invalid configuration: AUDIT_SYSLOG_CERT_FILE and AUDIT_SYSLOG_KEY_FILE go together',
    )
  const dataDir = e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(e.DATA_DIR)
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    admin: {
      username: e.ADMIN_USERNAME,
      email: e.ADMIN_EMAIL,
      password: e.ADMIN_PASSWORD,
      roleName: e.ADMIN_ROLE_NAME,
    },
    mail: {
      outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
      smtpUrl: e.SMTP_URL,
      smtpTimeoutSeconds: e.SMTP_TIMEOUT_SECONDS,
      from: e.MAIL_FROM,
      logOutboxFiles: e.NODE_ENV !== 'production',
    },
    resetLinkBase: e.RESET_LINK_BASE,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    sessionMaxSeconds: e.SESSION_MAX_SECONDS,
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockoutSeconds: e.LOGIN_LOCKOUT_SECONDS,
    loginRateLimitPerAddressPerMinute: e.LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
    refreshRateLimitPerMinute: e.REFRESH_RATE_LIMIT_PER_MINUTE,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    corsOrigins: e.CORS_ORIGINS,
    mfaRequired: e.MFA_REQUIRED,
    dormant:
      e.DORMANT_AFTER_DAYS === undefined
        ? undefined
        : {
            afterDays: e.DORMANT_AFTER_DAYS,
            exemptGroup: e.DORMANT_EXEMPT_GROUP,
            runAt: e.DORMANT_RUN_AT,
            // The server's own zone unless one is named.
            timeZone: e.DORMANT_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
          },
    userImport: e.USER_IMPORT === 'on',
    auditSinks: auditSinks(e),
    auditForwardBatchSize: e.AUDIT_FORWARD_BATCH_SIZE,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    clock: systemClock,
  }
}

function auditSinks(e: z.infer<typeof envSchema>): AuditSinkConfig[] {
  const sinks: AuditSinkConfig[] = []
  if (e.AUDIT_SYSLOG_URL) {
    const target = new URL(e.AUDIT_SYSLOG_URL)
    sinks.push({
      kind: 'syslog',
      transport: target.protocol.slice(0, -1) as 'tcp' | 'tls' | 'udp',
      host: target.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(target.port),
      caFile: e.AUDIT_SYSLOG_CA_FILE,
      certFile: e.AUDIT_SYSLOG_CERT_FILE,
      keyFile: e.AUDIT_SYSLOG_KEY_FILE,
    })
  }
  if (e.AUDIT_FILE) sinks.push({ kind: 'file', path: path.resolve(e.AUDIT_FILE) })
  if (e.AUDIT_HTTPS_URL)
    sinks.push({
      kind: 'https',
      url: e.AUDIT_HTTPS_URL,
      token: e.AUDIT_HTTPS_TOKEN,
      authScheme: e.AUDIT_HTTPS_AUTH_SCHEME,
      caFile: e.AUDIT_HTTPS_CA_FILE,
    })
  return sinks
}
