import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  USER_SORT_FIELDS,
  userListQuerySchema,
  userPageSchema,
  type UserSortField,
} from '@shared/contract'
import type { Database } from '../../server/src/db/database'
import {
  anchorBefore,
  anchorBuilds,
  anchorShape,
  memberOrder,
  orderAnchorIds,
} from '../../server/src/db/user-list/anchors'
import { userFilterSql } from '../../server/src/db/user-list/filters'
import { listUsers } from '../../server/src/db/user-list/list-users'
import { warmOrderAnchors } from '../../server/src/db/user-list/order-anchors'
import { SORTS } from '../../server/src/db/user-list/sorts'
import { seedBulk } from '../../server/src/seed/bulk'
import { buildServer } from '../../server/src/app'
import { recordingStatements } from './support/statements'
import { startServer, type TestServer } from './support/server'

/** Pages this deep (offset 10,000 and more) are read from the nearest anchor once it exists. */
const SIZE = 100
const DEEP_PAGES = [100, 107, 121]

let server: TestServer
let token: string
let db: Database

const LISTS: { sort: UserSortField; direction: 'asc' | 'desc'; filter: string }[] = [
  { sort: 'email', direction: 'asc', filter: '' },
  { sort: 'username', direction: 'desc', filter: '' },
  { sort: 'lastLogin', direction: 'asc', filter: '' },
  { sort: 'lastLogin', direction: 'desc', filter: '' },
  { sort: 'isLocked', direction: 'desc', filter: '&status=active' },
  { sort: 'updatedDate', direction: 'asc', filter: '&locked=false' },
  { sort: 'username', direction: 'asc', filter: '&status=active' },
]

async function apiPage(list: (typeof LISTS)[number], page: number): Promise<number[]> {
  const query = `sort=${list.sort}&direction=${list.direction}${list.filter}&size=${SIZE}&page=${page}`
  const reply = await server.request('GET', `/api/admin/users?${query}`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return userPageSchema.parse(reply.body).content.map((user) => user.id)
}

/** The same page as plain SQL reads it, counting off every row before it. */
async function sqlPage(list: (typeof LISTS)[number], page: number): Promise<number[]> {
  const params: unknown[] = []
  const filter = Object.fromEntries(new URLSearchParams(list.filter.slice(1)))
  const where = userFilterSql(filter, params)
  const dir = list.direction.toUpperCase()
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE ${where} ORDER BY ${SORTS[list.sort].key} ${dir}, id ${dir}
     LIMIT ${SIZE} OFFSET ${page * SIZE}`,
    params,
  )
  return rows.map((row) => row.id)
}

/** The version of each list's anchors that a deep page reads from, if it has them. */
const anchorVersions = () =>
  LISTS.map((list) => {
    const filter = Object.fromEntries(new URLSearchParams(list.filter.slice(1)))
    return anchorBefore(db, anchorShape({ sort: list.sort, ...filter }), 12_345)?.version
  })

async function expectEveryDeepPageExact() {
  for (const list of LISTS) {
    for (const page of DEEP_PAGES) {
      expect(await apiPage(list, page), `${JSON.stringify(list)} page ${page}`).toEqual(
        await sqlPage(list, page),
      )
    }
  }
  await anchorBuilds(db)
}

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  db = server.built.context.db
  await seedBulk(db, 13_000, () => undefined)
  // Some users without a last login, so that its order has NULLs to step over.
  await db.query('UPDATE users SET last_login = NULL WHERE id % 7 = 0')
}, 180_000)

afterAll(async () => {
  await server.close()
})

test('a server started on a list with deep pages builds the anchors of its orders before it is ready, on PostgreSQL', async () => {
  const anchored = (of: Database) =>
    USER_SORT_FIELDS.filter((sort) => anchorBefore(of, anchorShape({ sort }), 12_345))
  if (db.kind !== 'postgres') {
    // PGlite's one connection is left to the administrator signing in.
    await warmOrderAnchors(db)
    await anchorBuilds(db)
    expect(anchored(db)).toEqual([])
    return
  }
  // Another server on the same database, as after a restart: the anchors are there once it is
  // built, before it listens, with no build left to wait for.
  const restarted = await buildServer(server.built.context.config)
  try {
    // Not the order by last login, which the next sign-in would move.
    expect(anchored(restarted.context.db)).toEqual(
      USER_SORT_FIELDS.filter((sort) => sort !== 'lastLogin'),
    )
  } finally {
    await restarted.app.close()
  }
})

test('deep pages are exact before their anchors exist, and from them once they do', async () => {
  for (const list of LISTS) await apiPage(list, DEEP_PAGES[0]!)
  await anchorBuilds(db)
  for (const list of LISTS) {
    const filter = Object.fromEntries(new URLSearchParams(list.filter.slice(1)))
    const shape = anchorShape({ sort: list.sort, ...filter })
    expect(anchorBefore(db, shape, 12_345), JSON.stringify(list)).toBeDefined()
  }
  await expectEveryDeepPageExact()
}, 120_000)

test('after a change that moves users, deep pages stay exact', async () => {
  await expectEveryDeepPageExact()
  // Users from the start of several orders move to their ends, one leaves the active ones.
  await db.query(
    `UPDATE users SET email = 'zz' || email, username = 'zz' || username, last_login = NULL,
       updated_date = now() WHERE id IN (SELECT id FROM users ORDER BY id LIMIT 40)`,
  )
  await db.query('UPDATE users SET is_active = false WHERE id = (SELECT max(id) FROM users)')
  await expectEveryDeepPageExact()
  await expectEveryDeepPageExact()
}, 120_000)

/**
 * Deep pages exact, then `write`; each list's deep page read again: only the lists `rebuilt`
 * names find their anchors stale and build them again, and every deep page stays exact.
 */
async function expectAnchorsRebuiltOnly(
  write: () => Promise<void>,
  rebuilt: (list: (typeof LISTS)[number]) => boolean,
) {
  await expectEveryDeepPageExact()
  const before = anchorVersions()
  expect(before.every((version) => version !== undefined)).toBe(true)
  await write()
  for (const list of LISTS) await apiPage(list, DEEP_PAGES[1]!)
  await anchorBuilds(db)
  const after = anchorVersions()
  LISTS.forEach((list, at) => {
    if (rebuilt(list)) expect(after[at], JSON.stringify(list)).not.toBe(before[at])
    else expect(after[at], JSON.stringify(list)).toBe(before[at])
  })
  await expectEveryDeepPageExact()
}

test('a sign-in leaves the anchors of every order but the one by last login', async () => {
  // What a sign-in writes (logins.ts): the last login moves, nothing else of the orders.
  await expectAnchorsRebuiltOnly(
    async () => {
      await db.query(`UPDATE users SET last_login = now() WHERE id = (SELECT min(id) FROM users)`)
    },
    (list) => list.sort === 'lastLogin',
  )
}, 120_000)

/** The ids of the 30 newest users that `where` selects. */
async function newestIds(where: string): Promise<number[]> {
  const [{ ids } = { ids: [] }] = await db.query<{ ids: number[] }>(
    `SELECT array_agg(id) AS ids FROM (SELECT id FROM users WHERE ${where} ORDER BY id DESC LIMIT 30) chosen`,
  )
  return ids
}

/** A bulk `action` of the users `ids` as the console sends it, with its other fields `extra`. */
async function bulk(action: string, ids: number[], extra: object = {}) {
  const reply = await server.request('POST', `/api/admin/users/bulk/${action}`, {
    token,
    body: { ids, ...extra },
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
}

test('a lock leaves the anchors of every order and list but those by or over a lock, and by update time', async () => {
  // Users leave the unlocked and move in the order by update, none from one status to the other.
  await expectAnchorsRebuiltOnly(
    async () => bulk('lock', await newestIds('NOT is_locked')),
    (list) => list.filter.includes('locked') || ['isLocked', 'updatedDate'].includes(list.sort),
  )
}, 120_000)

test('a deactivation leaves the anchors of every order and list but those by or over a status, and by update time', async () => {
  await expectAnchorsRebuiltOnly(
    async () => bulk('deactivate', await newestIds('is_active')),
    (list) => list.filter.includes('status') || ['isActive', 'updatedDate'].includes(list.sort),
  )
}, 120_000)

test('a new first name leaves the anchors of every order but the one by update time', async () => {
  await expectAnchorsRebuiltOnly(
    async () => {
      const [{ id } = { id: 0 }] = await db.query<{ id: number }>(
        "SELECT min(id) AS id FROM users WHERE phone_number <> ''",
      )
      const read = await server.request('GET', `/api/admin/users/${id}`, { token })
      const user = read.body as Record<string, string>
      const edit = await server.request('PUT', `/api/admin/users/${id}`, {
        token,
        body: { ...user, firstName: `${user.firstName}x` },
      })
      expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    },
    (list) => list.sort === 'updatedDate',
  )
}, 120_000)

test("a role's or group's list is read by its ids in order, exact by page and cursor as it changes", async () => {
  const [group] = await db.query<{ id: number }>(
    `INSERT INTO groups (name) VALUES ('Deep pages group') RETURNING id`,
  )
  const [role] = await db.query<{ id: number }>(
    `INSERT INTO roles (name) VALUES ('Deep pages role') RETURNING id`,
  )
  await db.query(
    `INSERT INTO user_groups (user_id, group_id) SELECT id, $1 FROM users WHERE id % 4 = 1`,
    [group!.id],
  )
  await db.query(
    `INSERT INTO user_roles (user_id, role_id) SELECT id, $1 FROM users WHERE id % 3 = 2`,
    [role!.id],
  )
  const lists = [
    { sort: 'email', direction: 'asc', filter: `&groupId=${group!.id}` },
    { sort: 'lastLogin', direction: 'desc', filter: `&roleId=${role!.id}` },
    { sort: 'createdDate', direction: 'desc', filter: `&groupId=${group!.id}&status=active` },
  ] as const
  const listPage = async (list: (typeof lists)[number], at: string) => {
    const query = `sort=${list.sort}&direction=${list.direction}${list.filter}&size=${SIZE}&${at}`
    const reply = await server.request('GET', `/api/admin/users?${query}`, { token })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const page = userPageSchema.parse(reply.body)
    return { ids: page.content.map((user) => user.id), next: page.next!, prev: page.prev! }
  }
  // Pages 0 to 3 by number, then by Next from page 0 and by Prev back from page 3.
  const expectExact = async () => {
    for (const list of lists) {
      const expected = await Promise.all([0, 1, 2, 3].map((page) => sqlPage(list, page)))
      const name = JSON.stringify(list)
      let cursor = await listPage(list, 'page=0')
      expect(cursor.ids, `${name} page 0`).toEqual(expected[0])
      for (const page of [1, 2, 3]) {
        expect((await listPage(list, `page=${page}`)).ids, `${name} page ${page}`).toEqual(
          expected[page],
        )
        cursor = await listPage(list, `cursor=${cursor.next}`)
        expect(cursor.ids, `${name} Next to page ${page}`).toEqual(expected[page])
      }
      for (const page of [2, 1, 0]) {
        cursor = await listPage(list, `cursor=${cursor.prev}`)
        expect(cursor.ids, `${name} Prev to page ${page}`).toEqual(expected[page])
      }
      const last = Math.ceil((await sqlCount(list)) / SIZE) - 1
      expect((await listPage(list, `page=${last}`)).ids, `${name} last page`).toEqual(
        await sqlPage(list, last),
      )
    }
    await anchorBuilds(db)
  }
  const sqlCount = async (list: (typeof lists)[number]) => {
    const params: unknown[] = []
    const filter = Object.fromEntries(new URLSearchParams(list.filter.slice(1)))
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE ${userFilterSql(filter, params)}`,
      params,
    )
    return row!.n
  }
  const versions = () =>
    lists.map((list) => {
      const filter = Object.fromEntries(new URLSearchParams(list.filter.slice(1)))
      return memberOrder(db, anchorShape({ sort: list.sort, ...filter }))?.version
    })

  await expectExact()
  const built = versions()
  expect(built.every((version) => version !== undefined)).toBe(true)
  // Pages come from the kept ids: a member taken away behind the group version's back (its
  // trigger off) is still listed, until the version moves.
  const [byEmail] = lists
  const [gone] = (await listPage(byEmail, 'page=1')).ids
  await db.exec('ALTER TABLE user_groups DISABLE TRIGGER user_groups_list_delete')
  await db.query('DELETE FROM user_groups WHERE group_id = $1 AND user_id = $2', [group!.id, gone])
  await db.exec('ALTER TABLE user_groups ENABLE TRIGGER user_groups_list_delete')
  expect((await listPage(byEmail, 'page=1')).ids).toContain(gone)
  await db.query('UPDATE group_list_version SET version = version + 1 WHERE group_id = $1', [
    group!.id,
  ])
  expect((await listPage(byEmail, 'page=1')).ids).not.toContain(gone)
  await expectExact()
  expect(versions()[0]).not.toBe(built[0])
  const rebuilt = versions()
  // A sign-in (logins.ts) moves only the order by last login, not the members.
  await db.query(`UPDATE users SET last_login = now() WHERE id = (SELECT min(id) FROM users)`)
  await expectExact()
  lists.forEach((list, at) => {
    if (list.sort === 'lastLogin') expect(versions()[at], list.sort).not.toBe(rebuilt[at])
    else expect(versions()[at], list.sort).toBe(rebuilt[at])
  })
  // A bulk lock of members moves none in or out, nor from one status to the other (migration
  // 029): every list is kept, the one over a status too.
  const beforeLock = versions()
  const ids = await newestIds('id % 4 = 1 AND NOT is_locked AND is_active')
  await bulk('lock', ids)
  await expectExact()
  expect(versions()).toEqual(beforeLock)
  // Deactivating them takes them out of the list over a status alone, which is built again.
  await bulk('deactivate', ids)
  await expectExact()
  lists.forEach((list, at) => {
    if (list.filter.includes('status')) expect(versions()[at], list.sort).not.toBe(beforeLock[at])
    else expect(versions()[at], list.sort).toBe(beforeLock[at])
  })
  // A bulk action on another group, which grants another role, moves those two versions alone:
  // these lists, of other members, are kept as they were.
  const [other] = await db.query<{ group_id: number; role_id: number }>(
    `WITH r AS (INSERT INTO roles (name) VALUES ('Deep pages other role') RETURNING id),
       g AS (INSERT INTO groups (name) VALUES ('Deep pages other group') RETURNING id)
     INSERT INTO group_roles (group_id, role_id) SELECT g.id, r.id FROM g, r
     RETURNING group_id, role_id`,
  )
  // The versions of this test's group and role, then of the other group and role (0 until moved).
  const memberVersions = async () =>
    (
      await db.query<{ versions: string }>(
        `SELECT concat_ws('.',
           coalesce((SELECT version FROM group_list_version WHERE group_id = $1), 0),
           coalesce((SELECT version FROM role_list_version WHERE role_id = $2), 0),
           coalesce((SELECT version FROM group_list_version WHERE group_id = $3), 0),
           coalesce((SELECT version FROM role_list_version WHERE role_id = $4), 0)) AS versions`,
        [group!.id, role!.id, other!.group_id, other!.role_id],
      )
    )[0]!.versions
  const beforeOther = versions()
  const [groupAt, roleAt] = (await memberVersions()).split('.')
  await bulk('add-to-group', ids, { groupId: other!.group_id })
  await expectExact()
  expect(versions()).toEqual(beforeOther)
  expect(await memberVersions()).toBe(`${groupAt}.${roleAt}.1.1`)
  // Members leave from the start of the orders and others join: the lists no longer hold.
  await db.query(
    `DELETE FROM user_groups WHERE group_id = $1
       AND user_id IN (SELECT id FROM users WHERE id % 4 = 1 ORDER BY lower(email) LIMIT 30)`,
    [group!.id],
  )
  await db.query(
    `INSERT INTO user_roles (user_id, role_id)
     SELECT id, $1 FROM users WHERE id % 3 = 0 ORDER BY last_login DESC NULLS FIRST LIMIT 30`,
    [role!.id],
  )
  const signedIn = versions()
  await expectExact()
  expect(versions().every((version, at) => version !== undefined && version !== signedIn[at])).toBe(
    true,
  )
  await expectExact()

  // A cursor given before its row moved, used once the list is kept again, still reads on from
  // where that row was.
  const { next } = await listPage(byEmail, 'page=1')
  const [last] = await db.query<{ id: number; email: string }>(
    `SELECT id, lower(email) AS email FROM users WHERE id = $1`,
    [(await listPage(byEmail, 'page=1')).ids.at(-1)],
  )
  await db.query(`UPDATE users SET email = 'aaa' || email WHERE id = $1`, [last!.id])
  await listPage(byEmail, 'page=0')
  await anchorBuilds(db)
  expect(versions()[0]).toBeDefined()
  const after = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE id IN (SELECT user_id FROM user_groups WHERE group_id = $1)
       AND (lower(email), id) > ($2, $3) ORDER BY lower(email), id LIMIT ${SIZE}`,
    [group!.id, last!.email, last!.id],
  )
  const kept = memberOrder(db, anchorShape({ sort: 'email', groupId: group!.id }))
  expect((await listPage(byEmail, `cursor=${next}`)).ids).toEqual(after.map((row) => row.id))
  await anchorBuilds(db)
  // That cursor is read by a walk; the list, which still holds, is kept as it was.
  expect(memberOrder(db, anchorShape({ sort: 'email', groupId: group!.id }))).toBe(kept)
}, 120_000)

test("the order by a status or lock reads its deep pages from the id order's anchors while its own are stale, exact", async () => {
  const { db: recording, statements } = recordingStatements(db)
  const read = async (sort: UserSortField, direction: 'asc' | 'desc', page: number) =>
    (
      await listUsers(recording, userListQuerySchema.parse({ sort, direction, size: SIZE, page }))
    ).content.map((user) => user.id)
  // The id order's anchors, which no status change moves.
  await read('id', 'asc', DEEP_PAGES[0]!)
  await anchorBuilds(recording)
  const [{ users } = { users: 0 }] = await db.query<{ users: number }>(
    'SELECT count(*)::int AS users FROM users',
  )
  const lastPage = Math.ceil(users / SIZE) - 1
  // The anchors' own users inactive, then locked too: each is counted with the users up to it.
  const anchorUsers = Array.from(orderAnchorIds(recording, anchorShape({ sort: 'id' }))!.ids)
  let fromIdAnchors = 0
  for (const round of [1, 2]) {
    // Users change status and lock, moving the orders by them; some become the usual again.
    await bulk(round === 1 ? 'deactivate' : 'lock', anchorUsers)
    await bulk('lock', await newestIds(`NOT is_locked AND id % 5 = ${round}`))
    await bulk('deactivate', await newestIds(`is_active AND id % 5 = ${round + 2}`))
    await bulk('unlock', await newestIds(`is_locked AND id % 5 <> ${round}`))
    for (const sort of ['isActive', 'isLocked'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const page of [...DEEP_PAGES, lastPage - 1, lastPage]) {
          // As after each chunk of a bulk action: the order's own anchors, if built, are stale.
          await anchorBuilds(recording)
          await db.query(
            'UPDATE user_total SET active_version = active_version + 1, locked_version = locked_version + 1',
          )
          statements.length = 0
          const name = `${sort} ${direction} page ${page}`
          expect(await read(sort, direction, page), name).toEqual(
            await sqlPage({ sort, direction, filter: '' }, page),
          )
          // The page was answered by the read from the id order's anchors, when it did read.
          const answered = statements.at(-1)!.includes('skipped AS MATERIALIZED')
          if (answered) fromIdAnchors += 1
          if (direction === 'asc' && page === DEEP_PAGES[0]) expect(answered, name).toBe(true)
          // Near an end, counting off from it costs less than counting the unusual users.
          if (page === lastPage - 1) expect(answered, name).toBe(false)
        }
      }
    }
  }
  expect(fromIdAnchors).toBeGreaterThanOrEqual(8)
}, 120_000)
