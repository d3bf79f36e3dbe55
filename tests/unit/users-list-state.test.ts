import { describe, expect, test } from 'vitest'
import {
  INITIAL_LIST_STATE,
  isUserSortField,
  nextSort,
  parseUserListSearch,
  userListQuery,
  userListReducer,
  userListSearchParams,
  type UserListState,
} from '../../src/renderer/src/features/users/list-state'
import { backToUsersPath, fromUsersList } from '../../src/renderer/src/lib/users-list-return'

describe('Users list state', () => {
  test('the first request is page 0 of 20 by id ascending, without a search', () => {
    expect(userListQuery(INITIAL_LIST_STATE)).toEqual({
      page: 0,
      size: 20,
      sort: 'id',
      direction: 'asc',
    })
  })

  test('clicking the sorted column flips it; another column starts ascending', () => {
    const byId = { field: 'id', direction: 'asc' } as const
    expect(nextSort(byId, 'id')).toEqual({ field: 'id', direction: 'desc' })
    expect(nextSort({ field: 'id', direction: 'desc' }, 'id')).toEqual(byId)
    expect(nextSort({ field: 'id', direction: 'desc' }, 'email')).toEqual({
      field: 'email',
      direction: 'asc',
    })
  })

  test('a new sort or a new search returns to the first page', () => {
    const onPage3 = userListReducer(INITIAL_LIST_STATE, { type: 'page', page: 3 })
    expect(onPage3.page).toBe(3)
    expect(userListReducer(onPage3, { type: 'sort', field: 'lastLogin' })).toMatchObject({
      page: 0,
      sort: { field: 'lastLogin', direction: 'asc' },
    })
    expect(userListReducer(onPage3, { type: 'search', search: 'ann' })).toMatchObject({
      page: 0,
      search: 'ann',
    })
  })

  test('a search is trimmed, sent only when not empty, and the same search keeps the page', () => {
    const searched = userListReducer(INITIAL_LIST_STATE, { type: 'search', search: '  ann ' })
    expect(userListQuery(searched)).toMatchObject({ search: 'ann' })
    const onPage2 = userListReducer(searched, { type: 'page', page: 2 })
    expect(userListReducer(onPage2, { type: 'search', search: 'ann  ' })).toBe(onPage2)
    const cleared = userListReducer(onPage2, { type: 'search', search: '   ' })
    expect(userListQuery(cleared)).not.toHaveProperty('search')
  })

  test('full name and actions are not sortable', () => {
    expect(isUserSortField('phoneNumber')).toBe(true)
    expect(isUserSortField('fullName')).toBe(false)
    expect(isUserSortField('actions')).toBe(false)
  })
})

describe('filters', () => {
  test('a filter change returns to the first page; "All" filters are left out of the request', () => {
    const onPage3 = userListReducer(INITIAL_LIST_STATE, { type: 'page', page: 3 })
    const filtered = userListReducer(onPage3, {
      type: 'filter',
      change: { status: 'inactive', locked: undefined, roleId: 4 },
    })
    expect(filtered).toMatchObject({ page: 0, filter: { status: 'inactive', roleId: 4 } })
    expect(userListQuery(filtered)).toEqual({
      page: 0,
      size: 20,
      sort: 'id',
      direction: 'asc',
      status: 'inactive',
      roleId: 4,
    })
    expect(userListQuery(filtered)).not.toHaveProperty('locked')
  })

  test('a filter change sets the filters it names and keeps the others; undefined is "All"', () => {
    const locked = userListReducer(INITIAL_LIST_STATE, {
      type: 'filter',
      change: { locked: 'true', groupId: 7 },
    })
    const inactive = userListReducer(locked, { type: 'filter', change: { status: 'inactive' } })
    expect(inactive.filter).toEqual({ locked: 'true', groupId: 7, status: 'inactive' })
    const anyGroup = userListReducer(inactive, { type: 'filter', change: { groupId: undefined } })
    expect(anyGroup.filter).toEqual({ locked: 'true', status: 'inactive' })
  })
})

describe('the list in the URL', () => {
  const parse = (query: string) => parseUserListSearch(new URLSearchParams(query))
  const serialize = (state: UserListState) => userListSearchParams(state).toString()

  test('the default list is the bare /users', () => {
    expect(serialize(INITIAL_LIST_STATE)).toBe('')
    expect(parse('')).toEqual(INITIAL_LIST_STATE)
  })

  test('every part round-trips, the page counted from 1 as the pagination shows it', () => {
    const state: UserListState = {
      search: 'ann & co',
      filter: {
        status: 'active',
        locked: 'true',
        roleId: 3,
        groupId: 12,
        twoStep: 'off',
        lastSignIn: 'over90d',
      },
      sort: { field: 'lastLogin', direction: 'desc' },
      page: 4,
    }
    const query = serialize(state)
    expect(new URLSearchParams(query).get('page')).toBe('5')
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      search: 'ann & co',
      sort: 'lastLogin',
      direction: 'desc',
      page: '5',
      status: 'active',
      locked: 'true',
      roleId: '3',
      groupId: '12',
      twoStep: 'off',
      lastSignIn: 'over90d',
    })
    expect(parse(query)).toEqual(state)
  })

  test('defaults are left out', () => {
    expect(
      serialize({
        ...INITIAL_LIST_STATE,
        sort: { field: 'email', direction: 'asc' },
        filter: { locked: 'false' },
      }),
    ).toBe('sort=email&locked=false')
  })

  test.each([
    ['page=0', { page: 0 }],
    ['page=-2', { page: 0 }],
    ['page=2.5', { page: 0 }],
    ['page=abc', { page: 0 }],
    ['page=1e3', { page: 0 }],
    ['page=99999999999999', { page: 0 }],
    ['sort=fullName', { sort: { field: 'id', direction: 'asc' } }],
    ['sort=email&direction=sideways', { sort: { field: 'email', direction: 'asc' } }],
    ['status=gone', { filter: {} }],
    ['locked=yes', { filter: {} }],
    ['twoStep=true', { filter: {} }],
    ['lastSignIn=over7d', { filter: {} }],
    ['lastSignIn=2026-01-01', { filter: {} }],
    ['roleId=0&groupId=-1', { filter: {} }],
    ['roleId=1e3&groupId=%207', { filter: {} }],
    ['roleId=99999999999', { filter: {} }],
    ['search=' + 'x'.repeat(201), { search: '' }],
  ])('%s falls back to the default', (query, expected) => {
    expect(parse(query)).toEqual({ ...INITIAL_LIST_STATE, ...expected })
  })

  test('a search is free text: one the server refuses is kept, so its error shows', () => {
    expect(parse('search=ro%01ot').search).toBe('ro\u0001ot')
  })

  test('a valid part survives an invalid neighbour; a search is trimmed', () => {
    expect(parse('page=3&sort=nope&status=inactive&search=%20ann%20')).toEqual({
      ...INITIAL_LIST_STATE,
      search: 'ann',
      page: 2,
      filter: { status: 'inactive' },
    })
  })
})

describe('"Back to Users"', () => {
  test('goes back to the list the user was opened from, or to the plain list', () => {
    expect(backToUsersPath(fromUsersList('?search=ann&page=3'))).toBe('/users?search=ann&page=3')
    expect(backToUsersPath(fromUsersList(''))).toBe('/users')
    expect(backToUsersPath(null)).toBe('/users')
    expect(backToUsersPath({ usersList: 'https://elsewhere.example' })).toBe('/users')
    expect(backToUsersPath({ usersList: 42 })).toBe('/users')
  })
})
