import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startServer, type TestServer } from './support/server'

const METRICS_TOKEN = 'metrics-token-1'

let server: TestServer

beforeAll(async () => {
  server = await startServer({
    METRICS_TOKEN,
    LOGIN_MAX_FAILURES: '2',
    // Nothing listens there: the sink fails from the start.
    AUDIT_HTTPS_URL: 'https://127.0.0.1:9/collector',
  })
})
afterAll(() => server?.close())

async function scrape(): Promise<Map<string, MetricFamily>> {
  const reply = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(reply.status).toBe(200)
  expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  const families = parsePrometheusTextFormat(await reply.text())
  return new Map(families.map((family) => [family.name, family]))
}

function value(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = families.get(name)
  const metric = family?.metrics.find((each) =>
    Object.entries(labels).every(([key, wanted]) => each.labels?.[key] === wanted),
  )
  return Number(metric?.value ?? 0)
}

describe('GET /metrics', () => {
  test('answers only to its token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401)
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer metrics-token-2' },
    })
    expect(wrong.status).toBe(401)
  })

  test('is absent when no token is configured', async () => {
    const plain = await startServer()
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404)
    } finally {
      await plain.close()
    }
  })

  test('its counters move with the requests made', async () => {
    const before = await scrape()
    const token = await server.token()
    const user = await server.createUser(token)
    for (let n = 0; n < 3; n += 1)
      await server.request('GET', `/api/admin/users/${user.id}`, { token })
    await server.login(user.username, 'wrong-password-1')
    await server.login(user.username, 'wrong-password-2')
    await server.request('POST', '/api/admin/users/123456789/lock', {})
    const after = await scrape()

    const route = { method: 'GET', route: '/api/admin/users/:id', status: '200' }
    const requests = 'admin_console_http_requests_total'
    expect(value(after, requests, route) - value(before, requests, route)).toBe(3)
    // The parser keeps neither the labels nor the count of a histogram's series: its type only.
    expect(after.get('admin_console_http_request_duration_seconds')?.type).toBe('HISTOGRAM')
    const signIns = 'admin_console_sign_ins_total'
    expect(value(after, signIns, { outcome: 'success' })).toBe(
      value(before, signIns, { outcome: 'success' }) + 1,
    )
    expect(value(after, signIns, { outcome: 'failure' })).toBe(
      value(before, signIns, { outcome: 'failure' }) + 2,
    )
    expect(value(after, 'admin_console_accounts_locked_out')).toBe(1)
    expect(value(after, 'admin_console_mail_outbox_depth')).toBeGreaterThanOrEqual(0)
    expect(value(after, 'admin_console_audit_sink_lag_records', { sink: 'https' })).toBeGreaterThan(
      value(before, 'admin_console_audit_sink_lag_records', { sink: 'https' }),
    )
    expect(after.get('admin_console_process_cpu_seconds_total')).toBeDefined()
    // PGlite is one connection in this process; PostgreSQL's pools are counted.
    if (process.env.TEST_DATABASE === 'postgres')
      expect(value(after, 'admin_console_db_pool_connections', { state: 'open' })).toBeGreaterThan(
        0,
      )
  })
})

describe('GET /health', () => {
  test('names the failing sink to anyone, and no more', async () => {
    const deadline = Date.now() + 10_000
    let body: { status: string; checks: Record<string, string> }
    do {
      body = (await server.request('GET', '/health')).body
      if (body.status !== 'ok') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    } while (Date.now() < deadline)
    expect(body).toEqual({
      status: 'degraded',
      checks: { database: 'ok', mail: 'ok', 'audit sink https': 'failing' },
    })
    expect(JSON.stringify(body)).not.toContain('127.0.0.1')
  })
})
