/** SPEC.md section 9: the title of the Users table's PDF report. */
export const USERS_REPORT_TITLE = 'Users Report'

/** SPEC.md section 9: the title of a table's report that has none of its own. */
export const DEFAULT_TABLE_TITLE = 'Exported Table'

/**
 * "Users Report" on 2026-11-23 gives "Users_Report_2026-11-23.pdf", or ".csv": the Users and the
 * Audit Log CSVs no longer share one default name, where one silently replaced the other (issue 56).
 */
export function reportFileName(
  title: string,
  date: Date,
  extension: 'pdf' | 'csv' = 'pdf',
): string {
  const name = title.trim() || DEFAULT_TABLE_TITLE
  return `${name.replace(/[^A-Za-z0-9]/g, '_')}_${date.toISOString().slice(0, 10)}.${extension}`
}
