import type { Translate } from './i18n/catalogues'

/**
 * "Users Report" on 2026-11-23 gives "Users_Report_2026-11-23.pdf", or ".csv"; "تقرير المستخدمين"
 * gives "تقرير_المستخدمين_2026-11-23.pdf": letters and digits of every script stay, anything else
 * becomes "_". A blank title is SPEC.md section 9's "Exported Table", in `t`'s language. The Users
 * and the Audit Log CSVs no longer share one default name, where one silently replaced the other
 * (issue 56).
 */
export function reportFileName(
  title: string,
  date: Date,
  extension: 'pdf' | 'csv',
  t: Translate,
): string {
  const name = title.trim() || t('exports.defaultTableTitle')
  return `${name.replace(/[^\p{L}\p{N}]/gu, '_')}_${date.toISOString().slice(0, 10)}.${extension}`
}
