import { describe, expect, test } from 'vitest'
import { userListQuerySchema } from '@shared/contract'
import {
  decodeCursor,
  encodeCursor,
  FOREIGN_CURSOR,
  listFingerprint,
  MALFORMED_CURSOR,
} from '../../server/src/db/user-list/cursor'
import { databaseFailure } from '../../server/src/errors'

const query = (fields: Record<string, string> = {}) =>
  userListQuerySchema.parse({ sort: 'lastLogin', search: 'ada', ...fields })

const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    // What the client is answered: the data layer's refusal as the routes map it.
    return {
      status: databaseFailure(error)?.statusCode,
      message: (error as Error).message,
    }
  }
  throw new Error('expected a failure')
}

describe('user list cursors', () => {
  test.each([
    ['a timestamp', '2026-01-02T03:04:05.123456Z'],
    ['no last login', null],
  ])('round-trip with %s as key, in URL-safe characters', (_, key) => {
    const list = listFingerprint(query())
    const text = encodeCursor({ travel: 'prev', page: 7, key, id: 42, list })
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(text, query())).toEqual({ travel: 'prev', page: 7, key, id: 42, list })
  })

  test('belongs to one list: another sort, direction, search, filter or size is refused', () => {
    const text = encodeCursor({
      travel: 'next',
      page: 1,
      key: null,
      id: 3,
      list: listFingerprint(query()),
    })
    const others: Record<string, string>[] = [
      { sort: 'createdDate' },
      { direction: 'desc' },
      { search: 'adam' },
      { status: 'active' },
      { roleId: '4' },
      { size: '50' },
    ]
    for (const other of others) {
      expect(failure(() => decodeCursor(text, query(other)))).toEqual({
        status: 400,
        message: FOREIGN_CURSOR,
      })
    }
  })

  test.each([
    ['not base64 JSON', 'bm90IGpzb24'],
    ['JSON of something else', Buffer.from('[1,2]').toString('base64url')],
    [
      'a negative page',
      Buffer.from('{"t":"n","p":-1,"k":null,"i":1,"l":"x"}').toString('base64url'),
    ],
  ])('%s is refused as malformed', (_, text) => {
    expect(failure(() => decodeCursor(text, query()))).toEqual({
      status: 400,
      message: MALFORMED_CURSOR,
    })
  })

  test('a key that does not fit the sort is refused as malformed', () => {
    const list = listFingerprint(query())
    const text = encodeCursor({ travel: 'next', page: 1, key: 'yesterday', id: 3, list })
    expect(failure(() => decodeCursor(text, query()))).toEqual({
      status: 400,
      message: MALFORMED_CURSOR,
    })
  })
})
