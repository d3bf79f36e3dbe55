import { describe, expect, test } from 'vitest'
import type { UserListQuery } from '@shared/contract'
import { failure, success, type Result } from '@shared/result'
import {
  cursorStep,
  fetchListPage,
  lastPageIfBeyond,
  listRequest,
} from '../../src/renderer/src/features/users/list-paging'

const query = (page: number, more: Partial<UserListQuery> = {}): UserListQuery => ({
  page,
  size: 20,
  sort: 'email',
  direction: 'asc',
  search: 'ann',
  status: 'active',
  ...more,
})
const info = (number: number) => ({ number, size: 20, totalElements: 95, totalPages: 5 })

/** Our server after the keyset merge: cursors of both neighbours, null at either end. */
const keysetAnswer = (number: number) => ({
  page: info(number),
  next: number < 4 ? `next-of-${number}` : null,
  prev: number > 0 ? `prev-of-${number}` : null,
})
/** Any other server of the contract: no cursors at all. */
const numberedAnswer = (number: number) => ({ page: info(number) })

describe('Next and Prev on a server with cursors', () => {
  test('Next sends the next cursor in place of the page number', () => {
    const shown = { query: query(2), answer: keysetAnswer(2) }
    const step = cursorStep(shown, query(3))
    expect(step).toEqual({ query: query(3), cursor: 'next-of-2' })
    const { page: _none, ...rest } = query(3)
    expect(listRequest(query(3), step)).toEqual({ ...rest, cursor: 'next-of-2' })
    expect(listRequest(query(3), step)).not.toHaveProperty('page')
  })

  test('Prev sends the previous cursor', () => {
    const step = cursorStep({ query: query(2), answer: keysetAnswer(2) }, query(1))
    expect(listRequest(query(1), step)).toMatchObject({ cursor: 'prev-of-2' })
  })

  test('a jump, first or last page goes by number', () => {
    const shown = { query: query(2), answer: keysetAnswer(2) }
    for (const target of [0, 4, 2]) {
      const step = cursorStep(shown, query(target))
      expect(step).toBeUndefined()
      expect(listRequest(query(target), step)).toEqual(query(target))
    }
  })

  test('at either end (a null cursor) it goes by number', () => {
    expect(cursorStep({ query: query(0), answer: keysetAnswer(0) }, query(-1))).toBeUndefined()
    expect(cursorStep({ query: query(4), answer: keysetAnswer(4) }, query(5))).toBeUndefined()
  })

  test('the page shown is the one the answer names, whatever was asked', () => {
    // A cursor request answered as page 3: Next from there is page 4.
    const shown = { query: query(3), answer: keysetAnswer(3) }
    expect(cursorStep(shown, query(4))).toMatchObject({ cursor: 'next-of-3' })
  })

  test('a cursor belongs to its list: another search, sort, filter or size goes by number', () => {
    const shown = { query: query(2), answer: keysetAnswer(2) }
    for (const other of [
      { search: 'bob' },
      { sort: 'id' as const },
      { direction: 'desc' as const },
      { status: 'inactive' as const },
      { locked: 'true' as const },
      { roleId: 3 },
      { groupId: 7 },
      { size: 50 },
    ]) {
      expect(cursorStep(shown, query(3, other))).toBeUndefined()
    }
  })

  test('a step is used only for the very page it leads to', () => {
    const step = cursorStep({ query: query(2), answer: keysetAnswer(2) }, query(3))
    // Back/Forward, a reload or a new sort land elsewhere: by number.
    expect(listRequest(query(2), step)).toEqual(query(2))
    expect(listRequest(query(3, { sort: 'id' }), step)).toEqual(query(3, { sort: 'id' }))
    expect(listRequest(query(3), undefined)).toEqual(query(3))
  })

  test('nothing on screen yet (first load, or the previous list still shown): by number', () => {
    expect(cursorStep(undefined, query(1))).toBeUndefined()
  })
})

describe('a server without cursors', () => {
  test('Next and Prev go by page number, as before', () => {
    const shown = { query: query(2), answer: numberedAnswer(2) }
    for (const target of [1, 3]) {
      const step = cursorStep(shown, query(target))
      expect(step).toBeUndefined()
      expect(listRequest(query(target), step)).toEqual(query(target))
    }
  })

  test('null cursors count as none', () => {
    const shown = { query: query(2), answer: { page: info(2), next: null, prev: null } }
    expect(cursorStep(shown, query(3))).toBeUndefined()
  })
})

describe('a page past the end', () => {
  test('goes to the last page that has users', () => {
    expect(lastPageIfBeyond({ content: [], page: { ...info(9), totalElements: 45 } })).toBe(2)
    expect(lastPageIfBeyond({ content: [], page: { ...info(1), totalElements: 20 } })).toBe(0)
  })

  test('is left alone when it has rows, when nothing matches, or on the first page', () => {
    expect(lastPageIfBeyond({ content: [{}], page: info(2) })).toBeUndefined()
    expect(
      lastPageIfBeyond({ content: [], page: { ...info(3), totalElements: 0 } }),
    ).toBeUndefined()
    expect(
      lastPageIfBeyond({ content: [], page: { ...info(0), totalElements: 5 } }),
    ).toBeUndefined()
  })
})

describe('fetching a page', () => {
  /** Records what was asked; answers as `answer` says for each request. */
  const recorder = (answer: (query: UserListQuery) => Result<string>) => {
    const asked: UserListQuery[] = []
    const list = async (query: UserListQuery) => {
      asked.push(query)
      return answer(query)
    }
    return { asked, list }
  }
  const step = cursorStep({ query: query(2), answer: keysetAnswer(2) }, query(3))

  test('asks once, by cursor when the step leads to the page', async () => {
    const { asked, list } = recorder(() => success('page 3'))
    expect(await fetchListPage(list, query(3), step)).toEqual(success('page 3'))
    expect(asked).toEqual([listRequest(query(3), step)])
  })

  test('a cursor the server refuses (400) is followed by the same page by number', async () => {
    const { asked, list } = recorder((q) =>
      q.cursor ? failure('cursor is not one this server gave', 400) : success('page 3'),
    )
    expect(await fetchListPage(list, query(3), step)).toEqual(success('page 3'))
    expect(asked).toEqual([listRequest(query(3), step), query(3)])
  })

  test('any other failure, or a failure by number, is the answer', async () => {
    const down = recorder(() => failure('Network error', 503))
    expect(await fetchListPage(down.list, query(3), step)).toEqual(failure('Network error', 503))
    expect(down.asked).toHaveLength(1)
    const refused = recorder(() => failure('search must not contain control characters', 400))
    await fetchListPage(refused.list, query(3), undefined)
    expect(refused.asked).toEqual([query(3)])
  })
})
