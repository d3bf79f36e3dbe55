import { describe, expect, test } from 'vitest'
import { resolveServerUrl } from '../../src/main/core/config'
import {
  WINDOWS_POLICY_KEY,
  parseMachinePolicy,
  parsePolicyJson,
  parseRegQuery,
} from '../../src/main/core/policy/machine-policy'

describe('which server the console talks to', () => {
  const configFile = '{"apiUrl":"https://user-choice.example"}'
  const env = 'http://127.0.0.1:8080'

  test('machine policy beats the user file, which beats the environment', () => {
    const policy = parseMachinePolicy({ ApiUrl: 'https://admin.corp.example/' }, 'policy')
    expect(resolveServerUrl({ policy: policy.apiUrl, configFile, env })).toBe(
      'https://admin.corp.example',
    )
    expect(resolveServerUrl({ policy: undefined, configFile, env })).toBe(
      'https://user-choice.example',
    )
    expect(resolveServerUrl({ policy: undefined, configFile: undefined, env })).toBe(env)
  })

  test('a policy without ApiUrl leaves the server to the user', () => {
    const policy = parseMachinePolicy({ DisableUpdates: 1 }, 'policy')
    expect(resolveServerUrl({ policy: policy.apiUrl, configFile, env })).toBe(
      'https://user-choice.example',
    )
  })
})

describe('machine policy', () => {
  test('reads the same keys from every OS, flags as booleans or DWORDs', () => {
    expect(
      parseMachinePolicy(
        {
          ApiUrl: ' https://admin.corp.example ',
          UpdateUrl: 'https://updates.corp/',
          DisableUpdates: 1,
        },
        'registry',
      ),
    ).toEqual({
      apiUrl: 'https://admin.corp.example',
      updateUrl: 'https://updates.corp',
      disableUpdates: true,
    })
    expect(parseMachinePolicy({ DisableUpdates: false }, 'profile')).toEqual({
      disableUpdates: false,
    })
    expect(parseMachinePolicy({}, 'nothing')).toEqual({})
  })

  test('IdleTimeoutMinutes: a DWORD, profile integer or JSON number of minutes', () => {
    expect(parseMachinePolicy({ IdleTimeoutMinutes: 15 }, 'registry')).toEqual({
      idleTimeoutMinutes: 15,
    })
    expect(parseRegQuery('    IdleTimeoutMinutes    REG_DWORD    0xf\r\n')).toEqual({
      IdleTimeoutMinutes: 15,
    })
  })

  test('Language: the console speaks it on this machine, whatever the user chooses', () => {
    expect(parseMachinePolicy({ Language: 'ar' }, 'registry')).toEqual({ language: 'ar' })
    expect(parseRegQuery('    Language    REG_SZ    en\r\n')).toEqual({ Language: 'en' })
  })

  test.each([
    [{ Language: 'fr' }, 'Language must be one of en, ar'],
    [{ Language: 1 }, 'Language must be one of en, ar'],
    [{ ApiUrl: 'admin.corp.example' }, 'ApiUrl must be an http:// or https:// URL'],
    [{ UpdateUrl: 'http://updates.corp' }, 'UpdateUrl must be an https:// URL'],
    [{ DisableUpdates: 'yes' }, 'DisableUpdates must be true/false or 1/0'],
    [{ ApiUrl: 42 }, 'ApiUrl must be text'],
    [{ IdleTimeoutMinutes: 0 }, 'IdleTimeoutMinutes must be a whole number from 1 to 1440'],
    [{ IdleTimeoutMinutes: 2.5 }, 'IdleTimeoutMinutes must be a whole number from 1 to 1440'],
    [{ IdleTimeoutMinutes: '15' }, 'IdleTimeoutMinutes must be a whole number from 1 to 1440'],
    [{ IdleTimeoutMinutes: 1441 }, 'IdleTimeoutMinutes must be a whole number from 1 to 1440'],
  ])('a bad value is an error naming where it came from: %j', (values, message) => {
    expect(() => parseMachinePolicy(values, '/etc/admin-console/policy.json')).toThrow(
      `/etc/admin-console/policy.json: ${message}`,
    )
  })

  test('reg query output becomes values: text, and DWORDs as numbers', () => {
    const output = [
      '',
      WINDOWS_POLICY_KEY.replace('HKLM', 'HKEY_LOCAL_MACHINE'),
      '    ApiUrl    REG_SZ    https://admin.corp.example',
      '    DisableUpdates    REG_DWORD    0x1',
      '    UpdateUrl    REG_EXPAND_SZ    https://updates.corp/feed',
      '',
    ].join('\r\n')
    expect(parseRegQuery(output)).toEqual({
      ApiUrl: 'https://admin.corp.example',
      DisableUpdates: 1,
      UpdateUrl: 'https://updates.corp/feed',
    })
  })

  test('policy.json must be a JSON object', () => {
    expect(parsePolicyJson('{"ApiUrl":"https://a.example"}', 'policy.json')).toEqual({
      ApiUrl: 'https://a.example',
    })
    expect(() => parsePolicyJson('{ApiUrl', 'policy.json')).toThrow('policy.json is not valid JSON')
    expect(() => parsePolicyJson('["https://a.example"]', 'policy.json')).toThrow(
      'policy.json must hold a JSON object',
    )
  })
})
