import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { dumpSchema, SCHEMA_COMMAND, SCHEMA_FILE } from '../../server/src/db/schema-dump'
import { openMigratedDatabase } from './support/database'

// server/src/db/schema.sql is the schema the migrations leave, for reading in one place: this
// fails when a migration changed it and the file was not written again. The file is written
// from PGlite; PostgreSQL 15 gives the same text (`dumpSchema` leaves out the NOT NULL
// constraints only PostgreSQL 18 records apart), so both runs compare it.

let database: Awaited<ReturnType<typeof openMigratedDatabase>>

beforeAll(async () => {
  database = await openMigratedDatabase()
})

afterAll(async () => {
  await database?.close()
})

test(`server/src/db/schema.sql is what the migrations leave (else: ${SCHEMA_COMMAND})`, async () => {
  const dumped = await dumpSchema(database.db)
  const checkedIn = readFileSync(SCHEMA_FILE, 'utf8')
  expect(
    checkedIn,
    `server/src/db/schema.sql (+) differs from what the migrations leave (-): run \`${SCHEMA_COMMAND}\` and commit it`,
  ).toBe(dumped)
})
