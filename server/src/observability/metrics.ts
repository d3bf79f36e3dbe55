import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { codedRefusal, endpoints } from '@shared/contract'
import type { ServerContext } from '../context'
import { sinkStatuses } from '../audit/sink-status'
import { refusalBody } from '../errors'

function sameToken(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * `GET /metrics` in Prometheus' text format, for the holder of METRICS_TOKEN only: requests
 * and their latency per route, the database pool, sign-ins, lockouts, the mail outbox and each
 * audit sink's lag. A registry of its own per server, so that tests may build several.
 */
export function registerMetrics(app: FastifyInstance, ctx: ServerContext, token: string): void {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'admin_console_' })
  const labels = ['method', 'route', 'status'] as const
  const requests = new Counter({
    name: 'admin_console_http_requests_total',
    help: 'Requests answered, per route pattern and status',
    labelNames: labels,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'admin_console_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, per route pattern',
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const signIns = new Counter({
    name: 'admin_console_sign_ins_total',
    help: 'Password sign-ins by outcome: success, or failure (wrong credentials, refused, limited)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  new Gauge({
    name: 'admin_console_accounts_locked_out',
    help: 'Accounts in a temporary lockout after too many failed sign-ins',
    registers: [registry],
    async collect() {
      const [row] = await ctx.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM users WHERE login_blocked_until > now()',
      )
      this.set(row?.count ?? 0)
    },
  })
  new Gauge({
    name: 'admin_console_mail_outbox_depth',
    help: 'Mails waiting to be sent (neither sent nor given up)',
    registers: [registry],
    async collect() {
      const [row] = await ctx.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL',
      )
      this.set(row?.count ?? 0)
    },
  })
  const sinkLag = new Gauge({
    name: 'admin_console_audit_sink_lag_records',
    help: 'Audit records written but not yet delivered to the sink',
    labelNames: ['sink'] as const,
    registers: [registry],
  })
  new Gauge({
    name: 'admin_console_audit_sink_failing',
    help: '1 while the last delivery to the sink failed and records wait, else 0',
    labelNames: ['sink'] as const,
    registers: [registry],
    async collect() {
      for (const sink of await sinkStatuses(ctx.db, ctx.auditSinks)) {
        sinkLag.set({ sink: sink.name }, sink.lag)
        this.set({ sink: sink.name }, sink.failing ? 1 : 0)
      }
    },
  })
  const poolUse = ctx.db.poolUse
  if (poolUse) {
    new Gauge({
      name: 'admin_console_db_pool_connections',
      help: 'Database connections of the pools, by state: open, idle, and requests waiting',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse()
        this.set({ state: 'open' }, use.open)
        this.set({ state: 'idle' }, use.idle)
        this.set({ state: 'waiting' }, use.waiting)
      },
    })
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const values = { method: request.method, route, status: String(reply.statusCode) }
    requests.inc(values)
    latency.observe(values, reply.elapsedTime / 1000)
    if (route === endpoints.signIn.path && request.method === endpoints.signIn.method)
      signIns.inc({ outcome: reply.statusCode === 200 ? 'success' : 'failure' })
  })
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
    if (!sameToken(given, token))
      return reply.status(401).send(refusalBody(401, codedRefusal('metrics_token_required')))
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
