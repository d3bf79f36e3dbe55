import { dayIn } from '../../server/src/dormant/schedule'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dormantPolicySchema, userPageSchema, type DormantPolicy } from '@shared/contract'
import { ConfigError, loadConfig } from '../../server/src/config'
import { runIfDue } from '../../server/src/dormant/daily-run'
import { runDormant } from '../../server/src/dormant/dormant-users'
import { startServer, type TestServer } from './support/server'
import { dailyRunTwelveHoursAway } from './support/daily-run-later'

/**
 * Issue 57 item 2: DORMANT_AFTER_DAYS deactivates, once a day, active users whose last sign-in
 * (or creation, never having signed in) is older than that, but the exempt group's members and
 * the last administrator; each audited with the reason "dormant". The daily run does exactly what
 * the preview said, once however many processes look; Run now does what the preview's "now" said.
 */

const DAY = 86_400_000
const AFTER_DAYS = 30
const USERS = 60

let server: TestServer
let token: string
let exemptGroupId: number

const db = () => server.built.context.db
const ctx = () => server.built.context

async function policy(): Promise<Extract<DormantPolicy, { enabled: true }>> {
  const reply = await server.request('GET', '/api/admin/policies/dormant', { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const parsed = dormantPolicySchema.parse(reply.body)
  if (!parsed.enabled) throw new Error('the policy is off')
  return parsed
}

/** Every id of the users list with the preview's filter, page by page. */
async function listed(since: string): Promise<number[]> {
  const reply = await server.request(
    'GET',
    `/api/admin/users?status=active&lastSignIn=${encodeURIComponent(since)}&size=100`,
    { token },
  )
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const page = userPageSchema.parse(reply.body)
  expect(page.page.totalElements).toBeLessThanOrEqual(100)
  return page.content.map((user) => user.id)
}

const activeIds = async () =>
  (await db().query<{ id: number }>('SELECT id FROM users WHERE is_active ORDER BY id')).map(
    (row) => row.id,
  )

const dormantAudits = async () =>
  db().query<{ target_id: string; actor_id: number | null }>(
    `SELECT target_id, actor_id FROM audit_log
     WHERE action = 'user.deactivate' AND changes->>'reason' = 'dormant' ORDER BY id`,
  )

const exemptMembers = async () =>
  (
    await db().query<{ user_id: number }>('SELECT user_id FROM user_groups WHERE group_id = $1', [
      exemptGroupId,
    ])
  ).map((row) => row.user_id)

beforeAll(async () => {
  server = await startServer({
    DORMANT_AFTER_DAYS: String(AFTER_DAYS),
    DORMANT_EXEMPT_GROUP: 'Keep Active',
    ...dailyRunTwelveHoursAway(),
  })
  token = await server.token()
  server.clock.stop()
  const group = await server.request('POST', '/api/admin/groups', {
    token,
    body: { name: 'Keep Active', roleIds: [] },
  })
  expect(group.status).toBe(201)
  exemptGroupId = group.body.id
  // Random sign-ins and creations around the limit, some never signed in, some inactive,
  // some exempt: the same each run (a seed), varied over the users.
  const [times] = fc.sample(
    fc.array(
      fc.record({
        login: fc.option(fc.double({ min: 0, max: 2 * AFTER_DAYS, noNaN: true }), { freq: 3 }),
        created: fc.double({ min: 0, max: 3 * AFTER_DAYS, noNaN: true }),
        active: fc.boolean(),
        exempt: fc.boolean(),
      }),
      { minLength: USERS, maxLength: USERS },
    ),
    { numRuns: 1, seed: 57 },
  )
  const now = server.clock.now()
  const at = (days: number) => new Date(now - days * DAY).toISOString()
  await db().query(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       last_login, created_date, is_active)
     SELECT 'dormant' || n, 'dormant' || n || '@example.com', 'Dor', 'Mant' || n, '', 'x',
       t.login, t.created, t.active
     FROM unnest($1::timestamptz[], $2::timestamptz[], $3::boolean[]) WITH ORDINALITY
       AS t(login, created, active, n)`,
    [
      times!.map((time) => (time.login === null ? null : at(time.login))),
      times!.map((time) => at(time.created)),
      times!.map((time) => time.active),
    ],
  )
  await db().query(
    `INSERT INTO user_groups (user_id, group_id)
     SELECT u.id, $1 FROM users u JOIN unnest($2::boolean[]) WITH ORDINALITY AS t(exempt, n)
       ON u.username = 'dormant' || t.n WHERE t.exempt`,
    [exemptGroupId, times!.map((time) => time.exempt)],
  )
  // The only administrator has not signed in for a year: the last holder of every permission.
  await db().query(`UPDATE users SET last_login = $1 WHERE username = 'root'`, [at(365)])
}, 120_000)
afterAll(() => server?.close())

describe('the dormant-accounts policy', () => {
  test('the daily run deactivates exactly the users the preview listed, once, audited "dormant"', async () => {
    const preview = await policy()
    expect(preview.next.at > new Date(server.clock.now()).toISOString()).toBe(true)
    const since = preview.next.since
    expect(Date.parse(preview.next.at) - Date.parse(since)).toBe(AFTER_DAYS * DAY)
    const inList = await listed(since)
    const exempt = new Set(await exemptMembers())
    const rootId = (
      await db().query<{ id: number }>(`SELECT id FROM users WHERE username = 'root'`)
    )[0]!.id
    const want = inList.filter((id) => !exempt.has(id) && id !== rootId)
    expect(inList).toContain(rootId)
    expect(preview.next).toMatchObject({
      count: want.length,
      exempt: inList.filter((id) => exempt.has(id)).length,
      kept: 1,
    })
    expect(want.length).toBeGreaterThan(0)

    const before = await activeIds()
    // Not yet due: nothing happens.
    await runIfDue(ctx())
    expect(await activeIds()).toEqual(before)
    server.clock.advance(Date.parse(preview.next.at) - server.clock.now())
    // Two processes find it due at once: one runs it.
    await Promise.all([runIfDue(ctx()), runIfDue(ctx())])
    const after = await activeIds()
    expect(before.filter((id) => !after.includes(id))).toEqual(want)
    expect(after).toContain(rootId)
    const audits = await dormantAudits()
    expect(audits.map((row) => Number(row.target_id))).toEqual(want)
    expect(audits.every((row) => row.actor_id === null)).toBe(true)
    const runs = await db().query<{ deactivated: number }>('SELECT deactivated FROM dormant_runs')
    expect(runs).toEqual([{ deactivated: want.length }])

    // Idempotent: looked at again, and run by another process for the same day, nothing more.
    await runIfDue(ctx())
    // The run's day is the policy's zone's, which the UTC date of its instant need not be.
    const day = dayIn(Date.parse(preview.next.at), ctx().config.dormant!.timeZone)
    expect(
      await runDormant(db(), ctx().config.dormant!, Date.parse(preview.next.at), null, day),
    ).toBe(undefined)
    expect(await activeIds()).toEqual(after)
    expect(await dormantAudits()).toHaveLength(want.length)
    // The next run is tomorrow's.
    token = await server.token()
    expect(Date.parse((await policy()).next.at)).toBe(Date.parse(preview.next.at) + DAY)
  })

  test('Run now deactivates what the preview says of now, by its caller, and only for users.status', async () => {
    server.clock.advance(10 * DAY)
    token = await server.token()
    const member = await server.signedInMember(token)
    const refused = await server.request('POST', '/api/admin/policies/dormant/run', {
      token: member.grant.accessToken,
    })
    expect(refused.status).toBe(403)
    const preview = await policy()
    const before = await activeIds()
    const exempt = new Set(await exemptMembers())
    const want = (await listed(preview.now.since)).filter((id) => !exempt.has(id))
    expect(preview.now.count).toBe(want.length)
    const auditsBefore = (await dormantAudits()).length
    const reply = await server.request('POST', '/api/admin/policies/dormant/run', { token })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.count).toBe(want.length)
    const after = await activeIds()
    expect(before.filter((id) => !after.includes(id))).toEqual(want)
    const audits = (await dormantAudits()).slice(auditsBefore)
    expect(audits.map((row) => Number(row.target_id))).toEqual(want)
    const rootId = (
      await db().query<{ id: number }>(`SELECT id FROM users WHERE username = 'root'`)
    )[0]!.id
    expect(audits.every((row) => row.actor_id === rootId)).toBe(true)
    // Again at once: nothing left to do.
    const again = await server.request('POST', '/api/admin/policies/dormant/run', { token })
    expect(again.body.count).toBe(0)
  })

  test('an exempt group that does not exist stops the run, with a clear answer', async () => {
    await db().query(`UPDATE groups SET name = 'Renamed' WHERE id = $1`, [exemptGroupId])
    const reply = await server.request('POST', '/api/admin/policies/dormant/run', { token })
    expect(reply.status).toBe(409)
    expect(reply.body.message).toContain('DORMANT_EXEMPT_GROUP')
    await db().query(`UPDATE groups SET name = 'Keep Active' WHERE id = $1`, [exemptGroupId])
  })
})

describe('its settings', () => {
  test.each([
    [{ DORMANT_AFTER_DAYS: '0' }, 'DORMANT_AFTER_DAYS must be a whole number of days'],
    [{ DORMANT_AFTER_DAYS: 'soon' }, 'DORMANT_AFTER_DAYS must be a whole number of days'],
    [{ DORMANT_RUN_AT: '25:00' }, 'DORMANT_RUN_AT must be a time of day as HH:MM'],
    [{ DORMANT_TIME_ZONE: 'Mars/Olympus' }, 'DORMANT_TIME_ZONE must be an IANA time zone'],
  ])('%o is refused at start', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  test('off by default; on, the server zone unless one is named', () => {
    expect(loadConfig({}).dormant).toBeUndefined()
    expect(loadConfig({ DORMANT_AFTER_DAYS: '90' }).dormant).toEqual({
      afterDays: 90,
      exemptGroup: undefined,
      runAt: '02:00',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
  })

  test('a server with the policy off says so', async () => {
    const off = await startServer()
    try {
      const admin = await off.token()
      const reply = await off.request('GET', '/api/admin/policies/dormant', { token: admin })
      expect(reply.body).toEqual({ enabled: false })
      const run = await off.request('POST', '/api/admin/policies/dormant/run', { token: admin })
      expect(run.status).toBe(404)
    } finally {
      await off.close()
    }
  })
})
