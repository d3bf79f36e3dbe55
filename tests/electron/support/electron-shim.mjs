// What the built host gets for `import … from 'electron'`: the double its test set up for
// this instance of the host (the hooks put the instance in this module's URL).
const instance = new URL(import.meta.url).searchParams.get('instance')
const electron = globalThis.__electronDoubles?.[instance]
if (!electron) throw new Error(`no electron double for host instance ${instance}`)

export const {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  session,
  dialog,
  net,
  Menu,
  shell,
  screen,
  nativeTheme,
} = electron
export default electron
