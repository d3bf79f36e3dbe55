import { buildServer } from '../src/app'
import { ConfigError, loadConfig } from '../src/config'

/**
 * `npm run bench:users`: times GET /api/admin/users end to end (authentication, page query,
 * exact count, JSON) on the configured database, after `npm run seed -- --users 1000000`.
 * Needs ADMIN_USERNAME / ADMIN_PASSWORD of an administrator of that database.
 */
const SCENARIOS: [string, string][] = [
  ['first page, by id', 'sort=id&direction=asc'],
  ['first page, username desc', 'sort=username&direction=desc'],
  ['first page, last login desc', 'sort=lastLogin&direction=desc'],
  ['page 500, email asc', 'page=500&sort=email&direction=asc'],
  ['last page, created asc', 'page=49999&sort=createdDate&direction=asc'],
  ['search "smith", username asc', 'search=smith&sort=username&direction=asc'],
  ['search "Aisha Khan" (full name)', 'search=Aisha%20Khan&sort=id&direction=asc'],
  ['search "user123456" (one match)', 'search=user123456&sort=email&direction=desc'],
  ['search "@bulk" (all match), updated desc', 'search=%40bulk&sort=updatedDate&direction=desc'],
  ['search "ha" (two letters), phone asc', 'search=ha&sort=phoneNumber&direction=asc'],
]
const RUNS = 20

async function main() {
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000',
    ...process.env,
  })
  if (!config.admin.password)
    throw new ConfigError(
      'Set ADMIN_PASSWORD (and ADMIN_USERNAME) of an administrator of this database.',
    )
  const { app, context } = await buildServer(config)
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: config.admin.username, password: config.admin.password },
    })
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
    const authorization = `Bearer ${login.json().accessToken}`
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM users',
    )
    process.stdout.write(
      `${context.db.kind}, ${total.toLocaleString('en-US')} users, ${RUNS} runs each (ms)\n`,
    )
    process.stdout.write(
      `${'scenario'.padEnd(44)} ${'first'.padStart(7)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  matches\n`,
    )
    for (const [name, query] of SCENARIOS) {
      const times: number[] = []
      let first = 0
      let matches = 0
      for (let run = 0; run < RUNS + 2; run += 1) {
        const started = performance.now()
        const reply = await app.inject({
          method: 'GET',
          url: `/api/admin/users?${query}`,
          headers: { authorization },
        })
        const elapsed = performance.now() - started
        if (reply.statusCode !== 200) throw new Error(`${name}: ${reply.statusCode} ${reply.body}`)
        matches = reply.json().page.totalElements
        if (run === 0) first = elapsed
        if (run >= 2) times.push(elapsed) // the first two warm the caches
      }
      times.sort((a, b) => a - b)
      const at = (q: number) =>
        times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
      process.stdout.write(
        `${name.padEnd(44)} ${first.toFixed(1).padStart(7)} ${at(0.5).padStart(7)} ${at(0.95).padStart(7)} ${at(1).padStart(7)}  ${matches}\n`,
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
