/** The footer of every page of a PDF report (issue 33): where the reader is, and how far to go. */
export const pageFooter = (page: number, pages: number) => `Page ${page} of ${pages}`

/** Its size in points, and its baseline above the page's bottom edge: inside the 12 mm margin. */
export const FOOTER_SIZE = 8
export const FOOTER_BASELINE = 14
