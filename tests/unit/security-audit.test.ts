import { afterEach, describe, expect, test, vi } from 'vitest'
import { createSecurityAudit } from '../../server/src/db/audit'
import type { Queryable } from '../../server/src/db/database'

/** Collects what would be written to audit_log. */
function recorder() {
  const rows: { action: string; changes: Record<string, unknown> }[] = []
  const tx: Queryable = {
    async query<T extends object>(_text: string, params?: readonly unknown[]) {
      rows.push({ action: String(params![2]), changes: JSON.parse(String(params![5])) })
      return [] as T[]
    },
    async exec() {},
  }
  return { rows, tx }
}

afterEach(() => vi.useRealTimers())

describe('security records are rate-limited so that a flood cannot fill the disk', () => {
  test('at most the budget a minute is written; the first record after says how many were left out', async () => {
    vi.useFakeTimers()
    const { rows, tx } = recorder()
    const write = createSecurityAudit(10)
    const record = {
      actor: null,
      action: 'session.login_failed' as const,
      targetType: 'user' as const,
      targetId: null,
    }
    for (let i = 0; i < 1000; i += 1) await write(tx, record)
    expect(rows).toHaveLength(10)
    vi.advanceTimersByTime(60_000)
    await write(tx, { ...record, changes: { username: 'x' } })
    expect(rows).toHaveLength(11)
    expect(rows[10]!.changes).toEqual({ username: 'x', suppressedBefore: 990 })
    await write(tx, record)
    expect(rows[11]!.changes).toEqual({})
  })

  test('each action has its own budget: refused calls past theirs leave failed sign-ins written', async () => {
    const { rows, tx } = recorder()
    const write = createSecurityAudit(10)
    const of = (action: 'access.denied' | 'session.login_failed') => ({
      actor: null,
      action,
      targetType: 'user' as const,
      targetId: null,
    })
    for (let i = 0; i < 25; i += 1) await write(tx, of('access.denied'))
    for (let i = 0; i < 3; i += 1) await write(tx, of('session.login_failed'))
    expect(rows.filter((row) => row.action === 'access.denied')).toHaveLength(10)
    expect(rows.filter((row) => row.action === 'session.login_failed')).toHaveLength(3)
  })
})
