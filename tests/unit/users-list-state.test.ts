import { describe, expect, test } from 'vitest'
import {
  INITIAL_LIST_STATE,
  isUserSortField,
  nextSort,
  userListQuery,
  userListReducer,
} from '../../src/renderer/src/features/users/list-state'

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
