/** Hands text to the browser as a file download (in Electron, the native save dialog). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The download has taken its copy once the click is handled; the URL may then go.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** A byte-order mark lets spreadsheet programs read the CSV as UTF-8 (names with accents). */
export const UTF8_BOM = '\uFEFF'
