import { ConfigError, loadConfig, type ServerConfig } from '../src/config'

/**
 * The server's configuration for a bench that signs in as the administrator over HTTP: sign-ins
 * are not rate-limited and tokens outlast a run. The bench's own settings come next, then the
 * environment, which wins.
 */
export function loadBenchConfig(settings: Record<string, string> = {}): ServerConfig {
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    ...settings,
    ...process.env,
  })
  if (!config.admin.password)
    throw new ConfigError(
      'Set ADMIN_PASSWORD (and ADMIN_USERNAME) of an administrator of this database.',
    )
  return config
}
