import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import {
  LINUX_POLICY_FILE,
  MACOS_POLICY_FILE,
  WINDOWS_POLICY_KEY,
  parseMachinePolicy,
  parsePolicyJson,
  parseRegQuery,
  type MachinePolicy,
} from '../core/policy/machine-policy'

/** The machine policy IT set for this OS; none set is an empty policy. */
export function readMachinePolicy(platform = process.platform): MachinePolicy {
  if (platform === 'win32') {
    let output: string
    try {
      output = execFileSync('reg.exe', ['query', WINDOWS_POLICY_KEY], { encoding: 'utf8' })
    } catch {
      // reg.exe fails when the key does not exist: no policy.
      return {}
    }
    return parseMachinePolicy(parseRegQuery(output), WINDOWS_POLICY_KEY)
  }
  if (platform === 'darwin') {
    if (!existsSync(MACOS_POLICY_FILE)) return {}
    const json = execFileSync(
      '/usr/bin/plutil',
      ['-convert', 'json', '-o', '-', MACOS_POLICY_FILE],
      {
        encoding: 'utf8',
      },
    )
    return parseMachinePolicy(parsePolicyJson(json, MACOS_POLICY_FILE), MACOS_POLICY_FILE)
  }
  if (!existsSync(LINUX_POLICY_FILE)) return {}
  const text = readFileSync(LINUX_POLICY_FILE, 'utf8')
  return parseMachinePolicy(parsePolicyJson(text, LINUX_POLICY_FILE), LINUX_POLICY_FILE)
}
