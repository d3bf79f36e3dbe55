/** "Users Report" on 2026-11-23 gives "Users_Report_2026-11-23" (SPEC.md section 9). */
export function reportBaseName(title: string, date: Date): string {
  return `${title.replace(/[^A-Za-z0-9]/g, '_')}_${date.toISOString().slice(0, 10)}`
}

export const pdfFileName = (title: string, date: Date) => `${reportBaseName(title, date)}.pdf`
