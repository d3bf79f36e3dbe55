import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron'

const OPTIONS: OpenDialogOptions = {
  title: 'Import users from CSV',
  properties: ['openFile'],
  filters: [
    { name: 'CSV', extensions: ['csv'] },
    { name: 'All files', extensions: ['*'] },
  ],
}

/** The CSV import's native open dialog: the chosen file, or null when cancelled. */
export function electronImportFileChooser(parent: () => BrowserWindow | undefined) {
  return async (): Promise<string | null> => {
    const owner = parent()
    const choice = owner
      ? await dialog.showOpenDialog(owner, OPTIONS)
      : await dialog.showOpenDialog(OPTIONS)
    return choice.canceled ? null : (choice.filePaths[0] ?? null)
  }
}
