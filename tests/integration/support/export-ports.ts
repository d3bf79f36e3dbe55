import { join } from 'node:path'
import type { ExportPorts } from '../../../src/main/core/export/user-export'

/**
 * Export ports for tests of the core alone: "saving" writes into a folder; there is no PDF
 * engine here (that is the preview host's, tested end to end), so renderPdf fails unless given.
 */
export function folderExportPorts(
  dir: string,
  overrides: Partial<ExportPorts> = {},
): ExportPorts & { printed: string[] } {
  const printed: string[] = []
  return {
    printed,
    chooseFile: async (defaultName) => join(dir, defaultName),
    renderPdf: async () => {
      throw new Error('no PDF engine in this test')
    },
    printHtml: async (html) => void printed.push(html),
    ...overrides,
  }
}
