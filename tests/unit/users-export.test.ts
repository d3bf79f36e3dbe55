import { describe, expect, test } from 'vitest'
import type { User } from '../../src/shared/contract'
import { DEFAULT_COLUMN_VISIBILITY } from '../../src/renderer/src/features/users/columns'
import { toCsv } from '../../src/renderer/src/features/users/export/csv'
import { pdfFileName, reportBaseName } from '../../src/renderer/src/features/users/export/file-name'
import { userExportColumns } from '../../src/renderer/src/features/users/export/user-export-columns'

const user = (overrides: Partial<User> = {}): User => ({
  id: 7,
  username: 'ann',
  email: 'ann@example.com',
  fullName: 'Ann Smith',
  firstName: 'Ann',
  lastName: 'Smith',
  phoneNumber: '+971 50 000 0000',
  isActive: true,
  isLocked: false,
  lastLogin: null,
  createdDate: '2026-01-02T03:04:05.000Z',
  updatedDate: null,
  ...overrides,
})

describe('CSV export', () => {
  test('comma-delimited rows joined by CRLF, quoted only where needed', () => {
    const csv = toCsv(
      [
        { name: 'plain', note: 'a, b' },
        { name: 'say "hi"', note: 'two\nlines' },
      ],
      [
        { key: 'name', header: 'Name' },
        { key: 'note', header: 'Note' },
      ],
    )
    expect(csv).toBe('Name,Note\r\nplain,"a, b"\r\n"say ""hi""","two\nlines"')
  })

  test('the users export has the visible columns as shown, and never the actions', () => {
    const columns = userExportColumns(DEFAULT_COLUMN_VISIBILITY)
    expect(columns.map((column) => column.header)).toEqual([
      'User ID',
      'Username',
      'Full Name',
      'Active',
      'Locked',
    ])
    expect(toCsv([user(), user({ id: 8, isActive: false, isLocked: true })], columns)).toBe(
      'User ID,Username,Full Name,Active,Locked\r\n' +
        '7,ann,Ann Smith,Active,Unlocked\r\n' +
        '8,ann,Ann Smith,Inactive,Locked',
    )
  })

  test('missing values show as on screen: "Never" for a last login, else a dash', () => {
    const visibility = {
      ...DEFAULT_COLUMN_VISIBILITY,
      phoneNumber: true,
      lastLogin: true,
      updatedDate: true,
    }
    const columns = userExportColumns(visibility)
    const row = toCsv([user({ phoneNumber: null })], columns).split('\r\n')[1]
    expect(row).toBe('7,ann,Ann Smith,,Active,Unlocked,Never,-')
  })
})

describe('PDF file name', () => {
  test('the title with non-alphanumerics as underscores, then the ISO date', () => {
    const date = new Date('2026-11-23T10:00:00Z')
    expect(reportBaseName('Users Report', date)).toBe('Users_Report_2026-11-23')
    expect(pdfFileName('Users & Groups: Q4', date)).toBe('Users___Groups__Q4_2026-11-23.pdf')
  })
})
