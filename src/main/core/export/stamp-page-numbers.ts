import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import type { Translate } from '@shared/i18n/catalogues'
import { REPORT_MARGIN_MM, MM_PER_INCH } from './pdf-options'
import { FOOTER_BASELINE, FOOTER_SIZE, pageFooter } from './page-footer'

const MARGIN = (REPORT_MARGIN_MM * 72) / MM_PER_INCH

/**
 * "Page x of y" at the foot of every page of a report Chromium printed: its parts are printed
 * apart and joined, so only the joined file knows how many pages there are.
 */
export async function stampPageNumbers(pdf: Uint8Array, t: Translate): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf)
  const font = await document.embedFont(StandardFonts.Helvetica)
  const pages = document.getPages()
  for (const [index, page] of pages.entries()) {
    const text = pageFooter(t, index + 1, pages.length)
    page.drawText(text, {
      x: page.getWidth() - MARGIN - font.widthOfTextAtSize(text, FOOTER_SIZE),
      y: FOOTER_BASELINE,
      size: FOOTER_SIZE,
      font,
      color: rgb(0x47 / 255, 0x54 / 255, 0x67 / 255),
    })
  }
  return document.save()
}
