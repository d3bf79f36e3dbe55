import { describe, expect, test } from 'vitest'
import { withProtocolRegistration } from '../../scripts/msi-protocol'

describe('the MSI registers admin-console:// at install time', () => {
  const project = [
    '<Wix><Product>',
    '    <ComponentGroup Id="ProductComponents" Directory="APPLICATIONFOLDER">',
    '      <Component><File Id="mainExecutable" Source="AdminConsole.exe"/></Component>',
    '    </ComponentGroup>',
    '</Product></Wix>',
  ].join('\n')

  test('a machine-wide URL protocol opening the main executable, among the product files', () => {
    const wxs = withProtocolRegistration(project)
    const group = wxs.slice(
      wxs.indexOf('<ComponentGroup Id="ProductComponents"'),
      wxs.indexOf('</ComponentGroup>'),
    )
    expect(group).toContain('<RegistryKey Root="HKLM" Key="Software\\Classes\\admin-console">')
    expect(group).toContain('Name="URL Protocol"')
    expect(group).toContain(
      'Key="shell\\open\\command" Value="&quot;[#mainExecutable]&quot; &quot;%1&quot;"',
    )
    expect(wxs).toContain('<File Id="mainExecutable"')
  })

  test('a project without the product files is an error, not an MSI without the protocol', () => {
    expect(() => withProtocolRegistration('<Wix><Product/></Wix>')).toThrow('ProductComponents')
  })
})
