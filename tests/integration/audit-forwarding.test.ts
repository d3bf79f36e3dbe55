import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ForwardedRecord } from '../../server/src/audit/forwarded-record'
import { sinkStatuses } from '../../server/src/audit/sink-status'
import { makeCertificates, type TestCertificates } from './support/certificates'
import { startHttpsCollector } from './support/https-collector'
import { startRsyslog, type Received, type Rsyslog } from './support/rsyslog'
import { startServer, type TestServer } from './support/server'

let certificates: TestCertificates
let dir: string

beforeAll(async () => {
  certificates = await makeCertificates()
  dir = await mkdtemp(path.join(tmpdir(), 'admin-console-forwarding-'))
})
afterAll(async () => {
  await certificates?.remove()
  await rm(dir, { recursive: true, force: true })
})

/** A few audited actions of the kinds a SIEM wants: a creation, a lock, a failed sign-in. */
async function someActions(server: TestServer) {
  const token = await server.token()
  const user = await server.createUser(token)
  await server.request('PUT', `/api/admin/users/${user.id}/lock`, { token })
  await server.login(user.username, 'not-the-password-1')
  return user
}

async function chain(server: TestServer) {
  return server.built.context.db.query<{ seq: string; action: string; hash: string }>(
    'SELECT chain_seq::text AS seq, action, chain_hash AS hash FROM audit_log ORDER BY chain_seq',
  )
}

/** The record each received syslog message carries in its text, and its structured data. */
function parsedSyslog(lines: Received[]) {
  return lines.map((line) => {
    expect(line.version).toBe('1')
    expect(line.app).toBe('admin-console')
    return { record: JSON.parse(line.msg) as ForwardedRecord, sd: line.sd }
  })
}

describe.each(['tcp', 'tls', 'udp'] as const)('syslog over %s to rsyslog', (transport) => {
  let rsyslog: Rsyslog
  let server: TestServer

  beforeAll(async () => {
    rsyslog = await startRsyslog(transport, certificates)
    server = await startServer({
      AUDIT_SYSLOG_URL: `${transport}://127.0.0.1:${rsyslog.port}`,
      ...(transport === 'tls' && {
        AUDIT_SYSLOG_CA_FILE: certificates.ca,
        AUDIT_SYSLOG_CERT_FILE: certificates.clientCert,
        AUDIT_SYSLOG_KEY_FILE: certificates.clientKey,
      }),
    })
  })
  afterAll(async () => {
    await server?.close()
    await rsyslog?.close()
  })

  test('delivers every record, in order, with its fields in the structured data', async () => {
    const user = await someActions(server)
    await server.built.context.forwarder.idle()
    const written = await chain(server)
    const received = parsedSyslog(await rsyslog.receivedAtLeast(written.length))
    expect(received.map(({ record }) => String(record.seq))).toEqual(written.map((r) => r.seq))
    expect(received.map(({ record }) => record.hash)).toEqual(written.map((r) => r.hash))
    const lock = received.find(({ record }) => record.action === 'user.lock')!
    expect(lock.record).toMatchObject({
      actor: { username: 'root' },
      outcome: 'success',
      target: { type: 'user', id: String(user.id) },
      clientAddress: '127.0.0.1',
      requestId: expect.stringMatching(/^req-/),
    })
    expect(lock.sd).toContain('[audit@32473 seq="')
    expect(lock.sd).toContain(` action="user.lock" outcome="success" targetType="user"`)
    expect(lock.sd).toContain(` hash="${lock.record.hash}"]`)
    const failed = received.find(({ record }) => record.action === 'session.login_failed')!
    expect(failed.record.outcome).toBe('failure')
    expect(await sinkStatuses(server.built.context.db, server.built.context.auditSinks)).toEqual([
      expect.objectContaining({ name: 'syslog', lag: 0, failing: false }),
    ])
  })
})

describe('the file sink', () => {
  test('appends each record as a JSON line', async () => {
    const file = path.join(dir, 'audit.jsonl')
    const server = await startServer({ AUDIT_FILE: file })
    try {
      await someActions(server)
      await server.built.context.forwarder.idle()
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n')
      const records = lines.map((line) => JSON.parse(line) as ForwardedRecord)
      const written = await chain(server)
      expect(records.map((record) => String(record.seq))).toEqual(written.map((r) => r.seq))
      expect(records.map((record) => record.action)).toEqual(written.map((r) => r.action))
    } finally {
      await server.close()
    }
  })
})

describe('the HTTPS sink', () => {
  test('posts batches with the bearer token; a refusal is retried and shown', async () => {
    const collector = await startHttpsCollector(certificates)
    collector.answer(503)
    const server = await startServer({
      AUDIT_HTTPS_URL: collector.url,
      AUDIT_HTTPS_TOKEN: 'collector-token-1',
      AUDIT_HTTPS_CA_FILE: certificates.ca,
    })
    const statuses = () => sinkStatuses(server.built.context.db, server.built.context.auditSinks)
    try {
      await someActions(server)
      const deadline = Date.now() + 10_000
      while (!(await statuses())[0]!.failing && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      const [refused] = await statuses()
      expect(refused).toMatchObject({
        name: 'https',
        failing: true,
        lastError: 'The collector answered HTTP 503',
      })
      expect(refused!.lag).toBeGreaterThan(0)
      expect(collector.batches).toEqual([])

      collector.answer(200)
      await server.built.context.forwarder.idle()
      const written = await chain(server)
      const events = collector.batches.flatMap((batch) => batch.events)
      expect(events.map((event) => String(event.event.seq))).toEqual(written.map((r) => r.seq))
      expect(events.every((event) => event.source === 'admin-console')).toBe(true)
      expect(collector.batches[0]).toMatchObject({
        authorization: 'Bearer collector-token-1',
        contentType: 'application/json',
      })
      expect(await statuses()).toEqual([expect.objectContaining({ lag: 0, failing: false })])
    } finally {
      await server.close()
      await collector.close()
    }
  })
})

describe.runIf(process.env.TEST_DATABASE === 'postgres')('two API processes, one database', () => {
  test('forward each record to a sink once, in order, whichever wrote it', async () => {
    const file = path.join(dir, 'shared.jsonl')
    const first = await startServer({ AUDIT_FILE: file, AUDIT_FORWARD_BATCH_SIZE: '7' })
    const databaseUrl = first.built.context.config.databaseUrl!
    const second = await startServer({
      AUDIT_FILE: file,
      AUDIT_FORWARD_BATCH_SIZE: '7',
      DATABASE_URL: databaseUrl,
    })
    try {
      await Promise.all([first, second, first, second].map((server) => someActions(server)))
      await Promise.all([
        first.built.context.forwarder.idle(),
        second.built.context.forwarder.idle(),
      ])
      const seqs = (await readFile(file, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as ForwardedRecord).seq)
      expect(seqs.map(String)).toEqual((await chain(first)).map((row) => row.seq))
    } finally {
      await second.close()
      await first.close()
    }
  })
})
