import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Database } from '../../../server/src/db/database'
import { migrate } from '../../../server/src/db/migrate'
import { openDatabase } from '../../../server/src/db/open'

/**
 * A database of its own for one test server: PGlite in memory, or, in the PostgreSQL run,
 * a fresh database created on the server of TEST_DATABASE_URL and dropped afterwards.
 */
export interface TestDatabase {
  env: Record<string, string>
  drop(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    return { env: { DATA_DIR: 'memory://' }, drop: async () => {} }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `admin_console_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/** A test database of its own (see `createTestDatabase`), opened and migrated, for direct SQL. */
export async function openMigratedDatabase(): Promise<{ db: Database; close(): Promise<void> }> {
  const testDb = await createTestDatabase()
  const db = await openDatabase({
    databaseUrl: testDb.env.DATABASE_URL,
    dataDir: testDb.env.DATA_DIR ?? 'memory://',
  })
  await migrate(db)
  return {
    db,
    async close() {
      await db.close()
      await testDb.drop()
    },
  }
}
