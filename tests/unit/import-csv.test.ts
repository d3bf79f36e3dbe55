import { dateText } from '@shared/dates'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import Papa from 'papaparse'
import { describe, expect, test } from 'vitest'
import { csvRows } from '../../src/main/core/export/csv'
import {
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_FILE_ROWS,
  decodeCsv,
  parseImportCsv,
  readImportFile,
} from '../../src/main/core/import/parse-csv'
import type { User } from '@shared/contract'
import { IMPORT_MESSAGES } from '@shared/user-import-messages'
import { EXPORTABLE_USER_COLUMNS, USER_COLUMN_LABELS, userCellText } from '@shared/user-columns'
import { ENGLISH, englishText } from '../support/english'

const bytes = (text: string) => new TextEncoder().encode(text)
/** The text as a file streams it: in chunks of `size` bytes, cut anywhere (inside a character too). */
async function* chunked(data: Uint8Array, size: number) {
  for (let start = 0; start < data.length; start += size) yield data.subarray(start, start + size)
}
const parse = (text: string, size = 7) => parseImportCsv(decodeCsv(chunked(bytes(text), size)))
const decodeAll = async (data: Uint8Array) => {
  let text = ''
  for await (const part of decodeCsv(chunked(data, 1 << 16))) text += part
  return text
}

describe('reading a file', () => {
  test('columns by header, case and spacing ignored; unknown ones listed; empty cells left out', async () => {
    const parsed = await parse(
      'User Name,E-mail,First Name,last_name,PHONE,Active,Roles,Groups,Department\r\n' +
        'ada,ada@example.com,Ada,Lovelace,+44 20,yes,HR; Auditors ,Staff,Maths\r\n' +
        'bob,,Bob,,,0,,,\r\n',
    )
    expect(parsed.unknownColumns).toEqual(['Department'])
    expect(parsed.rows).toEqual([
      {
        row: 2,
        username: 'ada',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phoneNumber: '+44 20',
        active: true,
        roles: ['HR', 'Auditors'],
        groups: ['Staff'],
      },
      { row: 3, username: 'bob', firstName: 'Bob', active: false },
    ])
  })

  test('a semicolon file from a German spreadsheet, with BOM and a quoted line break', async () => {
    const parsed = await parse(
      '\uFEFFusername;email;first name;last name;phone;active\r\n' +
        'jürgen;jürgen@example.de;Jürgen;"Müller,\r\nJr.";+49 30 1234;no\r\n',
    )
    expect(parsed.rows).toEqual([
      {
        row: 2,
        username: 'jürgen',
        email: 'jürgen@example.de',
        firstName: 'Jürgen',
        lastName: 'Müller,\r\nJr.',
        phoneNumber: '+49 30 1234',
        active: false,
      },
    ])
  })

  test('a file the console exported imports as it is', async () => {
    const user: User = {
      id: 7,
      username: 'grace',
      email: 'grace@example.com',
      fullName: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '+1 202 555 0100',
      isActive: false,
      isLocked: false,
      lastLogin: null,
      createdDate: '2026-01-02T03:04:05.000Z',
      updatedDate: '2026-01-02T03:04:05.000Z',
    }
    const exported =
      csvRows([EXPORTABLE_USER_COLUMNS.map((column) => englishText(USER_COLUMN_LABELS[column]))]) +
      csvRows([
        EXPORTABLE_USER_COLUMNS.map((column) =>
          userCellText(user, column, dateText('UTC', 'iso', ENGLISH.tag), englishText),
        ),
      ])
    const parsed = await parse(exported)
    expect(parsed.rows).toEqual([
      {
        row: 2,
        username: 'grace',
        email: 'grace@example.com',
        phoneNumber: '+1 202 555 0100',
        active: false,
      },
    ])
    expect(parsed.unknownColumns).toEqual([
      'User ID',
      'Full Name',
      'Locked',
      'Two-step',
      'Access ends',
      'Last Login',
      'Created At',
      'Last Updated',
    ])
  })

  test('any cells, in any chunks, with either delimiter and line end, read back as they were', async () => {
    const cell = fc
      .string({
        unit: fc.constantFrom('a', 'Z', 'é', ' ', ',', ';', '"', '\n', '\r\n', '1'),
        minLength: 1,
        maxLength: 12,
      })
      .map((text) => text.trim())
      .filter((text) => text !== '' && !text.startsWith("'"))
    const rows = fc.uniqueArray(fc.record({ username: cell, firstName: cell, lastName: cell }), {
      minLength: 1,
      maxLength: 8,
      selector: (row) => row.username.normalize('NFC').toLowerCase(),
    })
    await fc.assert(
      fc.asyncProperty(
        rows,
        fc.constantFrom(',', ';'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.integer({ min: 1, max: 64 }),
        async (given, delimiter, newline, bom, chunkSize) => {
          const text = Papa.unparse(
            [
              ['username', 'firstName', 'lastName'],
              ...given.map((row) => [row.username, row.firstName, row.lastName]),
            ],
            { delimiter, newline, quotes: true },
          )
          const parsed = await parse((bom ? '\uFEFF' : '') + text + newline, chunkSize)
          expect(parsed.errors).toEqual([])
          expect(parsed.rows).toEqual(given.map((row, index) => ({ row: index + 2, ...row })))
        },
      ),
      { numRuns: 200 },
    )
  })

  test('a formula cell the export escaped, behind any leading whitespace, reads back as it was', async () => {
    const formula = fc
      .tuple(
        fc.string({ unit: fc.constantFrom(' ', '\n', '\u2028', '\u2029'), maxLength: 3 }),
        fc.constantFrom('=', '+', '-', '@', '\t', '\r'),
        fc.string({ unit: fc.constantFrom('a', '1', '(', '"', ','), minLength: 1, maxLength: 8 }),
      )
      .map((parts) => parts.join(''))
    await fc.assert(
      fc.asyncProperty(formula, async (firstName) => {
        const parsed = await parse(
          csvRows([
            ['username', 'firstName'],
            ['ann', firstName],
          ]),
        )
        expect(parsed.rows).toEqual([{ row: 2, username: 'ann', firstName: firstName.trim() }])
      }),
      { numRuns: 200 },
    )
  })
})

describe('row faults found before the server', () => {
  test('an Active word not understood, and a username or email met before', async () => {
    const parsed = await parse(
      'username,email,active\nann,ann@example.com,maybe\nbea,bea@example.com,\nBEA,x@example.com,\ncid,Bea@Example.com,\n',
    )
    expect(parsed.rows.map((row) => row.username)).toEqual(['bea'])
    expect(parsed.errors).toEqual([
      { row: 2, field: 'active', message: IMPORT_MESSAGES.activeWord },
      { row: 4, field: 'username', message: 'Username "BEA" is also in row 3' },
      { row: 5, field: 'email', message: 'Email "Bea@Example.com" is also in row 3' },
    ])
    expect(parsed.total).toBe(4)
  })
})

describe('files refused as a whole', () => {
  test.each([
    ['a password column', 'username,Password\nann,secret\n', IMPORT_MESSAGES.passwordColumn],
    ['no username column', 'email\nann@example.com\n', IMPORT_MESSAGES.noUsernameColumn],
    ['an empty file', '', IMPORT_MESSAGES.noRows],
    ['a header only', 'username,email\r\n', IMPORT_MESSAGES.noRows],
    [
      'a row with too many fields',
      'username,email\nann,a@example.com\nbea,b@example.com,extra\n',
      IMPORT_MESSAGES.tooManyFields(3),
    ],
  ])('%s', async (_, text, message) => {
    await expect(parse(text)).rejects.toThrow(message)
  })

  // Files at the limits: 1.5 s alone, more beside the type checks of `npm run check`.
  test('binary data, text that is not UTF-8, too many bytes or rows', async () => {
    await expect(decodeAll(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).rejects.toThrow(
      IMPORT_MESSAGES.binary,
    )
    await expect(decodeAll(new Uint8Array([0x75, 0x73, 0x65, 0x72, 0xff, 0x0a]))).rejects.toThrow(
      IMPORT_MESSAGES.notUtf8,
    )
    // A character cut short at the very end is not UTF-8 either.
    await expect(decodeAll(new Uint8Array([0x75, 0xc3]))).rejects.toThrow(IMPORT_MESSAGES.notUtf8)
    await expect(decodeAll(new Uint8Array(MAX_IMPORT_FILE_BYTES + 1).fill(0x61))).rejects.toThrow(
      IMPORT_MESSAGES.tooLarge,
    )
    const rows = Array.from({ length: MAX_IMPORT_FILE_ROWS + 1 }, (_, i) => `u${i}`).join('\n')
    await expect(parse(`username\n${rows}\n`, 1 << 16)).rejects.toThrow(IMPORT_MESSAGES.tooManyRows)
  }, 30_000)
})

test('the example file of the docs reads without a fault, streamed from disk', async () => {
  const parsed = await readImportFile(
    fileURLToPath(new URL('../../resources/examples/users-import.csv', import.meta.url)),
  )
  expect(parsed.errors).toEqual([])
  expect(parsed.unknownColumns).toEqual([])
  expect(parsed.rows[1]).toMatchObject({
    roles: ['HR_MANAGER', 'VIEWER'],
    groups: ['Finance', 'Marketing'],
  })
})
