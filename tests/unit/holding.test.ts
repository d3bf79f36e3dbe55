import { describe, expect, test } from 'vitest'
import { englishText as t } from '../support/english'
import { memberStatus } from '../../src/renderer/src/features/access/member-status'
import { membersQuery } from '../../src/renderer/src/features/access/members-query'
import { holdingText, viaText } from '../../src/renderer/src/lib/holding'

const it = { id: 1, name: 'IT Operations' }
const security = { id: 2, name: 'Security' }

describe('how a role is held', () => {
  test('"via" names every group, in the order given', () => {
    expect(viaText([it])).toBe('via IT Operations')
    expect(viaText([it, security])).toBe('via IT Operations, Security')
  })

  test('a member holds it "direct", "via {groups}", or both', () => {
    expect(holdingText({ direct: true, viaGroups: [] })).toBe('direct')
    expect(holdingText({ direct: false, viaGroups: [it, security] })).toBe(
      'via IT Operations, Security',
    )
    expect(holdingText({ direct: true, viaGroups: [it] })).toBe('direct, via IT Operations')
  })
})

describe('the members list', () => {
  test('asks for pages of 20 and leaves out an empty search, trimming any other', () => {
    expect(membersQuery('  ', 0)).toEqual({ page: 0, size: 20 })
    expect(membersQuery(' aisha ', 2)).toEqual({ page: 2, size: 20, search: 'aisha' })
  })

  test('says whether a member is active and whether locked', () => {
    const user = { id: 1, username: 'a', fullName: 'A B', email: 'a@b.c' }
    expect(memberStatus({ ...user, isActive: true, isLocked: false }, t)).toBe('Active')
    expect(memberStatus({ ...user, isActive: false, isLocked: true }, t)).toBe('Inactive, Locked')
  })
})
