import { afterAll, beforeAll, expect, test } from 'vitest'
import { userListQuerySchema } from '@shared/contract'
import type { Database } from '../../server/src/db/database'
import { listUsers } from '../../server/src/db/user-list/list-users'
import { openMigratedDatabase } from './support/database'

let database: Awaited<ReturnType<typeof openMigratedDatabase>>
let db: Database

beforeAll(async () => {
  database = await openMigratedDatabase()
  db = database.db
})

afterAll(async () => {
  await database?.close()
})

type Totals = Record<string, number>

const asTotals = (rows: { key: string; total: number }[]): Totals =>
  Object.fromEntries(rows.map((row) => [row.key, row.total]))

/** Every group's members and every role's holders per status and lock, counted here afresh. */
async function recounted(): Promise<Totals> {
  const rows = await db.query<{ key: string; total: number }>(
    `SELECT 'group ' || ug.group_id || ' ' || u.is_active || ' ' || u.is_locked AS key,
       count(*)::int AS total
     FROM user_groups ug JOIN users u ON u.id = ug.user_id GROUP BY 1
     UNION ALL
     SELECT 'role ' || h.role_id || ' ' || u.is_active || ' ' || u.is_locked, count(*)::int
     FROM (
       SELECT role_id, user_id FROM user_roles
       UNION
       SELECT gr.role_id, ug.user_id FROM user_groups ug
       JOIN groups g ON g.id = ug.group_id AND g.active
       JOIN group_roles gr ON gr.group_id = ug.group_id
     ) h JOIN users u ON u.id = h.user_id GROUP BY 1`,
  )
  return asTotals(rows)
}

async function kept(): Promise<Totals> {
  const rows = await db.query<{ key: string; total: number }>(
    `SELECT 'group ' || group_id || ' ' || is_active || ' ' || is_locked AS key, total::int AS total
     FROM group_member_total WHERE total <> 0
     UNION ALL
     SELECT 'role ' || role_id || ' ' || is_active || ' ' || is_locked, total::int
     FROM role_holder_total WHERE total <> 0`,
  )
  return asTotals(rows)
}

/** Grants are held by as many paths as there are (direct, and each active granting group). */
async function grantsMatch(): Promise<void> {
  const [row] = await db.query<{ wrong: number }>(
    `SELECT count(*)::int AS wrong FROM user_role_grant g FULL JOIN (
       SELECT role_id, user_id, count(*)::int AS paths FROM (
         SELECT role_id, user_id FROM user_roles
         UNION ALL
         SELECT gr.role_id, ug.user_id FROM user_groups ug
         JOIN groups g ON g.id = ug.group_id AND g.active
         JOIN group_roles gr ON gr.group_id = ug.group_id
       ) p GROUP BY 1, 2
     ) e USING (role_id, user_id)
     WHERE g.paths IS DISTINCT FROM e.paths`,
  )
  expect(row!.wrong).toBe(0)
}

/** Members and holders carry their users' search text (migration 012). */
async function copiesMatch(): Promise<void> {
  const [row] = await db.query<{ stale: number }>(
    `SELECT (SELECT count(*) FROM user_groups m JOIN users u ON u.id = m.user_id
       WHERE m.search_text IS DISTINCT FROM u.search_text)
     + (SELECT count(*) FROM user_role_grant m JOIN users u ON u.id = m.user_id
       WHERE m.search_text IS DISTINCT FROM u.search_text) AS stale`,
  )
  expect(Number(row!.stale)).toBe(0)
}

async function expectExact(): Promise<void> {
  expect(await kept()).toEqual(await recounted())
  await grantsMatch()
  await copiesMatch()
}

const ids = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ id: number }>(sql, params)).map((row) => row.id)

test('the kept member and holder totals follow every change of users, links, groups and roles', async () => {
  const users = await ids(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
     SELECT 'm' || i, 'm' || i || '@totals.example.com', 'M', 'T' || i, '+48 ' || i, 'x'
     FROM generate_series(1, 8) AS i RETURNING id`,
  )
  const groups = await ids(
    `INSERT INTO groups (name) SELECT 'totals group ' || i FROM generate_series(1, 3) i RETURNING id`,
  )
  const roles = await ids(
    `INSERT INTO roles (name) SELECT 'totals role ' || i FROM generate_series(1, 3) i RETURNING id`,
  )
  const [u1, u2, u3, u4, u5, u6, u7, u8] = users as [number, ...number[]]
  const [g1, g2, g3] = groups as [number, number, number]
  const [r1, r2, r3] = roles as [number, number, number]
  await expectExact()

  // Role 1 through two groups and directly, role 2 through one group, role 3 directly only.
  await db.query(
    `INSERT INTO group_roles (group_id, role_id) VALUES ($1, $3), ($2, $3), ($2, $4)`,
    [g1, g2, r1, r2],
  )
  await db.query(
    `INSERT INTO user_groups (user_id, group_id)
     SELECT unnest($1::int[]), unnest($2::int[])`,
    [
      [u1, u1, u2, u3, u4, u5, u6],
      [g1, g2, g1, g2, g3, g1, g3],
    ],
  )
  await db.query(
    `INSERT INTO user_roles (user_id, role_id) SELECT unnest($1::int[]), unnest($2::int[])`,
    [
      [u1, u7, u8, u4],
      [r1, r1, r3, r3],
    ],
  )
  await expectExact()

  // Status and lock moves, several users in one statement, and an update moving nobody.
  await db.query(`UPDATE users SET is_active = false WHERE id = ANY ($1)`, [[u1, u2, u7]])
  await db.query(`UPDATE users SET is_locked = true WHERE id = ANY ($1)`, [[u1, u4]])
  await db.query(`UPDATE users SET last_login = now() WHERE id = ANY ($1)`, [users])
  await expectExact()
  await db.query(
    `UPDATE users SET username = username || 'r', is_active = true WHERE id = ANY ($1)`,
    [[u1, u3, u8]],
  )
  await db.query(`UPDATE users SET email = 'renamed-' || email WHERE id = $1`, [u2])
  await expectExact()

  // A group deactivated takes its roles back; reactivated, grants them again.
  await db.query(`UPDATE groups SET active = false WHERE id = $1`, [g2])
  await expectExact()
  await db.query(`UPDATE groups SET active = NOT active WHERE id = ANY ($1)`, [[g1, g2]])
  await expectExact()
  await db.query(`UPDATE groups SET active = true WHERE id = $1`, [g1])
  await expectExact()

  // A group's roles changed; memberships and direct roles removed, and a link moved.
  await db.query(`DELETE FROM group_roles WHERE group_id = $1 AND role_id = $2`, [g1, r1])
  await db.query(`INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2), ($3, $2)`, [
    g3,
    r3,
    g1,
  ])
  await expectExact()
  await db.query(`DELETE FROM user_groups WHERE user_id = $1`, [u1])
  await db.query(`DELETE FROM user_roles WHERE user_id = $1 AND role_id = $2`, [u8, r3])
  await db.query(`UPDATE user_groups SET group_id = $1 WHERE user_id = $2`, [g3, u3])
  await db.query(`UPDATE user_roles SET role_id = $1 WHERE user_id = $2`, [r2, u7])
  await expectExact()

  // Deletes: their links cascade after the totals have let them go.
  await db.query(`DELETE FROM users WHERE id = ANY ($1)`, [[u4, u5]])
  await expectExact()
  await db.query(`DELETE FROM groups WHERE id = $1`, [g3])
  await expectExact()
  await db.query(`DELETE FROM roles WHERE id = $1`, [r1])
  await expectExact()

  // Everything within one transaction that rolls back leaves the totals as they were.
  const before = await kept()
  await db
    .transaction(async (tx) => {
      await tx.query(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [u6, g1])
      await tx.query(`UPDATE users SET is_active = NOT is_active WHERE id = $1`, [u6])
      throw new Error('rolled back')
    })
    .catch(() => undefined)
  expect(await kept()).toEqual(before)
  await expectExact()
})

test('a role or group filter without a search, with any status and lock, answers its exact total', async () => {
  const [group] = await ids(`INSERT INTO groups (name) VALUES ('filter totals') RETURNING id`)
  const [role] = await ids(`INSERT INTO roles (name) VALUES ('filter totals role') RETURNING id`)
  const members = await ids(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       is_active, is_locked)
     SELECT 'f' || i, 'f' || i || '@filters.example.com', 'F', 'T' || i, '+48 9' || i, 'x',
       i % 3 <> 0, i % 4 = 0
     FROM generate_series(1, 12) AS i RETURNING id`,
  )
  await db.query(`INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)`, [group, role])
  await db.query(`INSERT INTO user_groups (user_id, group_id) SELECT unnest($1::int[]), $2`, [
    members.slice(0, 9),
    group,
  ])
  await db.query(`INSERT INTO user_roles (user_id, role_id) SELECT unnest($1::int[]), $2`, [
    members.slice(6),
    role,
  ])

  const exact = async (filter: string, id: number) => {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u WHERE ${filter}`,
      [id],
    )
    return row!.n
  }
  const inGroup = `u.id IN (SELECT user_id FROM user_groups WHERE group_id = $1)`
  const holding = `(u.id IN (SELECT user_id FROM user_roles WHERE role_id = $1) OR u.id IN (
    SELECT ug.user_id FROM user_groups ug JOIN group_roles gr USING (group_id) WHERE gr.role_id = $1))`
  for (const [status, statusSql] of [
    [undefined, 'true'],
    ['active', 'u.is_active'],
    ['inactive', 'NOT u.is_active'],
  ] as const) {
    for (const [locked, lockedSql] of [
      [undefined, 'true'],
      ['true', 'u.is_locked'],
      ['false', 'NOT u.is_locked'],
    ] as const) {
      const total = async (filter: object) =>
        (await listUsers(db, userListQuerySchema.parse({ status, locked, ...filter }))).page
          .totalElements
      const label = `${status} ${locked}`
      expect(await total({ groupId: group }), label).toBe(
        await exact(`${inGroup} AND ${statusSql} AND ${lockedSql}`, group!),
      )
      expect(await total({ roleId: role }), label).toBe(
        await exact(`${holding} AND ${statusSql} AND ${lockedSql}`, role!),
      )
    }
  }
  expect(
    (await listUsers(db, userListQuerySchema.parse({ groupId: group }))).page.totalElements,
  ).toBe(9)
  expect(
    (await listUsers(db, userListQuerySchema.parse({ roleId: role }))).page.totalElements,
  ).toBe(12)
})

test('a search within a role or group answers the users holding it, from either side', async () => {
  const [group] = await ids(`INSERT INTO groups (name) VALUES ('searched group') RETURNING id`)
  const [role] = await ids(`INSERT INTO roles (name) VALUES ('searched role') RETURNING id`)
  const members = await ids(
    `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash,
       is_active)
     SELECT 's' || lpad(i::text, 4, '0'), 's' || i || '@searched.example.com',
       (ARRAY['Anna', 'Hanna', 'Piotr'])[1 + i % 3], 'Searched', '+48 6' || i, 'x', i % 5 <> 0
     FROM generate_series(1, 300) AS i RETURNING id`,
  )
  await db.query(`INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)`, [group, role])
  await db.query(`INSERT INTO user_groups (user_id, group_id) SELECT unnest($1::int[]), $2`, [
    members.filter((_, i) => i % 2 === 0),
    group,
  ])
  await db.query(`INSERT INTO user_roles (user_id, role_id) SELECT unnest($1::int[]), $2`, [
    members.filter((_, i) => i % 3 === 0),
    role,
  ])
  // The role's holders are the group's members and the direct holders, in one statement.
  const holding = `(u.id IN (SELECT user_id FROM user_roles WHERE role_id = $2::int) OR u.id IN (
    SELECT ug.user_id FROM user_groups ug JOIN group_roles gr USING (group_id)
    JOIN groups g ON g.id = ug.group_id AND g.active WHERE gr.role_id = $2::int))`
  const inGroup = `u.id IN (SELECT user_id FROM user_groups WHERE group_id = $1::int)`
  const cases = [
    [{ groupId: group }, inGroup],
    [{ roleId: role }, holding],
    [{ roleId: role, groupId: group }, `${holding} AND ${inGroup}`],
  ] as const
  // Broad searches (more matches than members) and narrow ones (fewer).
  for (const search of ['a', 'NN', 'anna', 'searched', 's0042', 's01', 'piotr s02', 'nobody']) {
    for (const [filter, sql] of cases) {
      for (const status of [undefined, 'active', 'inactive'] as const) {
        const label = `${search} ${JSON.stringify(filter)} ${status}`
        const page = await listUsers(
          db,
          userListQuerySchema.parse({ search, status, ...filter, sort: 'username', size: 100 }),
        )
        const [expected] = await db.query<{ ids: number[] }>(
          `SELECT coalesce(array_agg(id ORDER BY lower(username), id), '{}') AS ids FROM users u
           WHERE strpos(search_text, lower($3)) > 0 AND ${sql}
             AND ($4::boolean IS NULL OR is_active = $4) AND $1::int > 0 AND $2::int > 0`,
          [group, role, search, status === undefined ? null : status === 'active'],
        )
        expect(page.page.totalElements, label).toBe(expected!.ids.length)
        expect(
          page.content.map((user) => user.id),
          label,
        ).toEqual(expected!.ids.slice(0, 100))
      }
    }
  }
})

/** Resolves once some statement waits for a lock held by another transaction. */
async function someoneWaits(): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const [row] = await db.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
    if (row!.waiting > 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('no statement came to wait')
}

test.skipIf(process.env.TEST_DATABASE !== 'postgres')(
  'a group or role deleted while its members change leaves no kept rows behind',
  async () => {
    const [user] = await ids(
      `INSERT INTO users (username, email, first_name, last_name, phone_number, password_hash)
       VALUES ('racer', 'racer@totals.example.com', 'Race', 'R', '+48 1', 'x') RETURNING id`,
    )
    const [group] = await ids(`INSERT INTO groups (name) VALUES ('raced group') RETURNING id`)
    const [role] = await ids(`INSERT INTO roles (name) VALUES ('raced role') RETURNING id`)
    await db.query(`INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)`, [group, role])
    const leftFor = async () => {
      const [row] = await db.query<{ left: number }>(
        `SELECT (SELECT count(*) FROM user_role_grant WHERE role_id = $2)
           + (SELECT count(*) FROM role_holder_total WHERE role_id = $2 AND total <> 0)
           + (SELECT count(*) FROM group_member_total WHERE group_id = $1 AND total <> 0) AS left`,
        [group, role],
      )
      return Number(row!.left)
    }

    // The user joins the group (and so holds its role) while the role is deleted.
    let deleting: Promise<unknown> | undefined
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [user, group])
      deleting = db.query(`DELETE FROM roles WHERE id = $1`, [role])
      await someoneWaits()
    })
    await deleting

    // The user is deactivated (their group's cell moves) while the group is deleted.
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE users SET is_active = false WHERE id = $1`, [user])
      deleting = db.query(`DELETE FROM groups WHERE id = $1`, [group])
      await someoneWaits()
    })
    await deleting
    expect(await leftFor()).toBe(0)
    await expectExact()
  },
)
