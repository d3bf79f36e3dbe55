import { dateText } from '@shared/dates'
import { describe, expect, test } from 'vitest'
import { auditCellText, auditTargetText } from '@shared/audit-cells'
import { auditActionText, auditDetails } from '@shared/audit-words'
import { AUDIT_ACTIONS, type AuditEntry } from '@shared/contract'
import { ENGLISH, englishText } from '../support/english'
import { languageText } from '../../src/main/core/host/language'

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
  test('a changed field reads "Field: from → to" in words; several are joined by "; "', () => {
    expect(
      auditDetails(
        {
          firstName: { from: 'Alice', to: 'Alicia' },
          phoneNumber: { from: null, to: '+971 50 000 0000' },
        },
        englishText,
      ),
    ).toBe('First name: Alice → Alicia; Phone number: - → +971 50 000 0000')
    expect(auditDetails({ isLocked: { from: false, to: true } }, englishText)).toBe(
      'Locked: No → Yes',
    )
    expect(auditDetails({ active: { from: true, to: false } }, englishText)).toBe(
      'Active: Yes → No',
    )
  })

  test('other details are readable: names of objects, lists, plain values', () => {
    expect(auditDetails({ role: { id: 3, name: 'HELPDESK' } }, englishText)).toBe('HELPDESK')
    expect(auditDetails({ groups: { from: ['A', 'B'], to: [] } }, englishText)).toBe(
      'Groups: A, B → -',
    )
    expect(auditDetails({ username: 'bob', suppressedBefore: 4 }, englishText)).toBe(
      'Username: bob; Suppressed before: 4',
    )
    expect(auditDetails({ sessionsEnded: 2 }, englishText)).toBe('Sessions ended: 2')
    expect(auditDetails({}, englishText)).toBe('-')
  })

  test('details show in a declared order whatever order the keys came in; unknown ones last, alphabetically', () => {
    const summary =
      'File: staff.csv; Rows: 400; First row: 2; Last row: 401; Created: 397; Updated: 0; Unchanged: 0; Failed: 3'
    // As jsonb returns them: shorter keys first.
    const jumbled = { rows: 400, file: 'staff.csv', failed: 3, created: 397, lastRow: 401 }
    expect(auditDetails({ ...jumbled, updated: 0, firstRow: 2, unchanged: 0 }, englishText)).toBe(
      summary,
    )
    expect(
      auditDetails(
        {
          unchanged: 0,
          firstRow: 2,
          updated: 0,
          lastRow: 401,
          created: 397,
          failed: 3,
          file: 'staff.csv',
          rows: 400,
        },
        englishText,
      ),
    ).toBe(summary)
    expect(
      auditDetails({ zeta: 1, email: 'a@example.com', alpha: 2, username: 'bob' }, englishText),
    ).toBe('Username: bob; Email: a@example.com; Alpha: 2; Zeta: 1')
  })

  test('never shows a password, token, secret or hash', () => {
    const text = auditDetails(
      {
        password: 'hunter2',
        temporaryPassword: 'x1',
        refreshToken: 'abc',
        passwordHash: '$argon',
        email: 'a@example.com',
      },
      englishText,
    )
    expect(text).toBe('Email: a@example.com')
  })
})

describe('audit cells', () => {
  test('the target by its current name, else its id; a missing actor is the System', () => {
    expect(auditTargetText(entry(), englishText)).toBe('User: alice')
    expect(auditTargetText(entry({ targetName: undefined }), englishText)).toBe('User: 42')
    expect(
      auditTargetText(
        entry({ targetType: 'route', targetId: 'GET /x', targetName: null }),
        englishText,
      ),
    ).toBe('Route: GET /x')
    const date = dateText('UTC', 'shown', ENGLISH.tag)
    expect(auditCellText(entry({ actor: null }), 'actor', date, englishText)).toBe('System')
    expect(auditCellText(entry(), 'action', date, englishText)).toBe('Profile changed')
  })

  test('every action the screen offers, and one it does not know, reads as words', () => {
    expect(auditActionText('user.role_add', englishText)).toBe('Role added')
    expect(auditActionText('user.lock', englishText)).toBe('User locked')
    for (const action of AUDIT_ACTIONS)
      expect(auditActionText(action, englishText)).not.toMatch(/[._]/)
    expect(auditActionText('user.some_new_thing', englishText)).toBe('Some new thing')
  })
})

describe('in Arabic (issue 59)', () => {
  test('actions, targets, fields and values are Arabic; names stay as they are', async () => {
    const { t } = await languageText('ar')
    expect(auditActionText('user.role_add', t)).toBe('أُضيف دور')
    expect(auditTargetText(entry(), t)).toBe('مستخدم: alice')
    expect(auditDetails({ isLocked: { from: false, to: true } }, t)).toBe('مقفل: لا ← نعم')
    expect(auditDetails({ groups: { from: ['A', 'B'], to: [] }, sessionsEnded: 2 }, t)).toBe(
      'المجموعات: A، B ← -؛ الجلسات المنتهية: 2',
    )
    expect(
      auditCellText(entry({ actor: null }), 'actor', dateText('UTC', 'shown', 'ar-AE'), t),
    ).toBe('النظام')
  })
})
