import { describe, expect, test } from 'vitest'
import { auditCellText, auditDetails, auditTargetText } from '../../src/shared/audit-cells'
import type { AuditEntry } from '../../src/shared/contract'

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  actor: { id: 1, username: 'root' },
  action: 'user.update',
  targetType: 'user',
  targetId: '42',
  targetName: 'alice',
  changes: {},
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
})

describe('audit details', () => {
  test('a changed field reads "field: from → to"; several are joined by "; "', () => {
    expect(
      auditDetails({
        firstName: { from: 'Alice', to: 'Alicia' },
        phoneNumber: { from: null, to: '+971 50 000 0000' },
      }),
    ).toBe('firstName: Alice → Alicia; phoneNumber: - → +971 50 000 0000')
    expect(auditDetails({ isLocked: { from: false, to: true } })).toBe('isLocked: false → true')
  })

  test('other details are readable: names of objects, lists, plain values', () => {
    expect(auditDetails({ role: { id: 3, name: 'Editors' } })).toBe('role: Editors')
    expect(auditDetails({ groups: { from: ['A', 'B'], to: [] } })).toBe('groups: A, B → -')
    expect(auditDetails({ username: 'bob', suppressedBefore: 4 })).toBe(
      'username: bob; suppressedBefore: 4',
    )
    expect(auditDetails({})).toBe('-')
  })

  test('never shows a password, token, secret or hash', () => {
    const text = auditDetails({
      password: 'hunter2',
      temporaryPassword: 'x1',
      refreshToken: 'abc',
      passwordHash: '$argon',
      email: 'a@example.com',
    })
    expect(text).toBe('email: a@example.com')
  })
})

describe('audit cells', () => {
  test('the target by its current name, else its id; a missing actor is the System', () => {
    expect(auditTargetText(entry())).toBe('User: alice')
    expect(auditTargetText(entry({ targetName: undefined }))).toBe('User: 42')
    expect(
      auditTargetText(entry({ targetType: 'route', targetId: 'GET /x', targetName: null })),
    ).toBe('Route: GET /x')
    expect(auditCellText(entry({ actor: null }), 'actor')).toBe('System')
    expect(auditCellText(entry(), 'action')).toBe('user.update')
  })
})
