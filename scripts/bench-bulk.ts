import { BULK_ENDPOINTS, endpoints, pathTo, type BulkAction } from '@shared/contract'
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { BULK_CHUNK_SIZE } from '../src/main/core/bulk/run-bulk'
import { buildServer } from '../server/src/app'
import { hashPassword } from '../server/src/auth/passwords'
import { signInAsAdmin } from '../server/bench/admin-client'
import { percentile } from '../server/bench/percentile'
import { postgresSettings } from '../server/bench/postgres-settings'
import { loadBenchConfig } from '../server/bench/server-config'
import { requestMaker, type Answered } from '../server/bench/user-requests'

/**
 * `npm run bench:bulk` (issue 31): bulk actions on 10,000 users as the console sends them
 * (BULK_CHUNK_SIZE ids a request, one after the other), over real HTTP, on the configured
 * database (PostgreSQL with a million users: a copy of the seeded one, since it changes users).
 * While each action runs, a second client sends distinct list requests one at a time: their p95
 * is printed beside the action's time, with the WAL written meanwhile (mostly the action's: a
 * page's first change after a checkpoint writes the whole page, so an action right after one
 * writes several times as much, docs/PERFORMANCE.md); then the group actions again while one
 * client pages through another group's list. Single-user writes (create, rename, lock) are
 * timed before the bulk actions (the server's first writes, on new connections) and again right
 * after them.
 * Needs ADMIN_USERNAME / ADMIN_PASSWORD of an administrator of that database. With BENCH_LOG set,
 * every list request is written to that file with its time and what ran beside it.
 */
const USERS = Number(process.env.BENCH_BULK_USERS ?? 10_000)
const SEED = 31
const SINGLE_WRITES = 20

const write = (text: string) => process.stdout.write(text)

const ms = (value: number) => `${value.toFixed(1)} ms`

async function main() {
  const config = loadBenchConfig()
  const { app, context } = await buildServer(config)
  const { db } = context
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
    const { call } = await signInAsAdmin(config, port, agent)
    const ok = async (method: string, path: string, body?: unknown, extra?: object) => {
      const reply = await call(method, path, body, extra)
      if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`)
      return reply
    }

    // Plain users spread over the whole table, as a search or filter would select them.
    const [picked] = await db.query<{ ids: number[]; users: number }>(
      `SELECT array_agg(id ORDER BY id) AS ids, (SELECT count(*)::int FROM users) AS users FROM (
         SELECT id FROM users u WHERE is_active AND NOT is_locked
           AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id)
           AND NOT EXISTS (SELECT 1 FROM user_groups g WHERE g.user_id = u.id)
         ORDER BY hashint4(id) LIMIT $1) chosen`,
      [USERS],
    )
    const ids = picked!.ids
    const [access] = await db.query<{ roles: number[]; groups: number[] }>(
      `SELECT (SELECT array_agg(id ORDER BY id) FROM roles) AS roles,
         (SELECT array_agg(id ORDER BY id) FROM groups) AS groups`,
    )
    const tag = Date.now().toString(36)
    const role = JSON.parse(
      (
        await ok('POST', endpoints.createRole.path, {
          name: `Bulk bench ${tag}`,
          permissions: ['users.read'],
        })
      ).text,
    ) as { id: number }
    const linked = JSON.parse(
      (
        await ok('POST', endpoints.createRole.path, {
          name: `Bulk bench linked ${tag}`,
          permissions: [],
        })
      ).text,
    ) as { id: number }
    const group = JSON.parse(
      (
        await ok('POST', endpoints.createGroup.path, {
          name: `Bulk bench ${tag}`,
          roleIds: [linked.id],
        })
      ).text,
    ) as { id: number }
    write(
      `${db.kind}, ${picked!.users.toLocaleString('en-US')} users; ${ids.length.toLocaleString('en-US')} users a bulk action, ${BULK_CHUNK_SIZE} a request; ${await postgresSettings(db)}\n`,
    )

    // Single-user writes, one at a time: each over HTTP, the server's whole answer.
    async function singleWrites(when: string, phase: string) {
      const created: number[] = []
      const renamed: number[] = []
      const changed: number[] = []
      for (let i = 0; i < SINGLE_WRITES; i += 1) {
        const username = `bulkbench${tag}${phase}${i}`
        let started = performance.now()
        const user = JSON.parse(
          (
            await ok('POST', endpoints.createUser.path, {
              username,
              email: `${username}@example.com`,
              password: 'bench-password-1',
              firstName: 'Bulk',
              lastName: 'Bench',
              phoneNumber: '+971 50 000 0000',
            })
          ).text,
        ) as { id: number; firstName: string }
        created.push(performance.now() - started)
        started = performance.now()
        await ok('PUT', pathTo(endpoints.updateUser, user), {
          username,
          email: `${username}@example.com`,
          firstName: 'Renamed',
          lastName: 'Bench',
          phoneNumber: '+971 50 000 0000',
        })
        renamed.push(performance.now() - started)
        started = performance.now()
        await ok('PUT', pathTo(endpoints.lockUser, user))
        changed.push(performance.now() - started)
      }
      // The password's hash alone, which creating a user pays before its database work.
      const hashing: number[] = []
      for (let i = 0; i < SINGLE_WRITES; i += 1) {
        const started = performance.now()
        await hashPassword('bench-password-1')
        hashing.push(performance.now() - started)
      }
      write(`\none user at a time, ${when} (${SINGLE_WRITES} each): p50, p95\n`)
      write(
        `create             ${ms(percentile(created, 0.5))}, ${ms(percentile(created, 0.95))} (of which the password's hash ${ms(percentile(hashing, 0.5))})\n`,
      )
      write(
        `rename             ${ms(percentile(renamed, 0.5))}, ${ms(percentile(renamed, 0.95))}\n`,
      )
      write(
        `lock               ${ms(percentile(changed, 0.5))}, ${ms(percentile(changed, 0.95))}\n`,
      )
    }

    // The second client: distinct list requests, one at a time, while `running` holds.
    const makeRequest = requestMaker(SEED, {
      users: picked!.users,
      roleIds: access?.roles ?? [],
      groupIds: access?.groups ?? [],
    })
    /** What the list requests ran beside, and every one of them, for BENCH_LOG. */
    let beside = 'nothing'
    const logged: string[] = []
    /** One list request, its time added to `times`; its answer's body. */
    async function timedList(query: string, times: number[]): Promise<string> {
      const started = performance.now()
      const reply = await call('GET', `${endpoints.listUsers.path}?${query}`)
      const elapsed = performance.now() - started
      times.push(elapsed)
      logged.push(`${JSON.stringify({ beside, ms: elapsed, query })}\n`)
      if (reply.status !== 200) throw new Error(`${query}: ${reply.status} ${reply.text}`)
      return reply.text
    }
    const answered: Answered[] = []
    async function listWhile(running: () => boolean): Promise<number[]> {
      const times: number[] = []
      while (running()) {
        const request = makeRequest(answered)
        const text = await timedList(request.query, times)
        answered.push({ request, next: (JSON.parse(text) as { next?: string }).next ?? null })
      }
      return times
    }

    await singleWrites("before them, the server's first writes", 'before')
    write('\n')

    const quiet = performance.now()
    const idle = await listWhile(() => performance.now() - quiet < 5_000)
    write(
      `list alone: ${idle.length} requests, p50 ${ms(percentile(idle, 0.5))}, p95 ${ms(percentile(idle, 0.95))}\n\n`,
    )

    const header = `${'action'.padEnd(18)} ${'time'.padStart(8)} ${'ok'.padStart(6)} ${'WAL'.padStart(8)}   list while it runs: n, p50, p95\n`
    write(header)
    const actions: [BulkAction, object][] = [
      ['lock', {}],
      ['unlock', {}],
      ['deactivate', {}],
      ['activate', {}],
      ['assign-role', { roleId: role.id }],
      ['add-to-group', { groupId: group.id }],
      ['remove-from-group', { groupId: group.id }],
    ]
    /** Sends `action` for every id, chunk by chunk, while `client` lists; prints both. */
    async function timedAction(
      action: BulkAction,
      extra: object,
      client: (running: () => boolean) => Promise<number[]>,
    ) {
      let running = true
      beside = action
      const listing = client(() => running)
      const [wal] = await db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
      const started = performance.now()
      let applied = 0
      try {
        for (let start = 0; start < ids.length; start += BULK_CHUNK_SIZE) {
          const reply = await ok('POST', BULK_ENDPOINTS[action].path, {
            ids: ids.slice(start, start + BULK_CHUNK_SIZE),
            ...extra,
          })
          applied += (JSON.parse(reply.text) as { ok: number }).ok
        }
      } finally {
        running = false
      }
      const seconds = (performance.now() - started) / 1000
      const [written] = await db.query<{ bytes: number }>(
        'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::float8 AS bytes',
        [wal!.lsn],
      )
      const megabytes = `${Math.round(written!.bytes / 1e6)} MB`
      const times = await listing
      beside = 'nothing'
      write(
        `${action.padEnd(18)} ${`${seconds.toFixed(2)} s`.padStart(8)} ${String(applied).padStart(6)} ${megabytes.padStart(8)}   ${times.length}, ${ms(percentile(times, 0.5))}, ${ms(percentile(times, 0.95))}\n`,
      )
    }
    for (const [action, extra] of actions) await timedAction(action, extra, listWhile)

    // Another administrator pages through the largest other group's list, page after page,
    // while the bench's group is changed: that list is kept (migration 027) and read by its ids.
    const [paged] = await db.query<{ id: number }>(
      `SELECT group_id AS id FROM group_member_total WHERE group_id <> $1
       GROUP BY group_id ORDER BY sum(total) DESC, group_id LIMIT 1`,
      [group.id],
    )
    if (paged) {
      let page = 0
      const pageWhile = async (running: () => boolean) => {
        const times: number[] = []
        while (running()) {
          await timedList(
            `sort=username&direction=asc&groupId=${paged.id}&page=${(page += 1)}`,
            times,
          )
        }
        return times
      }
      const opened = performance.now()
      await pageWhile(() => performance.now() - opened < 2_000)
      write(
        `\n${header.replace('list while it runs', `pages of group ${paged.id}'s list meanwhile`)}`,
      )
      for (const [action, extra] of actions.filter(([name]) => name.endsWith('-group'))) {
        await timedAction(action, extra, pageWhile)
      }
    }
    // The role given above is taken back so that the copy ends as it began, roles aside.
    await db.query('DELETE FROM user_roles WHERE role_id = $1', [role.id])

    await singleWrites('right after the bulk actions', 'after')
    if (process.env.BENCH_LOG) writeFileSync(process.env.BENCH_LOG, logged.join(''))
    agent.destroy()
  } finally {
    await app.close()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
