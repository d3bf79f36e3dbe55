import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import {
  PRINT_WINDOW_CLOSE_MS,
  REPORT_MARGIN_MM,
  RESOURCE_WAIT_MS,
} from '../core/export/pdf-options'
import type { ExportPorts } from '../core/export/user-export'

/**
 * The preview host's export ports: "saving" writes into one folder, PDF comes from Chromium's
 * page.pdf (the engine call behind Electron's printToPDF), each report in a context of its own
 * with no bridge.
 */
export function previewExportPorts(browser: Browser, saveDir: string): ExportPorts {
  const margin = `${REPORT_MARGIN_MM}mm`
  const openReport = async (html: string) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.setContent(html, { waitUntil: 'load', timeout: RESOURCE_WAIT_MS }).catch(() => {
      // Resources still loading after the wait: print what is there.
    })
    return { page, close: () => context.close() }
  }
  return {
    async chooseFile(defaultName) {
      await mkdir(saveDir, { recursive: true })
      return join(saveDir, defaultName)
    },
    async renderPdf(html) {
      const report = await openReport(html)
      try {
        return await report.page.pdf({
          format: 'A4',
          landscape: true,
          printBackground: true,
          margin: { top: margin, right: margin, bottom: margin, left: margin },
        })
      } finally {
        await report.close()
      }
    },
    async printHtml(html) {
      const report = await openReport(html)
      setTimeout(() => void report.close(), PRINT_WINDOW_CLOSE_MS)
    },
  }
}
