import path from 'node:path'
import type { ServerConfig } from '../config'
import { lockDataDir } from './data-dir-lock'
import type { Database } from './database'
import { openPglite } from './pglite'
import { openPostgres } from './postgres'

/** The store of the configuration; an embedded one is locked to this process until closed. */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl)
  if (config.dataDir.startsWith('memory://')) return openPglite(config.dataDir)
  const unlock = lockDataDir(config.dataDir)
  try {
    const db = await openPglite(path.join(config.dataDir, 'pglite'))
    return {
      ...db,
      async close() {
        try {
          await db.close()
        } finally {
          unlock()
        }
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}
