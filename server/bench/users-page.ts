import { writeFileSync } from 'node:fs'
import http from 'node:http'
import { fork } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { endpoints, userListQuerySchema } from '@shared/contract'
import { buildServer } from '../src/app'
import type { Database } from '../src/db/database'
import { anchorBuilds } from '../src/db/user-list/anchors'
import { userFilterSql } from '../src/db/user-list/filters'
import { SORTS } from '../src/db/user-list/sorts'
import { USER_COLUMNS } from '../src/db/users'
import { signInAsAdmin } from './admin-client'
import type { LoadOrder, LoadResult } from './load-clients'
import { percentile } from './percentile'
import { postgresSettings } from './postgres-settings'
import { loadBenchConfig } from './server-config'
import { requestMaker, type Answered, type RequestKind } from './user-requests'

/**
 * `npm run bench:users` (issue 14): what administrators do with the users list, on the configured
 * database after `npm run seed -- --demo --users 1000000`, over real HTTP:
 * 1. a fixed, seeded set of distinct requests, one at a time: p50/p95/p99/max;
 * 2. 32 concurrent clients for 10 s on the unsearched requests, then on all of them;
 * 3. the same pages as bare SQL (OFFSET paging and count(*)), for the ratio.
 * With `-- --cold`, the first minute of a server just started, as after an upgrade: the requests
 * of `SLOW_AFTER_START` first, then the distinct requests, with nothing built or warmed but what
 * the server does before it is ready; no 2 and 3. BENCH_SEED draws another set of requests.
 * Needs ADMIN_USERNAME / ADMIN_PASSWORD of an administrator of that database.
 */
const SEED = Number(process.env.BENCH_SEED ?? 14)
const COLD = parseArgs({ options: { cold: { type: 'boolean', default: false } } }).values.cold
/**
 * Requests issue 60 found slow on a stock PostgreSQL right after a start: searches sorted by an
 * order their matches are spread over, a few pages on, and a deep page.
 */
const SLOW_AFTER_START = [
  'search=rre&sort=lastLogin&direction=desc&page=0',
  'search=has&sort=phoneNumber&direction=asc&page=4',
  'search=ara&sort=phoneNumber&direction=asc&page=4',
  'search=khan&sort=isLocked&direction=asc&page=0',
  'search=fatima&sort=email&direction=asc&page=0',
  'sort=email&direction=asc&page=23558',
]
const DISTINCT = Number(process.env.BENCH_REQUESTS ?? 360)
const CLIENTS = 32
const SECONDS = 10

const write = (text: string) => process.stdout.write(text)

function percentiles(times: number[]) {
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: percentile(times, 1),
  }
}

const ms = (value: number) => value.toFixed(1).padStart(7)

function line(name: string, times: number[]) {
  // A small data set can leave a kind without requests (no next page to follow).
  if (times.length === 0) return write(`${name.padEnd(30)} ${'0'.padStart(5)}\n`)
  const { p50, p95, p99, max } = percentiles(times)
  write(
    `${name.padEnd(30)} ${String(times.length).padStart(5)} ${ms(p50)} ${ms(p95)} ${ms(p99)} ${ms(max)}\n`,
  )
}

const HEADER = `${''.padEnd(30)} ${'n'.padStart(5)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  (ms)\n`

/**
 * Bulk users get deterministic roles and groups once (none granting administrator rights), so
 * that role and group filters select realistic shares: each group about 6 %, a role directly
 * 0.1 %. Who gets which comes from a hash of the id, not the id's remainders, which the seed's
 * dates and names also follow: membership must not line up with a sort by accident.
 */
async function ensureMemberships(db: Database, adminRole: string): Promise<void> {
  const [{ members } = { members: 0 }] = await db.query<{ members: number }>(
    'SELECT count(*)::int AS members FROM user_groups',
  )
  if (members >= 1_000) return
  const safeGroups = `SELECT g.id FROM groups g WHERE NOT EXISTS (
    SELECT 1 FROM group_roles gr JOIN roles r ON r.id = gr.role_id
    WHERE gr.group_id = g.id AND lower(r.name) = lower($1))`
  await db.query(
    `INSERT INTO user_groups (user_id, group_id)
     SELECT u.id, g.ids[1 + abs(hashint4(u.id + 1)) % cardinality(g.ids)]
     FROM users u, (SELECT array_agg(id ORDER BY id) AS ids FROM (${safeGroups}) s) g
     WHERE u.email LIKE '%@bulk.example.com' AND abs(hashint4(u.id)) % 20 < 6 AND cardinality(g.ids) > 0
     ON CONFLICT DO NOTHING`,
    [adminRole],
  )
  await db.query(
    `INSERT INTO user_roles (user_id, role_id)
     SELECT u.id, r.ids[1 + abs(hashint4(u.id + 2)) % cardinality(r.ids)]
     FROM users u, (SELECT array_agg(id ORDER BY id) AS ids FROM roles WHERE lower(name) <> lower($1)) r
     WHERE u.email LIKE '%@bulk.example.com' AND abs(hashint4(u.id + 3)) % 1000 = 7 AND cardinality(r.ids) > 0
     ON CONFLICT DO NOTHING`,
    [adminRole],
  )
  // Index-only scans of the members' indexes need the visibility map that VACUUM sets.
  await db.exec('VACUUM ANALYZE user_groups')
  await db.exec('VACUUM ANALYZE user_roles')
  await db.exec('VACUUM ANALYZE user_role_grant')
  write('Gave bulk users roles and groups for the filters (once per database).\n')
}

/** Runs the concurrent clients in a process of their own (`load-clients.ts`). */
function loadClients(order: LoadOrder): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const clients = fork(fileURLToPath(new URL('./load-clients.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
    })
    clients.once('message', (result) => {
      resolve(result as LoadResult)
      clients.disconnect()
    })
    clients.once('error', reject)
    // After an answer this changes nothing; without one, the figures are lost.
    clients.once('exit', (code) => reject(new Error(`the load clients exited (${code})`)))
    clients.send(order)
  })
}

/** The page as a straightforward implementation would read it: OFFSET paging and count(*). */
async function naivePage(db: Database, query: string, pageNumber: number): Promise<void> {
  const params = userListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))
  const values: unknown[] = []
  const where = userFilterSql({ ...params, now: Date.now() }, values)
  const dir = params.direction === 'desc' ? 'DESC' : 'ASC'
  await db.query(
    `SELECT ${USER_COLUMNS} FROM users WHERE ${where}
     ORDER BY ${SORTS[params.sort].key} ${dir}, id ${dir}
     LIMIT ${params.size} OFFSET ${pageNumber * params.size}`,
    values,
  )
  await db.query(`SELECT count(*) FROM users WHERE ${where}`, values)
}

const DAY_MS = 86_400_000

/**
 * Issue 57: each last-sign-in list's total equals the filter's definition counted plainly (the
 * last sign-in, or the creation of who never signed in, before the limit), at the run's instant.
 */
async function checkSignInTotals(
  db: Database,
  now: number,
  lists: { request: { query: string }; total: number }[],
): Promise<void> {
  for (const { request, total } of lists) {
    const query = new URLSearchParams(request.query)
    const value = query.get('lastSignIn')!
    const days = /^over(\d+)d$/.exec(value)
    const since = days ? new Date(now - Number(days[1]) * DAY_MS).toISOString() : value
    const where = [
      value === 'never' ? 'last_login IS NULL' : 'coalesce(last_login, created_date) < $1',
      ...(query.get('status') ? [`is_active = ${query.get('status') === 'active'}`] : []),
    ]
    const [row] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE ${where.join(' AND ')}`,
      value === 'never' ? [] : [since],
    )
    if (row?.count !== total)
      throw new Error(`${request.query}: total ${total}, counted ${row?.count}`)
  }
  write(`${lists.length} last-sign-in totals checked against a plain count(*): all exact\n`)
}

async function main() {
  // Benchmarks and screenshots sign in by password: no second factor asked.
  // One instant for the whole run: the last-sign-in totals are checked at the time they were read.
  const benchNow = Date.now()
  const config = { ...loadBenchConfig(), clock: { now: () => benchNow } }
  const starting = performance.now()
  const { app, context } = await buildServer(config)
  const { db } = context
  try {
    write(`Server ready in ${((performance.now() - starting) / 1000).toFixed(1)} s.\n`)
    await ensureMemberships(db, config.admin.roleName)
    if (!COLD) {
      // A server that has been up a while has its orders' anchors; one just started builds them.
      const waiting = performance.now()
      await anchorBuilds(db)
      const waited = (performance.now() - waiting) / 1000
      if (waited >= 0.05) write(`Waited ${waited.toFixed(1)} s for the anchors built at start.\n`)
    }
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    // node:http with a kept-alive socket, for the requests asked one at a time.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
    const { call, authorization } = await signInAsAdmin(config, port, agent)
    const get = (query: string) => call('GET', `${endpoints.listUsers.path}?${query}`)

    const [counts] = await db.query<{ users: number; roles: number[]; groups: number[] }>(
      `SELECT (SELECT count(*)::int FROM users) AS users,
         (SELECT array_agg(id ORDER BY id) FROM roles) AS roles,
         (SELECT array_agg(id ORDER BY id) FROM groups) AS groups`,
    )
    const data = {
      users: counts?.users ?? 0,
      roleIds: counts?.roles ?? [],
      groupIds: counts?.groups ?? [],
    }
    write(
      `${db.kind}, ${data.users.toLocaleString('en-US')} users, ${data.roleIds.length} roles, ${data.groupIds.length} groups; ${await postgresSettings(db)}\n`,
    )
    if (COLD) {
      write(`\nright after the start, one at a time over HTTP (ms)\n`)
      for (const query of SLOW_AFTER_START) {
        const started = performance.now()
        const reply = await get(query)
        if (reply.status !== 200) throw new Error(`${query}: ${reply.status} ${reply.text}`)
        write(`${ms(performance.now() - started)}  ${query}\n`)
      }
    } else {
      for (const query of ['sort=id', 'sort=username&search=ha', 'sort=email&status=inactive']) {
        await get(query) // warms the connection pool and the caches of the plans
      }
    }

    // 1. Distinct requests, one at a time.
    const makeRequest = requestMaker(SEED, data)
    const answered: (Answered & { ms: number; page: number; total: number })[] = []
    for (let i = 0; i < DISTINCT; i += 1) {
      const request = makeRequest(answered)
      const started = performance.now()
      const reply = await get(request.query)
      const elapsed = performance.now() - started
      if (reply.status !== 200) throw new Error(`${request.query}: ${reply.status} ${reply.text}`)
      const body = JSON.parse(reply.text) as {
        next?: string | null
        page: { number: number; totalElements: number }
      }
      answered.push({
        request,
        next: body.next ?? null,
        ms: elapsed,
        page: body.page.number,
        total: body.page.totalElements,
      })
    }
    write(`\n1. ${DISTINCT} distinct requests, one at a time over HTTP\n${HEADER}`)
    line(
      'all',
      answered.map((a) => a.ms),
    )
    for (const kind of ['browse', 'filter', 'signIn', 'cursor', 'search'] as RequestKind[]) {
      line(
        `  ${kind}`,
        answered.filter((a) => a.request.kind === kind).map((a) => a.ms),
      )
    }
    if (process.env.BENCH_LOG) {
      // Every request with its time, one JSON line each, for finding out what the slow ones are.
      writeFileSync(
        process.env.BENCH_LOG,
        answered.map((a) => `${JSON.stringify({ ms: a.ms, query: a.request.query })}\n`).join(''),
      )
    }
    await checkSignInTotals(
      db,
      benchNow,
      answered.filter((a) => a.request.kind === 'signIn'),
    )
    write('slowest:\n')
    for (const a of [...answered].sort((x, y) => y.ms - x.ms).slice(0, 6)) {
      write(`  ${ms(a.ms)}  ${a.request.query.replace(/cursor=[^&]+/, 'cursor=…')}\n`)
    }

    if (COLD) return agent.destroy()

    // 2. Concurrent clients.
    const unsearched = answered.filter((a) => !a.request.query.includes('search='))
    write(`\n2. ${CLIENTS} concurrent clients for ${SECONDS} s each\n`)
    for (const [name, mix] of [
      ['unsearched mix', unsearched],
      ['full mix', answered],
    ] as const) {
      const { times, errors } = await loadClients({
        port,
        authorization,
        queries: mix.map((a) => a.request.query),
        clients: CLIENTS,
        seconds: SECONDS,
      })
      const { p50, p99 } = percentiles(times)
      write(
        `${name.padEnd(16)} ${(times.length / SECONDS).toFixed(0).padStart(6)} req/s  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  errors ${errors}\n`,
      )
    }

    // 3. The same pages as bare SQL.
    const naive: number[] = []
    for (const a of answered) {
      const started = performance.now()
      await naivePage(db, a.request.query.replace(/(^|&)cursor=[^&]*/, ''), a.page)
      naive.push(performance.now() - started)
    }
    write(`\n3. the same pages as bare SQL (ORDER BY … LIMIT OFFSET + count(*))\n${HEADER}`)
    line('bare SQL', naive)
    line(
      'API over HTTP',
      answered.map((a) => a.ms),
    )
    const ratio = (q: 'p50' | 'p95' | 'p99') =>
      (percentiles(naive)[q] / percentiles(answered.map((a) => a.ms))[q]).toFixed(1)
    write(`bare SQL / API: p50 ${ratio('p50')}x, p95 ${ratio('p95')}x, p99 ${ratio('p99')}x\n`)
    agent.destroy()
  } finally {
    await app.close()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
