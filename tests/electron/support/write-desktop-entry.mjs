import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper.js'

/**
 * afterPack hook of the packaging test: the .desktop entry electron-builder writes into the deb,
 * rpm and AppImage (none of which can be built here), beside the packed app.
 */
export default async function writeDesktopEntry(context) {
  const helper = new LinuxTargetHelper(context.packager)
  const entry = await helper.computeDesktopEntry(context.packager.platformSpecificBuildOptions)
  const name = `${helper.getDesktopFileName()}.desktop`
  await writeFile(
    join(context.appOutDir, '..', 'desktop-entry.json'),
    JSON.stringify({ name, entry }),
  )
}
