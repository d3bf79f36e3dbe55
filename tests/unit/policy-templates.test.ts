import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { LOCALES } from '@shared/i18n/locales'
import { APP_ID } from '../../src/main/core/policy/app-id'
import {
  MAX_IDLE_TIMEOUT_MINUTES,
  POLICY_VALUE_NAMES,
  WINDOWS_POLICY_KEY,
  parseMachinePolicy,
  parsePolicyJson,
} from '../../src/main/core/policy/machine-policy'

/** The templates IT deploys name exactly what the app reads. */
const read = (file: string) =>
  readFileSync(new URL(`../../resources/policy/${file}`, import.meta.url), 'utf8')
const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((found) => found[1])

describe('policy templates', () => {
  const admx = read('AdminConsole.admx')
  const adml = read('en-US/AdminConsole.adml')

  test('the ADMX writes the registry key and values the app reads', () => {
    expect(new Set(all(admx, / key="([^"]+)"/g))).toEqual(
      new Set([WINDOWS_POLICY_KEY.replace(/^HKLM\\/, '')]),
    )
    expect(all(admx, /valueName="([^"]+)"/g).sort()).toEqual([...POLICY_VALUE_NAMES].sort())
  })

  test('every string and presentation the ADMX uses is in the ADML', () => {
    for (const id of all(admx, /\$\(string\.([^)]+)\)/g))
      expect(adml).toContain(`<string id="${id}">`)
    for (const id of all(admx, /\$\(presentation\.([^)]+)\)/g))
      expect(adml).toContain(`<presentation id="${id}">`)
  })

  test('the configuration profile sets the app id domain with keys the app reads', () => {
    const profile = read('AdminConsole.mobileconfig')
    expect(all(profile, /<key>PayloadType<\/key>\s*<string>([^<]+)<\/string>/g)).toContain(APP_ID)
    const apiUrl = profile.match(/<key>ApiUrl<\/key>\s*<string>([^<]+)<\/string>/)?.[1]
    const disableUpdates = profile.match(/<key>DisableUpdates<\/key>\s*<(true|false)\/>/)?.[1]
    const idleTimeout = profile.match(/<key>IdleTimeoutMinutes<\/key>\s*<integer>(\d+)</)?.[1]
    expect(
      parseMachinePolicy(
        {
          ApiUrl: apiUrl,
          DisableUpdates: disableUpdates === 'true',
          IdleTimeoutMinutes: Number(idleTimeout),
        },
        'profile',
      ),
    ).toEqual({
      apiUrl: 'https://admin.example.com',
      disableUpdates: false,
      idleTimeoutMinutes: 15,
    })
  })

  test('the sample policy.json is a valid policy', () => {
    expect(
      parseMachinePolicy(parsePolicyJson(read('policy.json'), 'policy.json'), 'policy.json'),
    ).toEqual({
      apiUrl: 'https://admin.example.com',
      disableUpdates: false,
      idleTimeoutMinutes: 15,
    })
  })

  test('the ADMX offers exactly the languages the console speaks', () => {
    const languages = admx.match(/<enum id="Language"[\s\S]*?<\/enum>/)?.[0] ?? ''
    expect(all(languages, /<string>([^<]+)<\/string>/g)).toEqual([...LOCALES])
  })

  test('the ADMX bounds IdleTimeoutMinutes as the app does', () => {
    const decimal = admx.match(/<decimal id="IdleTimeoutMinutes"[^>]*\/>/)?.[0] ?? ''
    expect(decimal).toContain('minValue="1"')
    expect(decimal).toContain(`maxValue="${MAX_IDLE_TIMEOUT_MINUTES}"`)
  })
})
