import { readFile, writeFile } from 'node:fs/promises'

/**
 * The MSI registers admin-console:// for every user at install time (electron-builder's MSI
 * template does not), so a password-reset link opens the console before its first launch.
 */
const PROTOCOL_COMPONENT = `
      <Component Id="AdminConsoleProtocol" Guid="*">
        <RegistryKey Root="HKLM" Key="Software\\Classes\\admin-console">
          <RegistryValue Type="string" Value="URL:Admin Console reset link" KeyPath="yes"/>
          <RegistryValue Type="string" Name="URL Protocol" Value=""/>
          <RegistryValue Type="string" Key="DefaultIcon" Value="[#mainExecutable],0"/>
          <RegistryValue Type="string" Key="shell\\open\\command" Value="&quot;[#mainExecutable]&quot; &quot;%1&quot;"/>
        </RegistryKey>
      </Component>
`

/** The WiX project with the protocol's registry component added to the product's files. */
export function withProtocolRegistration(wxs: string): string {
  const group = wxs.match(
    /<ComponentGroup Id="ProductComponents"[^>]*>[\s\S]*?(<\/ComponentGroup>)/,
  )
  if (!group || group.index === undefined)
    throw new Error('The MSI project has no ProductComponents group to register the protocol in')
  const end = group.index + group[0].length - '</ComponentGroup>'.length
  return wxs.slice(0, end) + PROTOCOL_COMPONENT + '    ' + wxs.slice(end)
}

/** electron-builder's msiProjectCreated hook: edits the project before WiX compiles it. */
export async function registerProtocolInMsi(projectFile: string): Promise<void> {
  await writeFile(projectFile, withProtocolRegistration(await readFile(projectFile, 'utf8')))
}
