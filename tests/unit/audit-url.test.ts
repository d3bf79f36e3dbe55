import { describe, expect, test } from 'vitest'
import {
  auditListQuery,
  auditViewParams,
  readAuditView,
  withFilter,
} from '../../src/renderer/src/features/audit/audit-url'

describe('the Audit Log in its URL', () => {
  test('reads every filter and a page counted from 1', () => {
    const view = readAuditView(
      new URLSearchParams(
        'actor=root&target=42&action=user.lock&from=2026-01-01&to=2026-01-31&page=3',
      ),
    )
    expect(view).toEqual({
      filter: {
        actor: 'root',
        target: '42',
        action: 'user.lock',
        from: '2026-01-01',
        to: '2026-01-31',
      },
      page: 2,
    })
    expect(auditListQuery(view)).toEqual({ ...view.filter, page: 2, size: 20 })
  })

  test('ignores blanks, unknown keys and a page that is not a page', () => {
    for (const page of ['0', '-2', '1.5', 'x', ''])
      expect(readAuditView(new URLSearchParams(`actor=%20&page=${page}&sort=id`))).toEqual({
        filter: {},
        page: 0,
      })
  })

  test('writes back only what is set, and round-trips', () => {
    const params = auditViewParams({
      filter: { target: 'ada lovelace', action: 'user.update' },
      page: 1,
    })
    expect(params.toString()).toBe('target=ada+lovelace&action=user.update&page=2')
    expect(readAuditView(params)).toEqual({
      filter: { target: 'ada lovelace', action: 'user.update' },
      page: 1,
    })
  })

  test('changing or clearing a filter returns to the first page', () => {
    const view = { filter: { actor: 'root' }, page: 4 }
    expect(withFilter(view, 'target', ' bob ')).toEqual({
      filter: { actor: 'root', target: 'bob' },
      page: 0,
    })
    expect(withFilter(view, 'actor', '')).toEqual({ filter: {}, page: 0 })
  })
})
