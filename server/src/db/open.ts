import path from 'node:path'
import type { ServerConfig } from '../config'
import type { Database } from './database'
import { openPglite } from './pglite'
import { openPostgres } from './postgres'

export function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  if (config.databaseUrl) return Promise.resolve(openPostgres(config.databaseUrl))
  const dir = config.dataDir.startsWith('memory://')
    ? config.dataDir
    : path.join(config.dataDir, 'pglite')
  return openPglite(dir)
}
