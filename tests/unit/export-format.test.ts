import { dateText } from '@shared/dates'
import fc from 'fast-check'
import Papa from 'papaparse'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, test } from 'vitest'
import { csvRows } from '../../src/main/core/export/csv'
import { mergePdfs } from '../../src/main/core/export/merge-pdfs'
import { reportFileName } from '@shared/report-file-name'
import { EN } from '@shared/i18n/catalogues'
import { reportHtml } from '../../src/main/core/export/report-html'
import type { User } from '@shared/contract'
import { userCellText } from '@shared/user-columns'
import { ENGLISH, englishText } from '../support/english'
import type { UserExportRequest } from '@shared/bridge-inputs'
import { USER_COLUMN_LABELS } from '@shared/user-columns'
import { pageFooter } from '../../src/main/core/export/page-footer'
import { userReportNotes } from '../../src/main/core/export/user-report-notes'
import { languageText } from '../../src/main/core/host/language'

const arabic = await languageText('ar')

describe('csvRows', () => {
  test('CRLF after every row; quotes only around a comma, a quote or a line break', () => {
    expect(csvRows([['plain', 'a,b', 'say "x"', 'two\nlines', 'cr\rhere']])).toBe(
      'plain,"a,b","say ""x""","two\nlines","cr\rhere"\r\n',
    )
  })

  test('a value a spreadsheet would run as a formula is neutralised', () => {
    expect(csvRows([['=1+2', '+971', '-5', '@SUM(A1)', '\tx', 'a=b']])).toBe(
      `"'=1+2","'+971","'-5","'@SUM(A1)","'\tx",a=b\r\n`,
    )
  })

  /** Whitespace a spreadsheet skips before reading a formula: line and paragraph separators too. */
  const leading = fc.string({
    unit: fc.constantFrom(' ', '\n', '\u00a0', '\u2028', '\u2029', '\u3000', '\ufeff'),
    maxLength: 4,
  })
  const dangerous = fc.constantFrom('=', '+', '-', '@', '\t', '\r')
  const tail = fc.string({ maxLength: 12 })
  const writtenCell = (cell: string) =>
    Papa.parse<string[]>(csvRows([[cell]]), { delimiter: ',', newline: '\r\n' }).data[0]![0]!

  test('a formula behind any leading whitespace or line separator gets the leading quote', () => {
    expect(csvRows([['=HYPERLINK("http://evil.example/?x=\u2028","Open")']])).toBe(
      `"'=HYPERLINK(""http://evil.example/?x=\u2028"",""Open"")"\r\n`,
    )
    fc.assert(
      fc.property(leading, dangerous, tail, (space, first, rest) => {
        const cell = space + first + rest
        expect(writtenCell(cell)).toBe(`'${cell}`)
      }),
      { numRuns: 500 },
    )
  })

  test('a cell no spreadsheet would run is written as it is', () => {
    const harmless = fc
      .string({ minLength: 1, maxLength: 1 })
      .filter((first) => first.trim() !== '' && !'=+-@'.includes(first))
    fc.assert(
      fc.property(leading, harmless, tail, (space, first, rest) => {
        const cell = space + first + rest
        expect(writtenCell(cell)).toBe(cell)
      }),
      { numRuns: 500 },
    )
  })

  test('no rows, no text', () => {
    expect(csvRows([])).toBe('')
  })

  test('every file is byte for byte what Papa.unparse wrote before', () => {
    const cell = fc.string({
      unit: fc.oneof(
        fc.constantFrom(
          ' ',
          ',',
          '"',
          '\r',
          '\n',
          '\t',
          '\ufeff',
          '\u2028',
          '=',
          '+',
          '-',
          '@',
          "'",
        ),
        fc.string({ minLength: 1, maxLength: 1 }),
      ),
      maxLength: 8,
    })
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          const papa =
            Papa.unparse(rows, {
              delimiter: ',',
              newline: '\r\n',
              escapeFormulae: /^\s*[=+\-@\t\r]/,
            }) + '\r\n'
          expect(csvRows(rows)).toBe(papa)
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('reportFileName', () => {
  const date = new Date('2026-11-23T22:30:00Z')
  test('the title with non-alphanumerics replaced by underscores, plus the ISO date', () => {
    expect(reportFileName('Users Report', date, 'pdf', englishText)).toBe(
      'Users_Report_2026-11-23.pdf',
    )
    expect(reportFileName('Roles & Groups', date, 'pdf', englishText)).toBe(
      'Roles___Groups_2026-11-23.pdf',
    )
  })
  test('an empty title takes the default', () => {
    expect(reportFileName('  ', date, 'pdf', englishText)).toBe(
      `${EN['exports.defaultTableTitle'].replace(' ', '_')}_2026-11-23.pdf`,
    )
  })
  test('an Arabic title keeps its letters', () => {
    expect(reportFileName('تقرير المستخدمين', date, 'csv', englishText)).toBe(
      'تقرير_المستخدمين_2026-11-23.csv',
    )
  })
})

describe('reportHtml', () => {
  const html = reportHtml({
    text: ENGLISH,
    title: 'Users Report',
    generatedAt: new Date('2026-11-23T10:05:00Z'),
    headers: ['Username', 'Full Name'],
    rows: [
      ['aisha', 'Aisha <b>Khan</b>'],
      ['omar', 'Omar & "Co"'],
    ],
  })

  test('title, subtitle, numbered rows, a header that repeats, A4 landscape with 12 mm margins', () => {
    expect(html).toContain('<h1>Users Report</h1>')
    expect(html).toMatch(/<p>Generated Nov 2[34], 2026, \d{1,2}:05 [AP]M (UTC|GMT[+-][\d:]+)<\/p>/)
    expect(html).toContain(
      '<thead><tr><th class="n">#</th><th>Username</th><th>Full Name</th></tr></thead>',
    )
    expect(html).toContain('<td class="n">1</td><td>aisha</td>')
    expect(html).toContain('<td class="n">2</td><td>omar</td>')
    expect(html).toContain('thead { display: table-header-group; }')
    expect(html).toContain('@page { size: A4 landscape; margin: 12mm; }')
  })

  test('values are text, never markup, and the page can run no script', () => {
    expect(html).toContain('Aisha &lt;b&gt;Khan&lt;/b&gt;')
    expect(html).toContain('Omar &amp; &quot;Co&quot;')
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`)
    expect(html).not.toContain('<script')
  })
})

describe('userCellText', () => {
  const user: User = {
    id: 7,
    username: 'aisha',
    email: 'aisha@example.com',
    fullName: 'Aisha Khan',
    firstName: 'Aisha',
    lastName: 'Khan',
    phoneNumber: null,
    isActive: false,
    isLocked: true,
    lastLogin: null,
    createdDate: 'garbage',
    updatedDate: null,
  }
  const shown = dateText('UTC', 'shown', ENGLISH.tag)
  test('states in words, missing values as the table shows them', () => {
    expect(userCellText(user, 'id', shown, englishText)).toBe('7')
    expect(userCellText(user, 'isActive', shown, englishText)).toBe('Inactive')
    expect(userCellText(user, 'isLocked', shown, englishText)).toBe('Locked')
    expect(userCellText(user, 'lastLogin', shown, englishText)).toBe('Never')
    expect(userCellText(user, 'createdDate', shown, englishText)).toBe('-')
    expect(userCellText(user, 'phoneNumber', shown, englishText)).toBe('-')
  })

  test('dates in the zone given, naming it on screen and as ISO 8601 with its offset in a file', () => {
    const dated = { ...user, createdDate: '2026-12-01T20:23:00.000Z' }
    expect(
      userCellText(dated, 'createdDate', dateText('Asia/Dubai', 'shown', ENGLISH.tag), englishText),
    ).toBe('Dec 2, 2026, 12:23 AM GMT+4')
    expect(
      userCellText(dated, 'createdDate', dateText('Asia/Dubai', 'iso', ENGLISH.tag), englishText),
    ).toBe('2026-12-02T00:23:00+04:00')
    expect(
      userCellText(
        dated,
        'createdDate',
        dateText('America/New_York', 'iso', ENGLISH.tag),
        englishText,
      ),
    ).toBe('2026-12-01T15:23:00-05:00')
    expect(
      userCellText(dated, 'createdDate', dateText('Asia/Kolkata', 'iso', ENGLISH.tag), englishText),
    ).toBe('2026-12-02T01:53:00+05:30')
    expect(
      userCellText(dated, 'createdDate', dateText('UTC', 'iso', ENGLISH.tag), englishText),
    ).toBe('2026-12-01T20:23:00+00:00')
    expect(userCellText(dated, 'lastLogin', dateText('UTC', 'iso', ENGLISH.tag), englishText)).toBe(
      'Never',
    )
  })

  test("Access ends: the user's nearest grant end as other dates, nothing when none ends", () => {
    const ending = { ...user, accessEndsAt: '2026-12-12T10:00:00.000Z' }
    expect(
      userCellText(
        ending,
        'accessEndsAt',
        dateText('Asia/Dubai', 'shown', ENGLISH.tag),
        englishText,
      ),
    ).toBe('Dec 12, 2026, 2:00 PM GMT+4')
    expect(
      userCellText(ending, 'accessEndsAt', dateText('Asia/Dubai', 'iso', ENGLISH.tag), englishText),
    ).toBe('2026-12-12T14:00:00+04:00')
    expect(userCellText({ ...user, accessEndsAt: null }, 'accessEndsAt', shown, englishText)).toBe(
      '',
    )
    expect(
      userCellText(user, 'accessEndsAt', dateText('UTC', 'iso', ENGLISH.tag), englishText),
    ).toBe('')
  })
})

describe('mergePdfs', () => {
  const pdf = async (title: string, pages: number) => {
    const document = await PDFDocument.create()
    document.setTitle(title)
    for (let page = 0; page < pages; page += 1) document.addPage([842, 595])
    return document.save()
  }

  test('the parts of a long report become one document, pages in order, titled as the first', async () => {
    const merged = await PDFDocument.load(
      await mergePdfs([await pdf('Users Report', 2), await pdf('part 2', 3)]),
    )
    expect(merged.getPageCount()).toBe(5)
    expect(merged.getTitle()).toBe('Users Report')
    expect(merged.getPage(4).getSize()).toEqual({ width: 842, height: 595 })
  })

  test('a single part is kept as it is', async () => {
    const only = await pdf('Users Report', 1)
    expect(await mergePdfs([only])).toBe(only)
  })
})

describe('reportHtml of a part that continues a report', () => {
  test('numbers its rows on from where the last part stopped, without the heading', () => {
    const part = reportHtml({
      text: ENGLISH,
      title: 'Users Report',
      generatedAt: new Date(),
      headers: ['Username'],
      rows: [['zed']],
      firstRow: 5001,
    })
    expect(part).toContain('<td class="n">5001</td><td>zed</td>')
    expect(part).not.toContain('<h1>')
    expect(part).toContain('<thead><tr><th class="n">#</th><th>Username</th></tr></thead>')
  })
})

describe('in Arabic (issue 59)', () => {
  const user = {
    id: 7,
    username: 'amal',
    email: 'amal@example.com',
    fullName: 'أمل الهاشمي',
    phoneNumber: null,
    isActive: true,
    isLocked: false,
    twoStep: true,
    accessEndsAt: null,
    lastLogin: null,
    createdDate: '2026-11-23T10:05:00Z',
    updatedDate: null,
  } as unknown as User

  test('headers and cell words are Arabic; data and ISO dates stay as they are', () => {
    expect(arabic.t(USER_COLUMN_LABELS.isActive)).toBe('نشط')
    expect(arabic.t(USER_COLUMN_LABELS.lastLogin)).toBe('آخر تسجيل دخول')
    const iso = dateText('UTC', 'iso', arabic.tag)
    expect(userCellText(user, 'isActive', iso, arabic.t)).toBe('نشط')
    expect(userCellText(user, 'isLocked', iso, arabic.t)).toBe('غير مقفل')
    expect(userCellText(user, 'twoStep', iso, arabic.t)).toBe('مفعّل')
    expect(userCellText(user, 'lastLogin', iso, arabic.t)).toBe('أبدًا')
    expect(userCellText(user, 'fullName', iso, arabic.t)).toBe('أمل الهاشمي')
    expect(userCellText(user, 'createdDate', iso, arabic.t)).toBe('2026-11-23T10:05:00+00:00')
  })

  test('dates shown in a PDF are written as Arabic writes them', () => {
    const shown = dateText('Asia/Dubai', 'shown', arabic.tag)(user.createdDate)
    expect(shown).toMatch(/^23 نوفمبر 2026، /)
  })

  test('the report page is Arabic, right to left, with Arabic notes', () => {
    const html = reportHtml({
      text: arabic,
      title: arabic.t('exports.usersReportTitle'),
      generatedAt: new Date('2026-11-23T10:05:00Z'),
      timeZone: 'UTC',
      headers: [arabic.t(USER_COLUMN_LABELS.fullName)],
      rows: [['أمل الهاشمي']],
    })
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain('<h1>تقرير المستخدمين</h1>')
    expect(html).toContain('<p>أُنشئ في ')
    expect(html).toContain('<th>الاسم الكامل</th>')
  })

  test('the notes name the sort and filters in Arabic', async () => {
    const notes = await userReportNotes(
      {
        exportId: 'x',
        format: 'pdf',
        columns: ['username'],
        sort: 'username',
        direction: 'asc',
        filter: { status: 'active' },
      } as UserExportRequest,
      async () => undefined,
      arabic,
    )
    expect(notes).toEqual([
      'المستخدمون المطابقون لـ: الحالة: نشط',
      'مرتّب حسب اسم المستخدم، تصاعديًا',
    ])
  })

  test('the page footer stays drawable in Helvetica', () => {
    expect(pageFooter(arabic.t, 2, 9)).toBe('2 / 9')
    expect(pageFooter(englishText, 2, 9)).toBe('Page 2 of 9')
  })
})
