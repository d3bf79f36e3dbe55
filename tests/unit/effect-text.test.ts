import { expect, test } from 'vitest'
import { NO_ONE_REACHED, effectHeadline, moreNames, moveText } from '@shared/effect-text'

const move = (permission: 'users.status' | 'audit.read', users: number, named = users) => ({
  permission,
  users,
  first: Array.from({ length: named }, (_, i) => ({ id: i + 1, username: `user${i}` })),
})

test('a change is said as the issue words it, one user or many', () => {
  expect(
    effectHeadline({
      users: 15,
      gains: [move('users.status', 12, 10)],
      losses: [move('audit.read', 3)],
    }),
  ).toBe('12 users gain users.status; 3 users lose audit.read')
  expect(moveText('gain', move('users.status', 1))).toBe('1 user gains users.status')
  expect(moveText('loss', move('audit.read', 1))).toBe('1 user loses audit.read')
  expect(moveText('gain', move('users.status', 1234, 10))).toBe('1,234 users gain users.status')
})

test('a change that reaches no one says so; the names beyond the first are counted', () => {
  expect(effectHeadline({ users: 0, gains: [], losses: [] })).toBe(NO_ONE_REACHED)
  expect(NO_ONE_REACHED).toBe("This change gives or takes no one's permissions.")
  expect(moreNames(move('users.status', 12, 10))).toBe('and 2 more')
  expect(moreNames(move('users.status', 3))).toBeNull()
})
