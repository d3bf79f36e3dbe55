import { describe, expect, test } from 'vitest'
import {
  applyAssignmentDiff,
  assignmentDiff,
  describeAssignmentFailures,
  toggleId,
} from '@shared/assignment'

describe('assignmentDiff', () => {
  test('adds what was chosen and not held, removes what was held and not chosen', () => {
    expect(assignmentDiff([1, 2, 3], [3, 4, 2, 5])).toEqual({ add: [4, 5], remove: [1] })
  })

  test('an unchanged set, in any order, changes nothing', () => {
    expect(assignmentDiff([3, 1], [1, 3])).toEqual({ add: [], remove: [] })
  })
})

describe('applyAssignmentDiff', () => {
  test('sends every change at once and reports the ones that failed, by name', async () => {
    const started: string[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const call = (change: string, fails: number[]) => async (id: number) => {
      started.push(`${change} ${id}`)
      await gate
      return fails.includes(id)
        ? { ok: false as const, error: { message: 'Role not found' } }
        : { ok: true as const }
    }
    const pending = applyAssignmentDiff(
      { add: [4, 5], remove: [1] },
      { add: call('add', [5]), remove: call('remove', []) },
    )
    await Promise.resolve()
    expect(started.sort()).toEqual(['add 4', 'add 5', 'remove 1'])
    release()
    const failures = await pending
    expect(failures).toEqual([{ id: 5, change: 'add', message: 'Role not found' }])
    expect(describeAssignmentFailures(failures, (id) => `role ${id}`)).toBe(
      'Could not add role 5 (Role not found)',
    )
  })

  test('a call that throws is reported, not lost', async () => {
    const failures = await applyAssignmentDiff(
      { add: [], remove: [7] },
      {
        add: async () => ({ ok: true }),
        remove: async () => {
          throw new Error('Network error')
        },
      },
    )
    expect(failures).toEqual([{ id: 7, change: 'remove', message: 'Network error' }])
  })
})

describe('toggleId', () => {
  test('a checkbox adds or removes its id, once, and leaves the given list as it was', () => {
    const held = [1, 2]
    expect(toggleId(held, 3, true)).toEqual([1, 2, 3])
    expect(toggleId(held, 1, false)).toEqual([2])
    expect(toggleId(held, 2, true)).toEqual([1, 2])
    expect(held).toEqual([1, 2])
  })
})
