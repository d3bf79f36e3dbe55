import { describe, expect, test } from 'vitest'
import { IMPORT_MESSAGES, importMessageOf, unchangedReason } from '@shared/user-import-messages'

describe('the import texts the main process says (issue 59)', () => {
  test('are found again by their message and values, to be shown in another language', () => {
    expect(importMessageOf(IMPORT_MESSAGES.notUtf8)).toEqual({ id: 'import.notUtf8', values: {} })
    expect(importMessageOf(IMPORT_MESSAGES.tooManyFields(12))).toEqual({
      id: 'import.tooManyFields',
      values: { row: '12' },
    })
    expect(importMessageOf(IMPORT_MESSAGES.repeated('email', 'a"b@example.com', 3))).toEqual({
      id: 'import.repeatedEmail',
      values: { value: 'a"b@example.com', firstRow: '3' },
    })
    expect(importMessageOf(unchangedReason(false))?.id).toBe('import.unchangedNotUpdated')
  })

  test('are filled in as English, and a text of the server is none of them', () => {
    expect(IMPORT_MESSAGES.repeated('username', 'ann', 2)).toBe('Username "ann" is also in row 2')
    expect(importMessageOf('Please enter a valid email address')).toBeUndefined()
  })
})
