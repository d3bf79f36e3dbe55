import {
  drawable,
  HELVETICA,
  HELVETICA_BOLD,
  plainText,
  showText,
  SYMBOL_RESOURCE,
  type Face,
} from './standard-fonts'
import { FOOTER_BASELINE, FOOTER_SIZE, pageFooter } from './page-footer'
import { PdfFile, pdfTextString } from './pdf-file'
import { MM_PER_INCH, REPORT_MARGIN_MM } from './pdf-options'
import { subtitleLines, type Report } from './report-html'

/**
 * The PDF report of SPEC.md section 9 drawn directly, as reportHtml lays it out in Chromium but
 * some hundred times faster: A4 landscape, 12 mm margins, the title, "Generated {date}" and the
 * notes on the first page, then a compact zebra table with row numbers ruled off from the first
 * column, its header row on every page, no row
 * split across pages unless taller than one, cells wrapped to their column. In Helvetica (and Symbol's arrow), which
 * every reader has, so only for reports whose every text is `reportDrawable`; the rest go to
 * Chromium. Every page ends in "Page x of y". It pauses every few hundred rows, so the process can answer meanwhile, and stops there
 * once `signal` aborts.
 */
export async function reportPdf(report: Report, signal: AbortSignal): Promise<Uint8Array> {
  const pause = pauser(signal)
  const table = await tableLayout(report, pause)
  const file = new PdfFile()
  const pagesNode = file.reserve()
  const symbol = file.add('<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>')
  const fonts =
    `<< /F1 ${fontObject(file, HELVETICA)} 0 R /F2 ${fontObject(file, HELVETICA_BOLD)} 0 R ` +
    `${SYMBOL_RESOURCE} ${symbol} 0 R >>`
  // Each page's drawing is written as it is laid out; its footer, which names the page count,
  // once every page is known.
  const contents: number[] = []
  await paginate(report, table, (content) => contents.push(file.addStream(content)), pause)
  const pageNodes = contents.map((content, index) =>
    file.add(
      `<< /Type /Page /Parent ${pagesNode} 0 R /MediaBox [0 0 ${fixed(PAGE_WIDTH)} ${fixed(PAGE_HEIGHT)}] ` +
        `/Resources << /Font ${fonts} >> /Contents [${content} 0 R ${file.addStream(footer(report, index + 1, contents.length))} 0 R] >>`,
    ),
  )
  file.set(
    pagesNode,
    `<< /Type /Pages /Count ${pageNodes.length} /Kids [${pageNodes.map((node) => `${node} 0 R`).join(' ')}] >>`,
  )
  const catalog = file.add(`<< /Type /Catalog /Pages ${pagesNode} 0 R >>`)
  const info = file.add(
    `<< /Title ${pdfTextString(report.title)} /Producer ${pdfTextString('Admin Console')} ` +
      `/CreationDate (D:${report.generatedAt.toISOString().replace(/\D/g, '').slice(0, 14)}Z) >>`,
  )
  return file.bytes(catalog, info)
}

/** "Page x of y", set right at the foot of the page, below the table's margin. */
function footer(report: Report, page: number, pages: number): string {
  const text = pageFooter(report.text.t, page, pages)
  const content = new PageContent()
  const x = PAGE_WIDTH - MARGIN - HELVETICA.width(text, FOOTER_SIZE)
  content.write(text, x, FOOTER_BASELINE, BODY, FOOTER_SIZE, SUBTLE_INK)
  return content.toString()
}

/** Whether these cells can be drawn in Helvetica; when not, the report is printed by Chromium. */
export function reportDrawable(cells: readonly (readonly string[])[]): boolean {
  return cells.every((row) => row.every((cell) => drawable(plainText(cell))))
}

const POINTS_PER_MM = 72 / MM_PER_INCH
const PAGE_WIDTH = 297 * POINTS_PER_MM
const PAGE_HEIGHT = 210 * POINTS_PER_MM
const MARGIN = REPORT_MARGIN_MM * POINTS_PER_MM
const TABLE_WIDTH = PAGE_WIDTH - 2 * MARGIN

const SIZE = 9
const TITLE_SIZE = 14
/** A line is 1.2 times its font size, as a browser's "normal" line height. */
const LEADING = 1.2
const PAD_X = 4
const PAD_Y = 2
const RULE = 0.5
const TITLE_GAP = 2
/** The room between the row number's rule and the first column's text, beyond PAD_X. */
const NUMBER_GAP = 4
const SUBTITLE_GAP = 8

const fixed = (value: number, digits = 2) => value.toFixed(digits)

/** The colours of reportHtml, as PDF's 0–1 RGB triples. */
const rgb = (hex: string) =>
  [1, 3, 5].map((at) => fixed(parseInt(hex.slice(at, at + 2), 16) / 255, 3)).join(' ')
const INK = rgb('#1b2430')
const SUBTLE_INK = rgb('#475467')
const NUMBER_INK = rgb('#667085')
const HEADER_FILL = rgb('#e4e7ec')
const ZEBRA_FILL = rgb('#f2f4f7')
const RULE_COLOUR = rgb('#d0d5dd')
const NUMBER_RULE_COLOUR = rgb('#98a2b3')

/** Helvetica's ascender and descender, in thousandths of the size. */
const ASCENT = 0.718
const DESCENT = 0.207

function fontObject(file: PdfFile, face: Face): number {
  return file.add(
    `<< /Type /Font /Subtype /Type1 /BaseFont /${face.baseFont} /Encoding /WinAnsiEncoding >>`,
  )
}

/** Where the baseline of a line of `size` sits below the top of its line box. */
const baselineBelow = (size: number) =>
  (size * LEADING - size * (ASCENT + DESCENT)) / 2 + size * ASCENT

interface TableLayout {
  /** The header row's texts: "#" for the row numbers, then the report's headers. */
  headers: string[]
  /** The left edge of each column, and its width, in points. */
  lefts: number[]
  widths: number[]
  /** The text of a body cell: the row number first, then the report's cells. */
  cell(row: number, column: number): string
}

/**
 * Column widths much as a browser lays out an automatic table 100% wide: every column gets its
 * widest text, the room left shared out in proportion to it. When the widest texts do not fit,
 * the columns whose widest text fits a fair share keep it, and the others get a fair share or
 * their longest word and share the rest in proportion to what each wraps; when even those do not
 * fit, the widest of them are cut to fit.
 */
async function tableLayout(report: Report, pause: Pause): Promise<TableLayout> {
  const firstRow = report.firstRow ?? 1
  const rows: string[][] = []
  for (const row of report.rows) {
    await pause(rows.length)
    rows.push(row.map(plainText))
  }
  const headers = ['#', ...report.headers.map(plainText)]
  const cell = (row: number, column: number) =>
    column === 0 ? String(firstRow + row) : (rows[row]![column - 1] ?? '')
  const measure = async (wordsOf: (text: string) => string[]) => {
    const widest = headers.map((header) =>
      Math.max(0, ...wordsOf(header).map((word) => HELVETICA_BOLD.width(word, SIZE))),
    )
    for (let row = 0; row < rows.length; row += 1) {
      await pause(row)
      for (let column = 0; column < headers.length; column += 1)
        for (const word of wordsOf(cell(row, column)))
          widest[column] = Math.max(widest[column]!, HELVETICA.width(word, SIZE))
    }
    return widest.map((width, column) => width + horizontalPadding(column))
  }
  const widest = await measure((text) => [text])
  let widths: number[]
  if (sum(widest) <= TABLE_WIDTH) {
    const room = TABLE_WIDTH - sum(widest)
    widths = widest.map((width) => width + (room * width) / sum(widest))
  } else {
    // Columns that fit a fair share keep their widest text; the others share what is left.
    const fair = TABLE_WIDTH / widest.length
    const wrapping = widest.map((width) => width > fair)
    // A wrapping column is at least a fair share wide, or its longest word if that is wider.
    const narrowest = (await measure((text) => text.split(' ')))
      .filter((_, column) => wrapping[column])
      .map((width) => Math.max(width, fair))
    const left = TABLE_WIDTH - sum(widest.filter((_, column) => !wrapping[column]))
    const spare = left - sum(narrowest)
    const wraps = widest
      .filter((_, column) => wrapping[column])
      .map((width, index) => width - narrowest[index]!)
    const shared =
      spare >= 0
        ? narrowest.map((width, index) => width + (spare * wraps[index]!) / sum(wraps))
        : capped(narrowest, left)
    widths = widest.map((width, column) => (wrapping[column] ? shared.shift()! : width))
  }
  const lefts = widths.map((_, column) => MARGIN + sum(widths.slice(0, column)))
  return { headers, lefts, widths, cell }
}

/**
 * Widths that add up to `total` when `widths` add up to more: the widest are cut to one width,
 * so their long words break, and the narrower keep theirs.
 */
function capped(widths: readonly number[], total: number): number[] {
  const ascending = [...widths].sort((a, b) => a - b)
  let left = total
  for (const [index, width] of ascending.entries()) {
    const share = left / (ascending.length - index)
    if (width > share) return widths.map((each) => Math.min(each, share))
    left -= width
  }
  return [...widths]
}

/** The first column's text keeps NUMBER_GAP more from the row numbers' rule. */
const leftPadding = (column: number) => PAD_X + (column === 1 ? NUMBER_GAP : 0)
const horizontalPadding = (column: number) => leftPadding(column) + PAD_X

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** The lines a cell's text takes in a column `width` wide: wrapped at spaces, a long word broken. */
function wrap(text: string, width: number, face: Face): string[] {
  if (face.width(text, SIZE) <= width) return [text]
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const longer = line ? `${line} ${word}` : word
    if (face.width(longer, SIZE) <= width) {
      line = longer
      continue
    }
    if (line) lines.push(line)
    line = word
    while (line.length > 1 && face.width(line, SIZE) > width) {
      let fits = 1
      while (fits < line.length && face.width(line.slice(0, fits + 1), SIZE) <= width) fits += 1
      lines.push(line.slice(0, fits))
      line = line.slice(fits)
    }
  }
  lines.push(line)
  return lines
}

/** One page's drawing operators, in layers: fills, then rules, then text over both. */
class PageContent {
  private readonly fills: string[] = []
  private readonly rules: string[] = []
  private readonly numberRules: string[] = []
  private readonly text: string[] = []
  private font = ''
  private colour = ''

  fill(colour: string, x: number, top: number, width: number, height: number) {
    this.fills.push(
      `${colour} rg ${fixed(x)} ${fixed(top - height)} ${fixed(width)} ${fixed(height)} re f`,
    )
  }

  rule(y: number) {
    this.rules.push(`${fixed(MARGIN)} ${fixed(y)} m ${fixed(MARGIN + TABLE_WIDTH)} ${fixed(y)} l S`)
  }

  /** The rule between the row numbers and the first column, from `top` down `height`. */
  numberRule(x: number, top: number, height: number) {
    this.numberRules.push(`${fixed(x)} ${fixed(top)} m ${fixed(x)} ${fixed(top - height)} l S`)
  }

  /** Writes text in a font resource ("/F1") at a size, its baseline starting at x. */
  write(text: string, x: number, baseline: number, resource: string, size: number, colour: string) {
    const font = `${resource} ${size} Tf`
    if (font !== this.font) this.text.push(font)
    if (colour !== this.colour) this.text.push(`${colour} rg`)
    this.font = font
    this.colour = colour
    this.text.push(`1 0 0 1 ${fixed(x)} ${fixed(baseline)} Tm ${showText(text, font, size)}`)
  }

  toString() {
    return [
      ...this.fills,
      `${RULE_COLOUR} RG ${RULE} w`,
      ...this.rules,
      ...(this.numberRules.length > 0 ? [`${NUMBER_RULE_COLOUR} RG`, ...this.numberRules] : []),
      'BT',
      ...this.text,
      'ET',
    ].join('\n')
  }
}

const BODY = '/F1'
const BOLD = '/F2'

/** Rows prepared, measured or laid out between pauses: a few milliseconds of work. */
const ROWS_BETWEEN_PAUSES = 250

/** Called with each row's index: every ROWS_BETWEEN_PAUSES rows, lets the process answer. */
type Pause = (row: number) => Promise<void>

function pauser(signal: AbortSignal): Pause {
  return async (row) => {
    if (row % ROWS_BETWEEN_PAUSES !== ROWS_BETWEEN_PAUSES - 1) return
    await new Promise((resolve) => setImmediate(resolve))
    signal.throwIfAborted()
  }
}

/** Lays the report out page by page, handing on each page's content stream. */
async function paginate(
  report: Report,
  { headers, lefts, widths, cell }: TableLayout,
  addPage: (content: string) => void,
  pause: Pause,
): Promise<void> {
  const lineHeight = SIZE * LEADING
  const baseline = baselineBelow(SIZE)
  let page = new PageContent()
  let top = PAGE_HEIGHT - MARGIN
  let rowsOnPage = 0

  const linesOf = (texts: readonly string[], face: Face) =>
    texts.map((text, column) => wrap(text, widths[column]! - horizontalPadding(column), face))
  const heightOf = (lines: readonly string[][]) =>
    Math.max(...lines.map((cellLines) => cellLines.length)) * lineHeight + 2 * PAD_Y

  /** Draws a row's lines at `top`, on `fill` if given, and moves below it. */
  const drawRow = (lines: readonly string[][], header: boolean, fill: string | undefined) => {
    const height = heightOf(lines)
    if (fill) page.fill(fill, MARGIN, top, TABLE_WIDTH, height)
    page.rule(top - height + RULE / 2)
    page.numberRule(lefts[1] ?? MARGIN + TABLE_WIDTH, top, height)
    const face = header ? HELVETICA_BOLD : HELVETICA
    for (const [column, cellLines] of lines.entries()) {
      // The row number is set right, in a lighter ink.
      const number = column === 0 && !header
      for (const [index, text] of cellLines.entries()) {
        const x = number
          ? lefts[column]! + widths[column]! - PAD_X - face.width(text, SIZE)
          : lefts[column]! + leftPadding(column)
        const y = top - PAD_Y - index * lineHeight - baseline
        page.write(text, x, y, header ? BOLD : BODY, SIZE, number ? NUMBER_INK : INK)
      }
    }
    top -= height
  }

  const headerLines = linesOf(headers, HELVETICA_BOLD)
  page.write(
    plainText(report.title),
    MARGIN,
    top - baselineBelow(TITLE_SIZE),
    BOLD,
    TITLE_SIZE,
    INK,
  )
  top -= TITLE_SIZE * LEADING + TITLE_GAP
  for (const line of subtitleLines(report)) {
    page.write(plainText(line), MARGIN, top - baseline, BODY, SIZE, SUBTLE_INK)
    top -= lineHeight
  }
  top -= SUBTITLE_GAP
  drawRow(headerLines, true, HEADER_FILL)

  const nextPage = () => {
    addPage(page.toString())
    page = new PageContent()
    top = PAGE_HEIGHT - MARGIN
    rowsOnPage = 0
    drawRow(headerLines, true, HEADER_FILL)
  }
  const firstRow = report.firstRow ?? 1
  for (let row = 0; row < report.rows.length; row += 1) {
    await pause(row)
    let lines = linesOf(
      headers.map((_, column) => cell(row, column)),
      HELVETICA,
    )
    const fill = (firstRow + row) % 2 === 0 ? ZEBRA_FILL : undefined
    // A row that does not fit goes to the next page, under the header row again.
    if (rowsOnPage > 0 && top - heightOf(lines) < MARGIN) nextPage()
    // One taller than the room left even so is split, as many lines on each page as fit.
    while (top - heightOf(lines) < MARGIN) {
      const fit = Math.max(1, Math.floor((top - MARGIN - 2 * PAD_Y) / lineHeight))
      drawRow(
        lines.map((cellLines) => cellLines.slice(0, fit)),
        false,
        fill,
      )
      lines = lines.map((cellLines) => cellLines.slice(fit))
      nextPage()
    }
    drawRow(lines, false, fill)
    rowsOnPage += 1
  }
  addPage(page.toString())
}
