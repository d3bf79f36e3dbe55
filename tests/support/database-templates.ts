import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrate } from '../../server/src/db/migrate'
import { dumpPglite, openPglite } from '../../server/src/db/pglite'
import { openPostgres } from '../../server/src/db/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite's dumped data directory, which each test database copies. */
    pgliteTemplate: string
    /** A migrated, empty PostgreSQL database, the template of each test database. */
    postgresTemplate: string | null
  }
}

interface Templates {
  pgliteTemplate: string
  postgresTemplate: string | null
  remove(): Promise<void>
}

/** Made once per run, however many projects ask, and removed when the last one is done. */
const SHARED = Symbol.for('admin-console.tests.database-templates')
type Shared = { templates: Promise<Templates>; users: number }

/**
 * Vitest global setup of the projects that start servers: the migrations are applied once per
 * run, to a template every test database is copied from (a PGlite data directory loaded into
 * memory, `CREATE DATABASE … TEMPLATE` on PostgreSQL), instead of once per test server.
 */
export default async function databaseTemplates(project: TestProject) {
  const state = globalThis as { [SHARED]?: Shared }
  state[SHARED] ??= { templates: makeTemplates(), users: 0 }
  const shared = state[SHARED]
  shared.users += 1
  const { pgliteTemplate, postgresTemplate } = await shared.templates
  project.provide('pgliteTemplate', pgliteTemplate)
  project.provide('postgresTemplate', postgresTemplate)
  return async () => {
    shared.users -= 1
    if (shared.users > 0) return
    delete state[SHARED]
    await (await shared.templates).remove()
  }
}

async function makeTemplates(): Promise<Templates> {
  const folder = await mkdtemp(path.join(tmpdir(), 'admin-console-template-'))
  const pgliteTemplate = path.join(folder, 'pglite.tar')
  await makePgliteTemplate(pgliteTemplate)

  const adminUrl = process.env.TEST_DATABASE_URL
  let postgresTemplate: string | null = null
  if (adminUrl) {
    postgresTemplate = `admin_console_template_${randomBytes(6).toString('hex')}`
    await onServer(adminUrl, `CREATE DATABASE ${postgresTemplate}`)
    const url = new URL(adminUrl)
    url.pathname = `/${postgresTemplate}`
    const db = await openPostgres(url.toString())
    try {
      await migrate(db)
    } finally {
      await db.close()
    }
  }
  return {
    pgliteTemplate,
    postgresTemplate,
    async remove() {
      await rm(folder, { recursive: true, force: true })
      if (adminUrl && postgresTemplate) {
        await onServer(adminUrl, `DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`)
      }
    },
  }
}

/**
 * The PGlite template, as small as a copy can be, since every test server loads all of it into
 * memory (0.78 s for initdb's 42 MB, 0.47 s for 17 MB): its WAL in segments of 1 MB instead of
 * 16, and without template0 and template1, which no test database is made from.
 */
async function makePgliteTemplate(file: string) {
  const initialized = await PGlite.create('memory://', { initDbStartParams: ['--wal-segsize=1'] })
  const pglite = await openPglite('memory://', await initialized.dumpDataDir('none'))
  await initialized.close()
  try {
    await migrate(pglite)
    for (const name of ['template0', 'template1']) {
      await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname = '${name}'`)
      await pglite.exec(`DROP DATABASE ${name}`)
    }
    await pglite.exec('CHECKPOINT')
    await writeFile(file, Buffer.from(await (await dumpPglite(pglite)).arrayBuffer()))
  } finally {
    await pglite.close()
  }
}

async function onServer(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
