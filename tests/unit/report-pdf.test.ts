import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { writeReport, type ExportPorts } from '../../src/main/core/export/report-writer'
import type { Report } from '../../src/main/core/export/report-html'
import { reportDrawable, reportPdf } from '../../src/main/core/export/report-pdf'
import { ENGLISH } from '../support/english'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'admin-console-report-pdf-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const HEADERS = ['User ID', 'Username', 'Full Name', 'Active']
const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => [
    String(5000 + index),
    `user${index}`,
    `First${index} O'Brien (Zoë)`,
    index % 3 ? 'Active' : 'Inactive',
  ])

/** Draws the report into a file and reads it back as pdfinfo and pdftotext see it. */
async function drawn(report: Report) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  await writeFile(file, await reportPdf(report, new AbortController().signal))
  const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' })
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  return {
    file,
    info: info.stdout,
    warnings: info.stderr,
    text,
    pages: text.split('\f').slice(0, -1),
  }
}

describe('the report drawn in Helvetica', () => {
  test('A4 landscape, titled, the title and date once, the header on every page, every row numbered in order', async () => {
    const rows = rowsOf(700)
    const report = {
      text: ENGLISH,
      title: 'Users Report',
      generatedAt: new Date(),
      headers: HEADERS,
      rows,
    }
    const { info, warnings, text, pages } = await drawn(report)
    expect(warnings).toBe('')
    expect(info).toMatch(/Title:\s+Users Report\n/)
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/)
    expect(pages.length).toBe(Number(/Pages:\s+(\d+)/.exec(info)![1]))
    expect(pages.length).toBeGreaterThan(10)
    expect(text.match(/Users Report/g)).toHaveLength(1)
    expect(pages[0]).toMatch(
      /^Users Report\n\s*Generated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M (UTC|GMT[+-][\d:]+)\n/,
    )
    for (const page of pages)
      expect(page).toMatch(/^.*#\s+User ID\s+Username\s+Full Name\s+Active$/m)
    for (const [index, page] of pages.entries())
      expect(page.trimEnd(), `the foot of page ${index + 1}`).toMatch(
        new RegExp(`\\n\\s+Page ${index + 1} of ${pages.length}$`),
      )
    const numbered = [...text.matchAll(/^\s*(\d+)\s+(\d+)\s+(user\d+)\s+(.+?)\s{2,}(\w+)$/gm)]
    expect(numbered.map((match) => Number(match[1]))).toEqual(rows.map((_, index) => index + 1))
    for (const [index, match] of numbered.entries()) expect(match.slice(2)).toEqual(rows[index])
  })

  test('the notes under the date, the zone of "Generated"; the row number ruled off from User ID', async () => {
    const report = {
      text: ENGLISH,
      title: 'Users Report',
      generatedAt: new Date('2026-12-01T20:23:00Z'),
      timeZone: 'Asia/Dubai',
      notes: ['Users matching Status: Active', 'Sorted by Username, ascending'],
      headers: HEADERS,
      rows: rowsOf(3),
    }
    const { file, text } = await drawn(report)
    expect(text).toMatch(
      /Generated Dec 2, 2026, 12:23 AM GMT\+4\n\s*Users matching Status: Active\n\s*Sorted by Username, ascending\n/,
    )
    // Issue 56: "1 5000" read as one run. Each number now ends well before its User ID begins.
    const words = [
      ...execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }).matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
      ),
    ].map(([, xMin, yMin, xMax, word]) => ({ xMin: +xMin!, yMin: +yMin!, xMax: +xMax!, word }))
    for (const [index, id] of ['5000', '5001', '5002'].entries()) {
      const idWord = words.find((word) => word.word === id)!
      const number = words.find(
        (word) => word.word === String(index + 1) && Math.abs(word.yMin - idWord.yMin) < 1,
      )!
      expect(idWord.xMin - number.xMax).toBeGreaterThan(11.5)
    }
  })

  test('a cell wider than its column wraps onto more lines, and a word too long is broken: nothing is cut', async () => {
    const long = `${'word '.repeat(60)}${'x'.repeat(400)}`
    const rows = [['1', 'short', long], ...rowsOf(3).map((row) => row.slice(0, 3))]
    const { text, warnings } = await drawn({
      text: ENGLISH,
      title: 'Wide',
      generatedAt: new Date(),
      headers: HEADERS.slice(0, 3),
      rows,
    })
    expect(warnings).toBe('')
    const firstRow = text.slice(
      text.indexOf('short'),
      text.lastIndexOf('\n', text.indexOf('user0')),
    )
    expect(firstRow.split('\n').length).toBeGreaterThan(4)
    expect(firstRow.replace(/\s/g, '')).toBe(`short${long.replace(/\s/g, '')}`)
    expect(text).toMatch(/\b2\s+5000\s+user0\s+First0 O'Brien \(Zoë\)/)
  })

  test('a row too tall for what is left of a page starts the next one, under the header', async () => {
    const tall = 'tall '.repeat(400)
    const rows = [...rowsOf(30).map((row) => row.slice(0, 3)), ['9', 'tallone', tall]]
    const { pages } = await drawn({
      text: ENGLISH,
      title: 'T',
      generatedAt: new Date(),
      headers: HEADERS.slice(0, 3),
      rows,
    })
    expect(pages).toHaveLength(2)
    expect(pages[0]).not.toContain('tallone')
    expect(pages[1]).toMatch(/^\s*#\s+User ID\s+Username\s+Full Name\n\s*31\s+9\s+tallone/)
  })

  test('a row taller than a whole page is split across pages, under the header each time: nothing is lost', async () => {
    const words = Array.from({ length: 1500 }, (_, index) => `w${index}`)
    const rows = [
      ['1', 'before'],
      ['2', words.join(' ')],
      ['3', 'after'],
    ]
    const { pages, text, warnings } = await drawn({
      text: ENGLISH,
      title: 'T',
      generatedAt: new Date(),
      headers: ['User ID', 'Details'],
      rows,
    })
    expect(warnings).toBe('')
    expect(pages.length).toBeGreaterThan(2)
    for (const page of pages) expect(page).toMatch(/^\s*#\s+User ID\s+Details$/m)
    const shown = text.match(/\bw\d+\b/g)!
    expect(shown).toEqual(words)
    expect(text.indexOf('before')).toBeLessThan(text.indexOf('w0 '))
    expect(text.indexOf('after')).toBeGreaterThan(text.indexOf('w1499'))
  })

  test("the audit log's arrow is drawn from Symbol, the text around it in line", async () => {
    const rows = [['1', 'alice', 'firstName: Alice → Alicia; isLocked: false → true\u00ad']]
    const { text, warnings } = await drawn({
      text: ENGLISH,
      title: 'Audit Log Report',
      generatedAt: new Date(),
      headers: ['#id', 'Target', 'Details'],
      rows,
    })
    expect(warnings).toBe('')
    expect(text).toMatch(/\b1\s+1\s+alice\s+firstName: Alice → Alicia; isLocked: false → true\n/)
  })

  test('stops at its next pause once the export is cancelled', async () => {
    const controller = new AbortController()
    const report = {
      text: ENGLISH,
      title: 'T',
      generatedAt: new Date(),
      headers: HEADERS,
      rows: rowsOf(5000),
    }
    const drawing = reportPdf(report, controller.signal)
    controller.abort()
    await expect(drawing).rejects.toThrow(/abort/i)
  })

  test('Helvetica draws Western European text, the spaces of dates and, with Symbol, the arrow; not other scripts', () => {
    expect(
      reportDrawable([["Zoë O'Brien", 'Ångström € – ™ “quoted”', 'Nov 23, 2026, 5:15\u202fPM']]),
    ).toBe(true)
    expect(reportDrawable([['Ana'], ['Łukasz']])).toBe(false)
    expect(reportDrawable([['李小龍']])).toBe(false)
    expect(reportDrawable([['emoji 🙂']])).toBe(false)
    expect(reportDrawable([['from → to']])).toBe(true)
    expect(reportDrawable([['soft\u00adhyphen, zero\u200bwidth']])).toBe(true)
    expect(reportDrawable([['to ← from']])).toBe(false)
  })
})

describe('which engine writes the PDF', () => {
  const tinyPdf = async () => {
    const document = await PDFDocument.create()
    document.addPage()
    return document.save()
  }
  const portsFor = (file: string, printed: string[]): ExportPorts => ({
    chooseFile: async () => file,
    renderPdf: async (html) => {
      printed.push(html)
      return tinyPdf()
    },
    printHtml: async () => {
      throw new Error('not expected')
    },
  })
  const write = (file: string, printed: string[], batches: string[][][]) =>
    writeReport({
      format: 'pdf',
      text: ENGLISH,
      title: 'Users Report',
      headers: ['Username'],
      timeZone: 'UTC',
      notes: [],
      async eachPage(take) {
        for (const batch of batches) await take(batch)
        return batches.flat().length
      },
      ports: portsFor(file, printed),
      signal: new AbortController().signal,
    })
  const numbersIn = (html: string) =>
    [...html.matchAll(/<td class="n">(\d+)<\/td>/g)].map((match) => Number(match[1]))

  test('all in Helvetica: drawn by the core, Chromium never asked', async () => {
    const printed: string[] = []
    const file = join(dir, 'latin.pdf')
    const outcome = await write(file, printed, [[['ana'], ['bob']], [['zoë']]])
    expect(outcome).toEqual({ status: 'saved', file, rows: 3 })
    expect(printed).toEqual([])
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('one cell Helvetica lacks, after 6,000 that it has: Chromium prints every row, in parts, in order', async () => {
    const printed: string[] = []
    const latin = Array.from({ length: 6000 }, (_, index) => [`user${index}`])
    const outcome = await write(join(dir, 'mixed.pdf'), printed, [latin, [['Łukasz']]])
    expect(outcome).toMatchObject({ status: 'saved', rows: 6001 })
    expect(printed.flatMap(numbersIn)).toEqual(
      Array.from({ length: 6001 }, (_, index) => index + 1),
    )
    expect(printed.at(-1)).toContain('Łukasz')
    const pages = execFileSync('pdftotext', ['-layout', join(dir, 'mixed.pdf'), '-'], {
      encoding: 'utf8',
    })
      .split('\f')
      .slice(0, -1)
    expect(pages.length).toBe(printed.length)
    for (const [index, page] of pages.entries())
      expect(page.trim(), 'joined parts numbered as one report').toBe(
        `Page ${index + 1} of ${pages.length}`,
      )
  })
})
