import { expect, test } from 'vitest'
import { effectHeadline, moreNames, moveText } from '@shared/effect-text'
import { EN } from '@shared/i18n/catalogues'
import { languageText } from '../../src/main/core/host/language'
import { englishText } from '../support/english'

const move = (permission: 'users.status' | 'audit.read', users: number, named = users) => ({
  permission,
  users,
  first: Array.from({ length: named }, (_, i) => ({ id: i + 1, username: `user${i}` })),
})

test('a change is said as the issue words it, one user or many', () => {
  expect(
    effectHeadline(
      {
        users: 15,
        gains: [move('users.status', 12, 10)],
        losses: [move('audit.read', 3)],
      },
      englishText,
    ),
  ).toBe('12 users gain users.status; 3 users lose audit.read')
  expect(moveText('gain', move('users.status', 1), englishText)).toBe('1 user gains users.status')
  expect(moveText('loss', move('audit.read', 1), englishText)).toBe('1 user loses audit.read')
  expect(moveText('gain', move('users.status', 1234, 10), englishText)).toBe(
    '1,234 users gain users.status',
  )
})

test('a change that reaches no one says so; the names beyond the first are counted', () => {
  expect(effectHeadline({ users: 0, gains: [], losses: [] }, englishText)).toBe(
    EN['cells.noOneReached'],
  )
  expect(EN['cells.noOneReached']).toBe("This change gives or takes no one's permissions.")
  expect(moreNames(move('users.status', 12, 10), englishText)).toBe('and 2 more')
  expect(moreNames(move('users.status', 3), englishText)).toBeNull()
})

test('in Arabic, each count takes its own form', async () => {
  const { t } = await languageText('ar')
  expect(moveText('gain', move('users.status', 1), t)).toBe('يكسب مستخدم واحد users.status')
  expect(moveText('loss', move('audit.read', 2), t)).toBe('يفقد مستخدمان audit.read')
  expect(moveText('gain', move('users.status', 5), t)).toBe('يكسب 5 مستخدمين users.status')
  expect(moreNames(move('users.status', 12, 10), t)).toBe('و2 غيرهم')
})
