import { describe, expect, test } from 'vitest'
import { BULK_ACTIONS, BULK_ACTION_PERMISSIONS, type Permission } from '@shared/contract'
import { lackedToActOn, permissionsOfHeldRoles } from '@shared/delegation'
import { offeredBulkActions } from '../../src/renderer/src/features/users/bulk/bulk-texts'

const HELPDESK: Permission[] = ['users.credentials', 'users.read', 'users.status']

describe('lackedToActOn, the rule the server refuses by and the details page offers by', () => {
  test('a user holding a permission the caller lacks cannot be acted on', () => {
    const caller = { id: 1, permissions: HELPDESK }
    expect(lackedToActOn(caller, { id: 2, permissions: ['audit.read', 'users.read'] })).toEqual([
      'audit.read',
    ])
    expect(lackedToActOn(caller, { id: 2, permissions: ['users.read'] })).toEqual([])
    expect(lackedToActOn(caller, { id: 2, permissions: [] })).toEqual([])
  })

  test('on oneself the self rules decide, not this one', () => {
    expect(lackedToActOn({ id: 1, permissions: [] }, { id: 1, permissions: HELPDESK })).toEqual([])
  })
})

describe('permissionsOfHeldRoles', () => {
  const roles = [
    { id: 1, permissions: ['users.read', 'users.status'] as Permission[] },
    { id: 2, permissions: ['audit.read', 'users.read'] as Permission[] },
  ]

  test('the union over the active roles held, sorted; an inactive role grants nothing', () => {
    expect(
      permissionsOfHeldRoles(
        [
          { id: 2, active: true },
          { id: 1, active: true },
        ],
        roles,
      ),
    ).toEqual(['audit.read', 'users.read', 'users.status'])
    expect(
      permissionsOfHeldRoles(
        [
          { id: 1, active: true },
          { id: 2, active: false },
        ],
        roles,
      ),
    ).toEqual(['users.read', 'users.status'])
    expect(permissionsOfHeldRoles([], roles)).toEqual([])
  })

  test('unknown when a held role names no permissions or is not listed', () => {
    expect(permissionsOfHeldRoles([{ id: 3, active: true }], roles)).toBeUndefined()
    expect(permissionsOfHeldRoles([{ id: 1, active: true }], [{ id: 1 }])).toBeUndefined()
  })
})

describe('the bulk bar offers what the signed-in user may do', () => {
  const offeredTo = (held: Permission[] | undefined) =>
    offeredBulkActions((permission) => held === undefined || held.includes(permission))

  test('the helpdesk gets the status actions and the exports, no assignment', () => {
    const offered = offeredTo(HELPDESK)
    expect(offered.buttons.map((button) => button.action)).toEqual([
      'activate',
      'deactivate',
      'lock',
      'unlock',
    ])
    expect(offered.exports).toBe(true)
  })

  test('an auditor gets only the exports; a server naming no permissions, everything', () => {
    expect(offeredTo(['audit.read', 'users.read'])).toEqual({ buttons: [], exports: true })
    expect(offeredTo(undefined).buttons.map((button) => button.action)).toEqual([...BULK_ACTIONS])
  })

  test('each bulk action requires what its one-user route does', () => {
    expect(BULK_ACTION_PERMISSIONS).toEqual({
      activate: 'users.status',
      deactivate: 'users.status',
      lock: 'users.status',
      unlock: 'users.status',
      'assign-role': 'users.assign',
      'add-to-group': 'users.assign',
      'remove-from-group': 'users.assign',
    })
  })
})
