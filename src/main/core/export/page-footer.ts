import type { Translate } from '@shared/i18n/catalogues'

/**
 * The footer of every page of a PDF report (issue 33): where the reader is, and how far to go.
 * Its numbers are given as written, in Latin digits: Helvetica draws it, in every language.
 */
export const pageFooter = (t: Translate, page: number, pages: number) =>
  t('exports.pageFooter', { page: String(page), pages: String(pages) })

/** Its size in points, and its baseline above the page's bottom edge: inside the 12 mm margin. */
export const FOOTER_SIZE = 8
export const FOOTER_BASELINE = 14
