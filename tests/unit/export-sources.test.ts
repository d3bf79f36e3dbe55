import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { ApiFailure, send, type Http } from '../../src/main/core/api/http'
import type { Streamed } from '../../src/main/core/api/stream'
import { ndjsonUserBatches } from '../../src/main/core/export/ndjson-users'
import { numberedPages, PAGES_IN_FLIGHT } from '../../src/main/core/export/numbered-pages'
import { limiter, pdfPartsAtOnce } from '../../src/main/core/export/pdf-parts'
import {
  EXPORT_PAGE_SIZE,
  openUserSource,
  type UserSourceApi,
} from '../../src/main/core/export/user-source'
import {
  endpoints,
  USER_EXPORT_FIELDS,
  type Page,
  type User,
  type UserListQuery,
} from '@shared/contract'

const user = (id: number): User => ({
  id,
  username: `u${id}`,
  email: `u${id}@example.com`,
  fullName: `U ${id}`,
  firstName: 'U',
  lastName: String(id),
  phoneNumber: null,
  isActive: true,
  isLocked: false,
  lastLogin: null,
  createdDate: null,
  updatedDate: null,
})
const users = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => user(from + i))

/** A body handed over in the given chunks, noting whether it was let go. */
function body(chunks: string[]): Pick<Streamed, 'read' | 'cancel'> & { cancelled: boolean } {
  const encoded = chunks.map((chunk) => new TextEncoder().encode(chunk))
  const state = {
    cancelled: false,
    read: async () => encoded.shift(),
    cancel: () => void (state.cancelled = true),
  }
  return state
}

const collect = async <T>(items: AsyncIterable<T>) => {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

describe('ndjsonUserBatches', () => {
  test('lines split anywhere across chunks become batches of the given size, in order', async () => {
    const text = users(1, 7)
      .map((u) => JSON.stringify(u))
      .join('\n')
    const chunks = [text.slice(0, 5), text.slice(5, 300), text.slice(300, 301), text.slice(301)]
    const batches = await collect(ndjsonUserBatches(body(chunks), USER_EXPORT_FIELDS, 3, 7))
    expect(batches.map((batch) => batch.users.map((u) => u.id))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7],
    ])
    expect(batches.every((batch) => batch.total === 7)).toBe(true)
  })

  test('without an announced total, the count so far stands in', async () => {
    const lines = users(1, 4).map((u) => `${JSON.stringify(u)}\r\n`)
    const batches = await collect(ndjsonUserBatches(body(lines), USER_EXPORT_FIELDS, 3, undefined))
    expect(batches.map((batch) => batch.total)).toEqual([3, 4])
  })

  test('a line that is not a contract user fails the export, and the body is let go', async () => {
    const source = body([`${JSON.stringify(user(1))}\n{"id":"two"}\n`])
    await expect(collect(ndjsonUserBatches(source, USER_EXPORT_FIELDS, 200, 2))).rejects.toThrow(
      "The server's user export is not what the contract says",
    )
    expect(source.cancelled).toBe(true)
  })

  test('an export of a few fields checks those and keeps no others; a line without one fails', async () => {
    const lines = users(1, 2).map((u) => `${JSON.stringify(u)}\n`)
    const [batch] = await collect(ndjsonUserBatches(body(lines), ['id', 'username'], 200, 2))
    expect(batch!.users).toEqual([
      { id: 1, username: 'u1' },
      { id: 2, username: 'u2' },
    ])
    const missing = body([`${JSON.stringify({ id: 1 })}\n`])
    await expect(collect(ndjsonUserBatches(missing, ['id', 'username'], 200, 1))).rejects.toThrow(
      "The server's user export is not what the contract says",
    )
  })

  test('a caller that stops early lets the body go', async () => {
    const source = body(users(1, 5).map((u) => `${JSON.stringify(u)}\n`))
    for await (const _ of ndjsonUserBatches(source, USER_EXPORT_FIELDS, 2, 5)) break
    expect(source.cancelled).toBe(true)
  })
})

describe('numberedPages', () => {
  test(`up to ${PAGES_IN_FLIGHT} pages in flight, handed on in page order whatever order they arrive in`, async () => {
    const total = 2_050
    let inFlight = 0
    let most = 0
    const asked: number[] = []
    const listUsers = async (query: UserListQuery): Promise<Page<User>> => {
      const page = Number(query.page)
      asked.push(page)
      inFlight += 1
      most = Math.max(most, inFlight)
      // Later pages answer sooner.
      await new Promise((resolve) => setTimeout(resolve, 20 - (page % 4) * 5))
      inFlight -= 1
      const from = page * 200
      return {
        content: users(from + 1, Math.max(0, Math.min(200, total - from))),
        page: { number: page, size: 200, totalElements: total },
      }
    }
    const query = { size: 200, page: 0, sort: 'id' as const }
    const first = await listUsers(query)
    const batches = await collect(numberedPages(listUsers, query, first))
    const ids = batches.flatMap((batch) => batch.users.map((u) => u.id))
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => i + 1))
    expect(most).toBe(PAGES_IN_FLIGHT)
    expect(new Set(asked).size).toBe(asked.length)
    expect(Math.max(...asked)).toBe(10)
  })

  test('a short page ends it even when the total said more', async () => {
    const listUsers = async (query: UserListQuery): Promise<Page<User>> => ({
      content: Number(query.page) < 2 ? users(Number(query.page) * 200 + 1, 200) : users(401, 3),
      page: { number: Number(query.page), size: 200, totalElements: 5_000 },
    })
    const query = { size: 200, page: 0 }
    const batches = await collect(numberedPages(listUsers, query, await listUsers(query)))
    expect(batches.map((batch) => batch.users.length)).toEqual([200, 200, 3])
  })
})

describe('openUserSource', () => {
  const page = (over: Partial<Page<User>> = {}): Page<User> => ({
    content: users(1, 2),
    page: { number: 0, size: 200, totalElements: 2 },
    ...over,
  })
  const api = (streamUsers: UserSourceApi['streamUsers'], first = page()): UserSourceApi => ({
    streamUsers,
    listUsers: async () => first,
  })
  const signal = new AbortController().signal
  const absent = (status: number) => async () => Promise.reject(new ApiFailure('no', status))

  test('the streaming export when the server has it', async () => {
    const stream: Streamed = {
      headers: new Headers({
        'content-type': 'application/x-ndjson; charset=utf-8',
        'x-total-count': '1',
      }),
      ...body([`${JSON.stringify(user(9))}\n`]),
    }
    const source = await openUserSource(
      api(async () => stream),
      { sort: 'id' },
      signal,
    )
    expect(source.kind).toBe('stream')
    expect(await collect(source.batches)).toEqual([{ users: [user(9)], total: 1 }])
  })

  test.each([400, 404, 405, 501])(
    'without it (%i), pages by number when the list has no cursors',
    async (status) => {
      const source = await openUserSource(api(absent(status)), { sort: 'id' }, signal)
      expect(source.kind).toBe('pages')
    },
  )

  test('without it, follows cursors when the first page carries one', async () => {
    const source = await openUserSource(api(absent(404), page({ next: null })), {}, signal)
    expect(source.kind).toBe('cursors')
  })

  test('an answer that is not NDJSON is let go and the list used instead', async () => {
    const json = Object.assign(body(['{}']), {
      headers: new Headers({ 'content-type': 'application/json' }),
    })
    const source = await openUserSource(
      api(async () => json),
      {},
      signal,
    )
    expect(source.kind).toBe('pages')
    expect(json.cancelled).toBe(true)
  })

  test('any other failure of the server fails the export', async () => {
    await expect(openUserSource(api(absent(500)), {}, signal)).rejects.toThrow('no')
    await expect(openUserSource(api(absent(403)), {}, signal)).rejects.toThrow('no')
  })
})

/**
 * A stand-in for ANOTHER server of the contract (not ours): no streaming export, and a list
 * whose pages carry `next` cursors. Our own server is tested in tests/integration.
 */
describe('following cursors on a server of the contract that has them', () => {
  let standIn: Server | undefined
  afterEach(() => standIn?.close())

  test('every page in order, the next asked for before the caller is done with this one', async () => {
    const total = 450
    const seen: string[] = []
    standIn = createServer((request, response) => {
      const url = new URL(request.url!, 'http://stand-in')
      seen.push(url.pathname + url.search)
      if (url.pathname !== '/api/admin/users') {
        response.writeHead(404, { 'content-type': 'application/json' })
        return response.end(
          JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'No such route' }),
        )
      }
      const from = url.searchParams.has('cursor')
        ? Number(url.searchParams.get('cursor')!.slice(1))
        : 0
      const size = Number(url.searchParams.get('size'))
      const content = users(from + 1, Math.min(size, total - from))
      const after = from + content.length
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          content,
          page: { number: 0, size, totalElements: total },
          next: after < total ? `c${after}` : null,
          prev: from > 0 ? `p${from}` : null,
        }),
      )
    })
    await new Promise<void>((resolve) => standIn!.listen(0, '127.0.0.1', resolve))
    const http: Http = {
      baseUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
      fetch,
      timeoutMs: 5_000,
    }
    const sourceApi: UserSourceApi = {
      streamUsers: async (query) => {
        await send(http, endpoints.exportUsers, query)
        throw new Error('the stand-in has no export')
      },
      listUsers: async (query) => (await send(http, endpoints.listUsers, query)).data,
    }
    const source = await openUserSource(
      sourceApi,
      { search: 'x', sort: 'email', direction: 'desc', status: 'active' },
      new AbortController().signal,
    )
    expect(source.kind).toBe('cursors')
    const ids: number[] = []
    for await (const batch of source.batches) {
      ids.push(...batch.users.map((u) => u.id))
      // Before this batch is written, the request for the next one is already out.
      if (ids.length < total)
        await expect.poll(() => seen.length).toBe(2 + ids.length / EXPORT_PAGE_SIZE)
    }
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => i + 1))
    expect(seen).toEqual([
      '/api/admin/users/export?search=x&sort=email&direction=desc&status=active',
      '/api/admin/users?search=x&sort=email&direction=desc&status=active&size=200&page=0',
      '/api/admin/users?search=x&sort=email&direction=desc&status=active&size=200&cursor=c200',
      '/api/admin/users?search=x&sort=email&direction=desc&status=active&size=200&cursor=c400',
    ])
  })
})

describe('PDF parts', () => {
  test('two at a time on two cores or more, fewer when memory is short, never none', () => {
    const gb = 1024 ** 3
    expect(pdfPartsAtOnce(2, 8 * gb)).toBe(2)
    expect(pdfPartsAtOnce(16, 8 * gb)).toBe(2)
    expect(pdfPartsAtOnce(1, 8 * gb)).toBe(1)
    expect(pdfPartsAtOnce(2, 0.7 * gb)).toBe(1)
    expect(pdfPartsAtOnce(2, 0)).toBe(1)
  })

  test('the limiter runs at most so many at once, in the order handed in', async () => {
    const run = limiter(2)
    let active = 0
    let most = 0
    const started: number[] = []
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        run(async () => {
          started.push(index)
          active += 1
          most = Math.max(most, active)
          await new Promise((resolve) => setTimeout(resolve, 5))
          active -= 1
        }),
      ),
    )
    expect(most).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
  })
})
