import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  CHAIN_FIELDS_SQL,
  chainHash,
  verifyChain,
  type ChainRow,
} from '../../server/src/audit/chain'
import { writeAudit, writeAudits, type AuditRecord } from '../../server/src/db/audit'
import type { Queryable } from '../../server/src/db/database'
import { migrate } from '../../server/src/db/migrate'
import { openDatabase } from '../../server/src/db/open'
import { createTestDatabase } from './support/database'
import { startServer, type TestServer } from './support/server'

const run = promisify(execFile)

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  for (let n = 0; n < 5; n += 1) await server.createUser(token)
  await server.login('nobody-at-all', 'wrong-password-1')
})
afterAll(() => server?.close())

const db = () => server.built.context.db

class Undo extends Error {}

/** Runs `tamper` with the triggers off, as a superuser could, checks, and undoes it all. */
async function tampered(tamper: (tx: Queryable) => Promise<unknown>) {
  let report: Awaited<ReturnType<typeof verifyChain>> | undefined
  await db()
    .transaction(async (tx) => {
      await tx.query(`SET LOCAL session_replication_role = replica`)
      await tamper(tx)
      await tx.query(`SET LOCAL session_replication_role = origin`)
      report = await verifyChain(tx)
      throw new Undo()
    })
    .catch((error: unknown) => {
      if (!(error instanceof Undo)) throw error
    })
  return report!
}

async function record(seq: number): Promise<ChainRow> {
  const [row] = await db().query<ChainRow>(
    `SELECT ${CHAIN_FIELDS_SQL} FROM audit_log WHERE chain_seq = $1`,
    [seq],
  )
  return row!
}

describe('the chain of audit records', () => {
  test('links every record written by requests, with the address and request id', async () => {
    expect(await verifyChain(db())).toMatchObject({ intact: true })
    const rows = await db().query<{ client_address: string; request_id: string; action: string }>(
      `SELECT client_address, request_id, action FROM audit_log WHERE action IN ('user.create', 'session.login_failed')`,
    )
    expect(rows.map((row) => row.action).sort()).toEqual([
      'session.login_failed',
      ...Array(5).fill('user.create'),
    ])
    for (const row of rows) {
      expect(row.client_address).toBe('127.0.0.1')
      expect(row.request_id).toMatch(/^req-/)
    }
  })

  test('refuses the server changing or deleting a record', async () => {
    await expect(db().query(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow(/append-only/)
    await expect(db().query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/)
  })

  test('names the first record changed', async () => {
    const third = await record(3)
    const report = await tampered((tx) =>
      tx.query(
        `UPDATE audit_log SET changes = changes || '{"note": "edited"}'::jsonb WHERE chain_seq = 3`,
      ),
    )
    expect(report).toMatchObject({ intact: false, records: 2 })
    expect(report.intact || report.problem).toContain(`Record 3 (id ${third.id}`)
    expect(report.intact || report.problem).toContain('does not match its hash')
  })

  test('names the first record deleted', async () => {
    const fifth = await record(5)
    const report = await tampered((tx) => tx.query(`DELETE FROM audit_log WHERE chain_seq = 4`))
    expect(report).toMatchObject({ intact: false, records: 3 })
    expect(report.intact || report.problem).toBe(
      `Record 4 of the chain is missing (deleted): the next present is record 5 (id ${fifth.id}).`,
    )
  })

  test('names records cut off the end', async () => {
    const [last] = await db().query<{ seq: string }>(
      'SELECT seq::text AS seq FROM audit_chain_head',
    )
    const report = await tampered((tx) =>
      tx.query(`DELETE FROM audit_log WHERE chain_seq = $1`, [last!.seq]),
    )
    expect(report).toMatchObject({ intact: false, records: Number(last!.seq) - 1 })
    expect(report.intact || report.problem).toContain(`The chain's head names record ${last!.seq}`)
  })

  test('names a record inserted out of order, even one hashed as the server would', async () => {
    const second = await record(2)
    const report = await tampered(async (tx) => {
      // Make room at number 3, then fill it with a forged record linked to the second.
      await tx.query(`UPDATE audit_log SET chain_seq = -chain_seq WHERE chain_seq >= 3`)
      await tx.query(`UPDATE audit_log SET chain_seq = 1 - chain_seq WHERE chain_seq < 0`)
      const [forged] = await tx.query<{ id: string }>(
        `INSERT INTO audit_log (action, target_type, chain_seq, chain_hash, created_at)
         VALUES ('user.unlock', 'user', 3, '', $1) RETURNING id::text AS id`,
        [new Date('2020-01-01T00:00:00Z')],
      )
      const [fields] = await tx.query<ChainRow>(
        `SELECT ${CHAIN_FIELDS_SQL} FROM audit_log WHERE id = $1`,
        [forged!.id],
      )
      await tx.query(`UPDATE audit_log SET chain_hash = $1 WHERE id = $2`, [
        chainHash(second.chainHash, fields!),
        forged!.id,
      ])
    })
    expect(report).toMatchObject({ intact: false, records: 3 })
    expect(report.intact || report.problem).toMatch(/^Record 4 \(id \d+, .* does not match/)
  })

  test('names a record inserted with the chain trigger off', async () => {
    const report = await tampered((tx) =>
      tx.query(`INSERT INTO audit_log (action, target_type) VALUES ('user.unlock', 'user')`),
    )
    expect(report.intact || report.problem).toMatch(
      /^Record id \d+ is not part of the chain: it was inserted with the chain's trigger off\.$/,
    )
  })

  test('stays one unbroken chain under concurrent writers', async () => {
    const [before] = await db().query<{ seq: string }>(
      'SELECT seq::text AS seq FROM audit_chain_head',
    )
    const entry = (n: number): AuditRecord => ({
      actor: null,
      action: 'user.update',
      targetType: 'user',
      targetId: n,
      changes: { n },
    })
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        db().transaction(async (tx) => {
          await writeAudit(tx, entry(n))
          await writeAudits(tx, [entry(n), entry(n)])
        }),
      ),
    )
    const [after] = await db().query<{ seq: string }>(
      'SELECT seq::text AS seq FROM audit_chain_head',
    )
    expect(Number(after!.seq) - Number(before!.seq)).toBe(120)
    expect(await verifyChain(db())).toMatchObject({ intact: true })
  })
})

test("links a transaction's records reading the log a few times, not once per record", async () => {
  const entry = (n: number): AuditRecord => ({
    actor: null,
    action: 'user.lock',
    targetType: 'user',
    targetId: n,
    changes: { n },
  })
  // A log grown since its first records, as over a bulk action.
  await db().transaction((tx) =>
    writeAudits(
      tx,
      Array.from({ length: 2_000 }, (_, n) => entry(n)),
    ),
  )
  const reads = await db().transaction(async (tx) => {
    await writeAudits(
      tx,
      Array.from({ length: 500 }, (_, n) => entry(n)),
    )
    // The chain's trigger is deferred: fired here, its reads are counted in this transaction.
    await tx.query('SET CONSTRAINTS ALL IMMEDIATE')
    const [row] = await tx.query<{ reads: number }>(
      `SELECT (seq_scan + coalesce(idx_scan, 0))::int AS reads FROM pg_stat_xact_user_tables
       WHERE relname = 'audit_log'`,
    )
    return row!.reads
  })
  // Once per record would be 500 or more. On PGlite the count varies between runs of the whole
  // file (up to 124 seen, 20 or fewer alone), a cause not yet found: the bound keeps it to half.
  expect(reads).toBeLessThan(250)
  expect(await verifyChain(db())).toMatchObject({ intact: true })
})

describe('npm run admin -- verify-audit', () => {
  let dataDir: string
  let env: Record<string, string>
  let dropDatabase: () => Promise<void>

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'admin-console-verify-'))
    const database = await createTestDatabase()
    dropDatabase = database.drop
    env = { DATA_DIR: dataDir, ...(database.env.DATABASE_URL && database.env) }
    const store = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
    try {
      await migrate(store)
      const records = Array.from({ length: 10_000 }, (_, n): AuditRecord => ({
        actor: { id: 1, username: 'root' },
        action: 'user.update',
        targetType: 'user',
        targetId: n,
        changes: { lastName: { from: `Before ${n}`, to: `Après ${n} ✓` } },
      }))
      for (let start = 0; start < records.length; start += 1000)
        await store.transaction((tx) => writeAudits(tx, records.slice(start, start + 1000)))
    } finally {
      await store.close()
    }
  }, 120_000)
  afterAll(async () => {
    await dropDatabase?.()
    await rm(dataDir, { recursive: true, force: true })
  })

  const verify = () =>
    run('npm', ['run', '--silent', 'admin', '--', 'verify-audit'], {
      env: { ...process.env, ...env },
    })

  test('passes an untampered chain of 10,000 records and says so', async () => {
    const started = performance.now()
    const { stdout } = await verify()
    const seconds = (performance.now() - started) / 1000
    expect(stdout).toMatch(/^The audit trail is intact: 10000 records, last hash [0-9a-f]{64} \(/)
    console.info(`verify-audit of 10,000 records: ${seconds.toFixed(1)} s, process start included`)
  }, 60_000)

  test('exits 1 naming the record changed', async () => {
    const store = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
    try {
      await store.transaction(async (tx) => {
        await tx.query(`SET LOCAL session_replication_role = replica`)
        await tx.query(`UPDATE audit_log SET actor_username = 'someone' WHERE chain_seq = 7000`)
      })
    } finally {
      await store.close()
    }
    const failure = await verify().then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toMatch(
      /^The audit trail was tampered with: Record 7000 \(id \d+, user\.update at .*\) does not match its hash.* \(6999 records before it are intact\.\)\n$/,
    )
  }, 60_000)
})
