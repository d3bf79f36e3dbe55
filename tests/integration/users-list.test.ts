import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { userPageSchema, type Page, type User, type UserSortField } from '@shared/contract'
import { userFilterSql } from '../../server/src/db/user-list/filters'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let token: string

/** Every user of this file's data set has this in its username, so a search isolates them. */
const TAG = 'lsttag'
const USERS = 26
let users: User[] = []
let roleId: number
let activeGroupId: number
let inactiveGroupId: number
/** Holders of the role: directly, or through the active group; not through the inactive one. */
let direct: number[]
let viaActiveGroup: number[]
let viaInactiveGroup: number[]

const get = (path: string) => server.request('GET', path, { token })

async function list(query: string): Promise<Page<User>> {
  const reply = await get(`/api/admin/users?${query}`)
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return userPageSchema.parse(reply.body)
}

async function post(path: string, body?: unknown) {
  const reply = await server.request('POST', path, { token, body })
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300)
  return reply.body
}

async function put(path: string) {
  const reply = await server.request('PUT', path, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
}

const ids = (page: Page<User>) => page.content.map((user) => user.id)
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

/** Every user of a list, page by page by number. */
async function allByPage(query: string, size: number): Promise<number[]> {
  const found: number[] = []
  for (let page = 0; ; page += 1) {
    const answer = await list(`${query}&size=${size}&page=${page}`)
    found.push(...ids(answer))
    if (page + 1 >= (answer.page.totalPages ?? 0)) return found
  }
}

beforeAll(async () => {
  server = await startServer()
  token = await server.token()
  // Few distinct phone numbers and last logins: sort keys with many duplicates.
  for (let i = 0; i < USERS; i += 1) {
    users.push(
      await server.createUser(token, {
        username: `${TAG}${String(i).padStart(2, '0')}`,
        email: `${TAG}${i}@example.com`,
        phoneNumber: `+971 50 000 000${i % 3}`,
      }),
    )
  }
  const { db } = server.built.context
  await db.query(
    `UPDATE users SET last_login = CASE
       WHEN id % 3 = 0 THEN NULL
       WHEN id % 3 = 1 THEN '2026-01-02T03:04:05.123456Z'::timestamptz
       ELSE '2026-01-02T03:04:05.123457Z'::timestamptz END
     WHERE username LIKE $1`,
    [`${TAG}%`],
  )
  for (const user of users.filter((_, i) => i % 4 === 0)) {
    await put(`/api/admin/users/${user.id}/deactivate`)
  }
  for (const user of users.filter((_, i) => i % 5 === 0)) {
    await put(`/api/admin/users/${user.id}/lock`)
  }
  const role = await post('/api/admin/roles', { name: 'Auditor' })
  roleId = role.id
  activeGroupId = (await post('/api/admin/groups', { name: 'Audit team', roleIds: [roleId] })).id
  inactiveGroupId = (await post('/api/admin/groups', { name: 'Old audit', roleIds: [roleId] })).id
  await post(`/api/admin/groups/${inactiveGroupId}/deactivate`)
  direct = [users[1]!.id, users[2]!.id]
  viaActiveGroup = [users[2]!.id, users[3]!.id, users[4]!.id]
  viaInactiveGroup = [users[5]!.id, users[6]!.id]
  for (const id of direct) await put(`/api/admin/users/${id}/roles/${roleId}`)
  for (const id of viaActiveGroup) await put(`/api/admin/users/${id}/groups/${activeGroupId}`)
  for (const id of viaInactiveGroup) await put(`/api/admin/users/${id}/groups/${inactiveGroupId}`)
  users = (await list(`search=${TAG}&size=200`)).content
}, 120_000)
afterAll(() => server?.close())

describe('filters', () => {
  test('status and lock alone count every user of the database, from the kept totals', async () => {
    const everyone = (await list('size=200')).content
    const cases: [string, (user: User) => boolean][] = [
      ['status=active', (u) => u.isActive],
      ['status=inactive', (u) => !u.isActive],
      ['locked=true', (u) => u.isLocked],
      ['locked=false', (u) => !u.isLocked],
      ['status=inactive&locked=true', (u) => !u.isActive && u.isLocked],
    ]
    for (const [query, keep] of cases) {
      const expected = everyone.filter(keep).map((u) => u.id)
      expect(expected.length).toBeGreaterThan(0)
      const page = await list(`${query}&size=200`)
      expect(page.page.totalElements, query).toBe(expected.length)
      expect(ids(page), query).toEqual(expected)
    }
  })

  test('each filter combined with the search narrows it, and the total says so', async () => {
    const cases: [string, (user: User) => boolean][] = [
      ['status=active', (u) => u.isActive],
      ['status=inactive', (u) => !u.isActive],
      ['locked=true', (u) => u.isLocked],
      ['locked=false', (u) => !u.isLocked],
    ]
    for (const [query, keep] of cases) {
      const expected = users.filter(keep).map((u) => u.id)
      const page = await list(`search=${TAG}&${query}&size=200`)
      expect(page.page.totalElements, query).toBe(expected.length)
      expect(ids(page), query).toEqual(expected)
    }
  })

  test('a role filter finds holders directly and through an active group, never through an inactive one', async () => {
    const holders = sorted([...new Set([...direct, ...viaActiveGroup])])
    const page = await list(`roleId=${roleId}`)
    expect(ids(page)).toEqual(holders)
    expect(page.page.totalElements).toBe(holders.length)
    for (const id of viaInactiveGroup) expect(ids(page)).not.toContain(id)
  })

  test('a group filter finds its members, whether the group is active or not', async () => {
    expect(ids(await list(`groupId=${activeGroupId}`))).toEqual(sorted(viaActiveGroup))
    const inactive = await list(`groupId=${inactiveGroupId}`)
    expect(ids(inactive)).toEqual(sorted(viaInactiveGroup))
    expect(inactive.page.totalElements).toBe(viaInactiveGroup.length)
  })

  test('search, status, lock, role and group combine', async () => {
    const expected = users
      .filter((u) => u.isActive && [...direct, ...viaActiveGroup].includes(u.id))
      .map((u) => u.id)
    const page = await list(`search=${TAG}&status=active&roleId=${roleId}&sort=username`)
    expect(ids(page)).toEqual(expected)
    expect(page.page.totalElements).toBe(expected.length)
    const both = await list(`search=${TAG}&roleId=${roleId}&groupId=${activeGroupId}`)
    expect(ids(both)).toEqual(sorted(viaActiveGroup))
    expect((await list(`search=nobody-matches&roleId=${roleId}`)).page.totalElements).toBe(0)
  })

  test('a filtered total follows changes of status, membership and group activity', async () => {
    const query = `roleId=${roleId}&locked=true`
    const before = (await list(query)).page.totalElements
    const target = users.find((u) => !u.isLocked && viaActiveGroup.includes(u.id))!
    await put(`/api/admin/users/${target.id}/lock`)
    expect((await list(query)).page.totalElements).toBe(before + 1)
    await put(`/api/admin/users/${target.id}/unlock`)
    expect((await list(query)).page.totalElements).toBe(before)

    const holders = (await list(`roleId=${roleId}`)).page.totalElements
    await post(`/api/admin/groups/${inactiveGroupId}/activate`)
    expect((await list(`roleId=${roleId}`)).page.totalElements).toBe(
      holders + viaInactiveGroup.length,
    )
    await post(`/api/admin/groups/${inactiveGroupId}/deactivate`)
    expect((await list(`roleId=${roleId}`)).page.totalElements).toBe(holders)
  })

  test('userFilterSql selects, for a bulk action, exactly the users the list shows', async () => {
    const selection = { search: TAG, status: 'active' as const, roleId: roleId }
    const params: unknown[] = []
    const rows = await server.built.context.db.query<{ id: number }>(
      `SELECT id FROM users WHERE ${userFilterSql(selection, params)} ORDER BY id`,
      params,
    )
    const listed = await list(`search=${TAG}&status=active&roleId=${roleId}&size=200`)
    expect(rows.map((row) => row.id)).toEqual(ids(listed))
    expect(rows.length).toBeGreaterThan(0)
    const everyone: unknown[] = []
    expect(userFilterSql({}, everyone)).toBe('TRUE')
    expect(everyone).toEqual([])
  })

  test.each([
    ['status=asleep', 'status must be active or inactive'],
    ['locked=yes', 'locked must be true or false'],
    ['roleId=0', 'roleId must be a positive whole number'],
    ['groupId=abc', 'groupId must be a positive whole number'],
  ])('%s answers 400: %s', async (query, message) => {
    const reply = await get(`/api/admin/users?${query}`)
    expect(reply.status).toBe(400)
    expect(reply.body.message).toContain(message)
  })
})

describe('keyset paging', () => {
  const SORTS: UserSortField[] = [
    'id',
    'username',
    'phoneNumber',
    'lastLogin',
    'isActive',
    'isLocked',
    'createdDate',
  ]

  test.each(SORTS.flatMap((sort) => [`${sort}&direction=asc`, `${sort}&direction=desc`]))(
    'Next then Prev by cursors walk the same pages as page numbers, sort=%s',
    async (sortQuery) => {
      const query = `search=${TAG}&sort=${sortQuery}`
      const size = 4
      const byPage = await allByPage(query, size)
      expect(byPage).toHaveLength(USERS)

      const forward: Page<User>[] = [await list(`${query}&size=${size}`)]
      expect(forward[0]!.prev).toBeNull()
      while (forward.at(-1)!.next) {
        forward.push(await list(`${query}&size=${size}&cursor=${forward.at(-1)!.next}`))
      }
      expect(forward.flatMap(ids)).toEqual(byPage)
      expect(forward.map((page) => page.page.number)).toEqual(forward.map((_, i) => i))
      expect(forward.at(-1)!.page.totalElements).toBe(USERS)

      const backward: Page<User>[] = [forward.at(-1)!]
      while (backward.at(-1)!.prev) {
        backward.push(await list(`${query}&size=${size}&cursor=${backward.at(-1)!.prev}`))
      }
      expect(backward.reverse().flatMap(ids)).toEqual(byPage)
      expect(backward.map((page) => page.page.number)).toEqual(forward.map((_, i) => i))
    },
  )

  // Seven of the file's users (lsttag2, lsttag20-25): few enough that their matches are collected
  // and sorted rather than found by walking the sort's index, the other plan.
  test.each(['lastLogin&direction=asc', 'lastLogin&direction=desc', 'phoneNumber&direction=desc'])(
    'cursors walk a narrow search like page numbers, sort=%s',
    async (sortQuery) => {
      const byPage = await allByPage(`search=${TAG}2&sort=${sortQuery}`, 2)
      const query = `search=${TAG}2&sort=${sortQuery}&size=2`
      expect(byPage).toHaveLength(7)
      const walked: number[] = []
      let page = await list(query)
      walked.push(...ids(page))
      while (page.next) {
        page = await list(`${query}&cursor=${page.next}`)
        walked.push(...ids(page))
      }
      expect(walked).toEqual(byPage)
      const back = ids(page)
      while (page.prev) {
        page = await list(`${query}&cursor=${page.prev}`)
        back.unshift(...ids(page))
      }
      expect(page.page.number).toBe(0)
      expect(back).toEqual(byPage)
    },
  )

  test('cursors page through a filtered list', async () => {
    const query = `status=active&roleId=${roleId}&sort=lastLogin&direction=desc`
    const byPage = await allByPage(query, 2)
    const walked: number[] = []
    let cursor = ''
    for (;;) {
      const page = await list(`${query}&size=2${cursor ? `&cursor=${cursor}` : ''}`)
      walked.push(...ids(page))
      if (!page.next) break
      cursor = page.next
    }
    expect(walked).toEqual(byPage)
  })

  test('a page by number carries the cursors of its neighbours', async () => {
    const query = `search=${TAG}&sort=username&size=5`
    const second = await list(`${query}&page=1`)
    expect(second.page.number).toBe(1)
    expect(ids(await list(`${query}&cursor=${second.next}`))).toEqual(
      ids(await list(`${query}&page=2`)),
    )
    const first = await list(`${query}&cursor=${second.prev}`)
    expect(first.page.number).toBe(0)
    expect(ids(first)).toEqual(ids(await list(`${query}&page=0`)))
    const last = await list(`${query}&page=5`)
    expect(last.next).toBeNull()
    expect(last.content).toHaveLength(1)
  })

  test('page= still jumps to any page, and the last page is read correctly', async () => {
    const query = `search=${TAG}&sort=email&direction=desc`
    const all = await allByPage(query, 200)
    expect(ids(await list(`${query}&size=3&page=4`))).toEqual(all.slice(12, 15))
    expect(ids(await list(`${query}&size=3&page=8`))).toEqual(all.slice(24))
    expect((await list(`${query}&size=3&page=9`)).content).toEqual([])
  })

  test('a cursor of another sort, direction, search, filter or size answers 400', async () => {
    const { next } = await list(`search=${TAG}&sort=username&size=4`)
    for (const other of [
      `search=${TAG}&sort=email&size=4`,
      `search=${TAG}&sort=username&direction=desc&size=4`,
      `search=${TAG}x&sort=username&size=4`,
      `search=${TAG}&sort=username&size=4&status=active`,
      `search=${TAG}&sort=username&size=5`,
    ]) {
      const reply = await get(`/api/admin/users?${other}&cursor=${next}`)
      expect(reply.status, other).toBe(400)
      expect(reply.body.message).toContain('cursor belongs to another sort')
    }
  })

  test.each([
    ['not base64 JSON', 'garbage'],
    ['not a cursor', Buffer.from('{"a":1}').toString('base64url')],
    ['characters a cursor never holds', 'abc%24def'],
    [
      'a key of the wrong type',
      Buffer.from(JSON.stringify({ t: 'n', p: 1, k: 5, i: 1, l: 'x' })).toString('base64url'),
    ],
  ])('a cursor that is %s answers 400', async (_, cursor) => {
    const reply = await get(`/api/admin/users?cursor=${cursor}`)
    expect(reply.status).toBe(400)
    expect(reply.body.message).toMatch(/cursor/)
  })
})

describe('the OpenAPI document', () => {
  test('documents the filters, the cursor and the cursors of a page', async () => {
    const doc = (await server.request('GET', '/openapi.json')).body
    const operation = doc.paths['/api/admin/users'].get
    const names = operation.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(
      expect.arrayContaining(['status', 'locked', 'roleId', 'groupId', 'cursor']),
    )
    const cursor = operation.parameters.find((p: { name: string }) => p.name === 'cursor')
    expect(cursor.schema.description).toContain('replaces `page`')
    const page = operation.responses['200'].content['application/json'].schema
    expect(page.properties.next.description).toContain('Cursor of the next page')
  })
})
