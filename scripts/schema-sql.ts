import { writeFileSync } from 'node:fs'
import { migrate } from '../server/src/db/migrate'
import { openPglite } from '../server/src/db/pglite'
import { dumpSchema, SCHEMA_FILE } from '../server/src/db/schema-dump'

/** `npm run schema`: writes the schema the migrations leave on a fresh database to schema.sql. */
const db = await openPglite('memory://')
try {
  await migrate(db)
  writeFileSync(SCHEMA_FILE, await dumpSchema(db))
} finally {
  await db.close()
}
process.stdout.write(`Wrote ${SCHEMA_FILE}\n`)
