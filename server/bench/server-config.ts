import { ConfigError, loadConfig, type ServerConfig } from '../src/config'

/**
 * The server's configuration for a bench that signs in as the administrator over HTTP, with a
 * password alone: sign-ins are not rate-limited, no second step is asked, and tokens outlast a
 * run. The environment wins.
 */
export function loadBenchConfig(): ServerConfig {
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    MFA_REQUIRED: 'none',
    ...process.env,
  })
  if (!config.admin.password)
    throw new ConfigError(
      'Set ADMIN_PASSWORD (and ADMIN_USERNAME) of an administrator of this database.',
    )
  return config
}
