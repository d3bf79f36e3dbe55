import { formatDateTime } from '@shared/dates'
import { textDirection } from '@shared/i18n/locales'
import type { LanguageText } from '../host/language'

export interface Report {
  /** The language the report is written in. */
  text: LanguageText
  title: string
  generatedAt: Date
  /** The zone of "Generated {date}"; absent, this computer's. */
  timeZone?: string
  /** Lines under "Generated {date}": what the report holds, the zone of its times. */
  notes?: readonly string[]
  headers: readonly string[]
  rows: readonly (readonly string[])[]
  /** The number of the first row, when this page continues a report split into parts. */
  firstRow?: number
}

/** The lines under the title: "Generated {date}" (SPEC.md section 9), then the report's notes. */
export function subtitleLines(report: Report): string[] {
  const { t, tag, isolate } = report.text
  const date = formatDateTime(report.generatedAt.toISOString(), '-', report.timeZone, tag)
  return [t('exports.generated', { date: isolate(date) }), ...(report.notes ?? [])]
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  )

/**
 * The PDF report of SPEC.md section 9 as a self-contained HTML page: A4 landscape with 12 mm
 * margins, the title, "Generated {date}" and the notes, then a compact zebra table with row
 * numbers, ruled off from the first column so "1" and User ID "1" do not read as "1 1" (issue
 * 56), whose header row repeats on every page. No script, no outside resource. A part that continues a
 * report (firstRow > 1) has the table alone. Always light, on paper and in the print window, even
 * when the OS or the console is dark. Arabic reads right to left: the table's start is its right.
 */
export function reportHtml(report: Report): string {
  const title = escapeHtml(report.title)
  const firstRow = report.firstRow ?? 1
  const head = [
    '<th class="n">#</th>',
    ...report.headers.map((header) => `<th>${escapeHtml(header)}</th>`),
  ].join('')
  const body = report.rows
    .map(
      (row, index) =>
        `<tr><td class="n">${firstRow + index}</td>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="${report.text.locale}" dir="${textDirection(report.text.locale)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="color-scheme" content="light">
<title>${title}</title>
<style>
@page { size: A4 landscape; margin: 12mm; }
:root { color-scheme: light; background: #fff; }
body { font: 9pt system-ui, 'Segoe UI', Roboto, sans-serif; color: #1b2430; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 2pt; }
p { margin: 0 0 8pt; color: #475467; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { padding: 2pt 4pt; text-align: start; border-bottom: 0.5pt solid #d0d5dd; }
th { background: #e4e7ec; }
tbody tr:nth-child(even) { background: #f2f4f7; }
td.n { color: #667085; text-align: end; }
th.n, td.n { border-inline-end: 0.5pt solid #98a2b3; padding-inline-end: 6pt; }
th.n + th, td.n + td { padding-inline-start: 8pt; }
</style>
</head>
<body>
${firstRow === 1 ? `<h1>${title}</h1>\n<p>${subtitleLines(report).map(escapeHtml).join('<br>')}</p>` : ''}
<table>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`
}
