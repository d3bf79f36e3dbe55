import { endpoints } from '@shared/contract'
import { buildServer } from '../src/app'
import { anchorBuilds } from '../src/db/user-list/anchors'
import { ConfigError, loadConfig } from '../src/config'
import { auditSql, type AuditSelection } from '../src/db/audit'

/**
 * `npm run bench:audit -- [--rows 1000000]`: on the PostgreSQL of DATABASE_URL, fills the audit
 * log up to that many entries (a year of them: 50 actors, 100,000 target users, 12 actions), then
 * prints, for each filter, the EXPLAIN ANALYZE execution time of its first page and of its exact
 * count, the indexes the plans use, and the median of GET /api/admin/audit end to end.
 * Needs ADMIN_USERNAME / ADMIN_PASSWORD of an administrator of that database (a new database
 * gets them as its first administrator).
 */
const RUNS = 10
const DAY = 86_400_000

const rowsArgument = process.argv.indexOf('--rows')
const ROWS = rowsArgument > 0 ? Number(process.argv[rowsArgument + 1]) : 1_000_000

const SEED = `
INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, changes, created_at)
SELECT 1 + i % 50, 'admin' || (1 + i % 50),
  (ARRAY['user.update', 'user.lock', 'user.unlock', 'session.login', 'session.logout',
         'user.create', 'user.role_add', 'user.activate', 'user.deactivate', 'role.update',
         'session.login_failed', 'user.reset_password'])[1 + (i * 7) % 12],
  CASE WHEN i % 10 = 0 THEN 'session' ELSE 'user' END,
  CASE WHEN i % 10 = 0 THEN md5(i::text) ELSE (1 + (i::bigint * 7919) % 100000)::text END,
  jsonb_build_object('lastName', jsonb_build_object('from', 'A' || i, 'to', 'B' || i)),
  now() - (($1::int - i) * interval '30 seconds')
FROM generate_series(1, $1::int) AS i`

interface PlanNode {
  'Node Type': string
  'Index Name'?: string
  Plans?: PlanNode[]
}

const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
]

async function main() {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env })
  if (!config.databaseUrl) throw new ConfigError('Set DATABASE_URL to a PostgreSQL database.')
  if (!config.admin.password)
    throw new ConfigError('Set ADMIN_PASSWORD (and ADMIN_USERNAME) of an administrator.')
  const { app, context } = await buildServer(config)
  const { db } = context
  try {
    // The anchors the server builds at start would run beside the timings.
    await anchorBuilds(db)
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n
    const missing = ROWS - (await count())
    if (missing > 0) {
      const started = performance.now()
      await db.query(SEED, [missing])
      // What autovacuum does in time: index-only scans need the visibility map.
      await db.exec('VACUUM ANALYZE audit_log')
      process.stdout.write(
        `seeded ${missing.toLocaleString('en-US')} entries in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      )
    }
    const login = await app.inject({
      method: 'POST',
      url: endpoints.signIn.path,
      payload: { username: config.admin.username, password: config.admin.password },
    })
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
    const authorization = `Bearer ${login.json().accessToken}`

    const day = (offset: number) => new Date(Date.now() - offset * DAY).toISOString().slice(0, 10)
    const scenarios: [string, AuditSelection, string, number?][] = [
      ['newest, no filter', {}, ''],
      ['page 1000, no filter', {}, 'page=1000', 1000],
      ['actor (id)', { actorId: 7 }, 'actor=7'],
      ['target user (id)', { targetUserId: 4242 }, 'target=4242'],
      ['action user.update', { action: 'user.update' }, 'action=user.update'],
      ['one day', { from: day(100), to: day(100) }, `from=${day(100)}&to=${day(100)}`],
      [
        'action + 30 days',
        { action: 'user.lock', from: day(130), to: day(100) },
        `action=user.lock&from=${day(130)}&to=${day(100)}`,
      ],
      ['actor + action', { actorId: 7, action: 'user.update' }, 'actor=7&action=user.update'],
      [
        'target + from 200 days ago',
        { targetUserId: 4242, from: day(200) },
        `target=4242&from=${day(200)}`,
      ],
    ]
    process.stdout.write(
      `${db.kind}, ${(await count()).toLocaleString('en-US')} audit entries; EXPLAIN ANALYZE execution (ms), HTTP median of ${RUNS} (ms)\n`,
    )
    process.stdout.write(
      `${'filter'.padEnd(28)} ${'page'.padStart(8)} ${'count'.padStart(8)} ${'http'.padStart(8)} ${'matches'.padStart(9)}  indexes (page | count)\n`,
    )
    for (const [name, selection, query, page = 0] of scenarios) {
      const sql = auditSql(selection, page, 20)
      const explain = async ({ text, values }: { text: string; values: unknown[] }) => {
        const [row] = await db.query<{
          'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }]
        }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values)
        const [plan] = row!['QUERY PLAN']
        return { ms: plan['Execution Time'], indexes: [...new Set(indexesOf(plan.Plan))] }
      }
      await explain(sql.page) // warms the caches
      await explain(sql.count)
      const pagePlan = await explain(sql.page)
      const countPlan = await explain(sql.count)
      const times: number[] = []
      let matches = 0
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now()
        const reply = await app.inject({
          method: 'GET',
          url: `${endpoints.listAuditEntries.path}?size=20&${query}`,
          headers: { authorization },
        })
        times.push(performance.now() - started)
        if (reply.statusCode !== 200) throw new Error(`${name}: ${reply.statusCode} ${reply.body}`)
        matches = reply.json().page.totalElements
      }
      times.sort((a, b) => a - b)
      const median = times[Math.floor(times.length / 2)]!
      process.stdout.write(
        `${name.padEnd(28)} ${pagePlan.ms.toFixed(1).padStart(8)} ${countPlan.ms.toFixed(1).padStart(8)} ${median.toFixed(1).padStart(8)} ${String(matches).padStart(9)}  ${pagePlan.indexes.join(',') || 'seq'} | ${countPlan.indexes.join(',') || 'seq'}\n`,
      )
    }
  } finally {
    await app.close()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
