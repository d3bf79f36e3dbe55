import type { ImportPreview, ImportReport } from '@shared/bridge'
import type { Translate } from '@shared/i18n/catalogues'
import { importMessageOf } from '@shared/user-import-messages'

/** A text of the main process in the console's language: its own words when it has none. */
export function importMessageText(t: Translate, text: string): string {
  const message = importMessageOf(text)
  return message ? t(message.id, message.values) : text
}

/**
 * The preview's counts (issue 32 point 3), "1 new user" and "2 new users", and, when present
 * users are to be updated, how many of them would change (issue 56).
 */
export const previewCounts = (t: Translate, preview: ImportPreview, updateExisting: boolean) => {
  const { created, present, updated, failed } = preview
  return updateExisting
    ? t('import.previewCountsUpdating', { created, present, updated, failed })
    : t('import.previewCounts', { created, present, failed })
}

/** The final report's counts (issue 32 point 5). */
export const reportCounts = (t: Translate, report: ImportReport) => {
  const { created, updated, unchanged, failed } = report
  return t('import.reportCounts', { created, updated, unchanged, failed })
}
