import { describe, expect, test } from 'vitest'
import { USER_COLUMN_IDS, USER_COLUMN_LABELS } from '@shared/user-columns'
import { EN } from '@shared/i18n/catalogues'
import {
  DEFAULT_COLUMN_VISIBILITY,
  canToggleColumn,
  offeredColumns,
  restoreColumnVisibility,
  shownColumns,
  toggleColumn,
  visibleColumnCount,
} from '../../src/renderer/src/features/users/columns'

const onlyVisible = (...ids: string[]) =>
  Object.fromEntries(
    USER_COLUMN_IDS.map((id) => [id, ids.includes(id)]),
  ) as typeof DEFAULT_COLUMN_VISIBILITY

describe('Users table columns', () => {
  test('the defaults show id, username, full name, active, locked and actions', () => {
    expect(USER_COLUMN_IDS.filter((id) => DEFAULT_COLUMN_VISIBILITY[id])).toEqual([
      'id',
      'username',
      'fullName',
      'isActive',
      'isLocked',
      'actions',
    ])
  })

  test('Access ends follows Two-step, hidden until chosen', () => {
    expect(USER_COLUMN_IDS.indexOf('accessEndsAt')).toBe(USER_COLUMN_IDS.indexOf('twoStep') + 1)
    expect(EN[USER_COLUMN_LABELS.accessEndsAt]).toBe('Access ends')
    expect(DEFAULT_COLUMN_VISIBILITY.accessEndsAt).toBe(false)
  })

  test.each([
    [true, true, []],
    [true, false, ['accessEndsAt']],
    [false, true, ['actions']],
    [false, false, ['accessEndsAt', 'actions']],
  ])(
    'with actions %s and grant ends %s, every column but %j is offered, in table order',
    (withActions, grantEnds, missing) => {
      expect(offeredColumns(withActions, grantEnds)).toEqual(
        USER_COLUMN_IDS.filter((id) => !(missing as string[]).includes(id)),
      )
    },
  )

  test('a chosen column not offered is not shown; the choice itself is kept', () => {
    const stored = onlyVisible('id', 'username', 'accessEndsAt', 'actions')
    const shown = shownColumns(stored, offeredColumns(true, false))
    expect(USER_COLUMN_IDS.filter((id) => shown[id])).toEqual(['id', 'username', 'actions'])
    expect(stored.accessEndsAt).toBe(true)
    expect(shownColumns(stored, offeredColumns(true, true))).toEqual(stored)
  })

  test('a hidden column can be shown and a visible one hidden', () => {
    const shown = toggleColumn(DEFAULT_COLUMN_VISIBILITY, 'email')
    expect(shown.email).toBe(true)
    expect(toggleColumn(shown, 'email').email).toBe(false)
    expect(DEFAULT_COLUMN_VISIBILITY.email).toBe(false)
  })

  test('the last three visible columns stay visible', () => {
    const three = onlyVisible('id', 'username', 'actions')
    expect(canToggleColumn(three, 'username')).toBe(false)
    expect(toggleColumn(three, 'username')).toBe(three)
    expect(canToggleColumn(three, 'email')).toBe(true)
    const four = toggleColumn(three, 'email')
    expect(visibleColumnCount(four)).toBe(4)
    expect(toggleColumn(four, 'username').username).toBe(false)
  })

  test('a stored choice for exactly these columns is restored', () => {
    const stored = onlyVisible('id', 'email', 'lastLogin', 'actions')
    expect(restoreColumnVisibility(JSON.parse(JSON.stringify(stored)))).toEqual(stored)
  })

  test.each([
    ['nothing stored', undefined],
    ['not an object', 'id,username'],
    ['a list', ['id', 'username', 'email']],
    ['a column missing', { ...onlyVisible('id', 'username', 'email'), actions: undefined }],
    ['an unknown column', { ...onlyVisible('id', 'username', 'email'), department: true }],
    ['a value that is not a flag', { ...onlyVisible('id', 'username'), email: 'yes' }],
    ['fewer than three visible', onlyVisible('id', 'username')],
  ])('%s gives the defaults', (_case, stored) => {
    expect(restoreColumnVisibility(stored)).toEqual(DEFAULT_COLUMN_VISIBILITY)
  })
})
