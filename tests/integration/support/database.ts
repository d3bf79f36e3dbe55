import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { inject } from 'vitest'
import type { Database } from '../../../server/src/db/database'
import { migrate } from '../../../server/src/db/migrate'
import { openDatabase } from '../../../server/src/db/open'
import { openPglite } from '../../../server/src/db/pglite'

/**
 * A database of its own for one test server: PGlite in memory, or, in the PostgreSQL run,
 * a fresh database created on the server of TEST_DATABASE_URL and dropped afterwards. Both are
 * copies of the run's migrated template (tests/support/database-templates.ts) where there is
 * one, so a server's start applies no migration.
 */
export interface TestDatabase {
  env: Record<string, string>
  /** Opens the PGlite copy; absent on PostgreSQL, where the server opens `env`'s database. */
  open?: () => Promise<Database>
  drop(): Promise<void>
}

/** Each template's bytes, read once per worker: every test server of the worker copies them. */
const templates = new Map<string, Promise<Blob>>()
const templateBytes = (file: string) => {
  let bytes = templates.get(file)
  if (!bytes) templates.set(file, (bytes = readFile(file).then((read) => new Blob([read]))))
  return bytes
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const template = inject('pgliteTemplate')
    return {
      env: { DATA_DIR: 'memory://' },
      ...(template && {
        open: async () => openPglite('memory://', await templateBytes(template)),
      }),
      drop: async () => {},
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `admin_console_test_${randomBytes(6).toString('hex')}`
  const template = inject('postgresTemplate')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
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
  const db = testDb.open
    ? await testDb.open()
    : await openDatabase({
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
