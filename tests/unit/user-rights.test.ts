import { describe, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { actionRight, refusalOfAll, withRightsOf } from '@shared/user-rights'

const user = (actions?: User['actions']) => ({ id: 7, username: 'sara', actions }) as User

describe('the console’s rights on a user (issue 56)', () => {
  test('the server’s answer decides when sent: offered, refused with its reason, or absent', () => {
    const answered = user({ lock: null, resetPassword: 'Sara holds more rights than you.' })
    expect(actionRight(answered, 'lock', [])).toBeNull()
    expect(actionRight(answered, 'resetPassword', undefined)).toBe(
      'Sara holds more rights than you.',
    )
    expect(actionRight(answered, 'assign', ['users.assign'])).toBeUndefined()
  })

  test('without one, the caller’s permissions alone, everything from a server that sends none', () => {
    expect(actionRight(user(), 'lock', ['users.status'])).toBeNull()
    expect(actionRight(user(), 'lock', ['users.credentials'])).toBeUndefined()
    expect(actionRight(user(), 'assign', undefined)).toBeNull()
  })

  test('one reason for all is said once; any allowed, or none offered, is no such reason', () => {
    const why = 'Sara holds more rights than you.'
    expect(refusalOfAll([why, undefined, why])).toBe(why)
    expect(refusalOfAll([why, null])).toBeUndefined()
    expect(refusalOfAll([why, 'You cannot lock your own account.'])).toBeUndefined()
    expect(refusalOfAll([undefined, undefined])).toBeUndefined()
  })

  test('a change’s answer keeps the rights read with the user', () => {
    const read = user({ lock: null })
    const answered = { ...user(), isLocked: true }
    expect(withRightsOf(read, answered)).toEqual({ ...answered, actions: { lock: null } })
    const fresh = user({ lock: 'You cannot lock your own account.' })
    expect(withRightsOf(read, fresh)).toBe(fresh)
  })
})
