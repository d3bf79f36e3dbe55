import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BrowserWindow, app, dialog } from 'electron'
import {
  MM_PER_INCH,
  PRINT_WINDOW_CLOSE_MS,
  REPORT_MARGIN_MM,
  RESOURCE_WAIT_MS,
} from '../core/export/pdf-options'
import type { ExportPorts } from '../core/export/user-export'

const FILTERS = {
  csv: [{ name: 'CSV', extensions: ['csv'] }],
  pdf: [{ name: 'PDF', extensions: ['pdf'] }],
  txt: [{ name: 'Text', extensions: ['txt'] }],
}

/** A report in a sandboxed window without script, loaded from a temp file (too big for a URL). */
async function openReport(html: string, show: boolean) {
  const folder = await mkdtemp(join(tmpdir(), 'admin-console-report-'))
  const file = join(folder, 'report.html')
  await writeFile(file, html)
  const window = new BrowserWindow({
    show,
    webPreferences: {
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      disableBlinkFeatures: 'Auxclick',
    },
  })
  await Promise.race([
    window.loadFile(file),
    new Promise((resolve) => setTimeout(resolve, RESOURCE_WAIT_MS)),
  ])
  return {
    window,
    close: async () => {
      if (!window.isDestroyed()) window.close()
      await rm(folder, { recursive: true, force: true })
    },
  }
}

/** The app's export ports: the native save dialog, printToPDF, and the print window. */
export function electronExportPorts(parent: () => BrowserWindow | undefined): ExportPorts {
  const margin = REPORT_MARGIN_MM / MM_PER_INCH
  return {
    async chooseFile(defaultName, format) {
      const options = {
        defaultPath: join(app.getPath('downloads'), defaultName),
        filters: FILTERS[format],
      }
      const owner = parent()
      const choice = owner
        ? await dialog.showSaveDialog(owner, options)
        : await dialog.showSaveDialog(options)
      return choice.canceled || !choice.filePath ? null : choice.filePath
    },
    async renderPdf(html) {
      const report = await openReport(html, false)
      try {
        return await report.window.webContents.printToPDF({
          landscape: true,
          pageSize: 'A4',
          printBackground: true,
          margins: { top: margin, right: margin, bottom: margin, left: margin },
        })
      } finally {
        await report.close()
      }
    },
    async printHtml(html) {
      const report = await openReport(html, true)
      report.window.webContents.print({}, () => undefined)
      setTimeout(() => void report.close(), PRINT_WINDOW_CLOSE_MS)
    },
  }
}
