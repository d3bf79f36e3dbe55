import { z } from 'zod'
import { LOCALES, type Locale } from '@shared/i18n/locales'
import { APP_ID } from './app-id'

/**
 * What IT sets machine-wide, the same keys on every OS: the Windows registry
 * (HKLM\Software\Policies\Example Operations\Admin Console), a macOS configuration profile
 * for the app's id, or /etc/admin-console/policy.json on Linux. Policy wins over anything a
 * user sets.
 */
export interface MachinePolicy {
  apiUrl?: string
  updateUrl?: string
  disableUpdates?: boolean
  /**
   * A session unused this long counts as expired on this machine. It can only shorten the
   * server's idle bound (SESSION_IDLE_SECONDS): the server refuses a longer-idle session anyway.
   */
  idleTimeoutMinutes?: number
  /** The console's language on this machine (issue 59): the user cannot change it. */
  language?: Locale
}

export const POLICY_VENDOR = 'Example Operations'
export const WINDOWS_POLICY_KEY = `HKLM\\Software\\Policies\\${POLICY_VENDOR}\\Admin Console`
export const LINUX_POLICY_FILE = '/etc/admin-console/policy.json'
/** Where a configuration profile's forced settings for the app land on macOS. */
export const MACOS_POLICY_FILE = `/Library/Managed Preferences/${APP_ID}.plist`

const url = (name: string, httpsOnly: boolean) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .refine(
      (value) => (httpsOnly ? /^https:\/\// : /^https?:\/\//).test(value) && URL.canParse(value),
      {
        error: `${name} must be an ${httpsOnly ? 'https://' : 'http:// or https://'} URL`,
      },
    )
    .transform((value) => value.replace(/\/+$/, ''))

/** A registry DWORD arrives as a number, a profile or JSON value as a boolean. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)], {
  error: 'DisableUpdates must be true/false or 1/0',
})

/** A day: an idle bound longer than that is no bound a policy needs to set. */
export const MAX_IDLE_TIMEOUT_MINUTES = 1440

const IDLE_TIMEOUT_RULE = `IdleTimeoutMinutes must be a whole number from 1 to ${MAX_IDLE_TIMEOUT_MINUTES}`

/** A registry DWORD, a profile integer or a JSON number alike. */
const idleTimeoutMinutes = z
  .number({ error: IDLE_TIMEOUT_RULE })
  .int({ error: IDLE_TIMEOUT_RULE })
  .min(1, { error: IDLE_TIMEOUT_RULE })
  .max(MAX_IDLE_TIMEOUT_MINUTES, { error: IDLE_TIMEOUT_RULE })

const language = z.enum(LOCALES, { error: `Language must be one of ${LOCALES.join(', ')}` })

const policySchema = z.object({
  ApiUrl: url('ApiUrl', false).optional(),
  // Updates are code: their feed must be HTTPS.
  UpdateUrl: url('UpdateUrl', true).optional(),
  DisableUpdates: flag.optional(),
  IdleTimeoutMinutes: idleTimeoutMinutes.optional(),
  Language: language.optional(),
})

/** The value names IT sets: registry values, profile keys and policy.json keys alike. */
export const POLICY_VALUE_NAMES = Object.keys(policySchema.shape)

/**
 * The machine policy from the values an OS reader found. An invalid value is an error that
 * says where it came from: a console pointed silently elsewhere than IT meant is worse than one
 * that does not start.
 */
export function parseMachinePolicy(values: Record<string, unknown>, where: string): MachinePolicy {
  const parsed = policySchema.safeParse(values)
  if (!parsed.success)
    throw new Error(`${where}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`)
  const { ApiUrl, UpdateUrl, DisableUpdates, IdleTimeoutMinutes, Language } = parsed.data
  return {
    ...(ApiUrl !== undefined && { apiUrl: ApiUrl }),
    ...(UpdateUrl !== undefined && { updateUrl: UpdateUrl }),
    ...(DisableUpdates !== undefined && { disableUpdates: Boolean(DisableUpdates) }),
    ...(IdleTimeoutMinutes !== undefined && { idleTimeoutMinutes: IdleTimeoutMinutes }),
    ...(Language !== undefined && { language: Language }),
  }
}

/** The values of `reg query <key>`: REG_SZ as text, REG_DWORD as a number. */
export function parseRegQuery(output: string): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const line of output.split(/\r?\n/)) {
    const found = line.match(/^\s+(\S+)\s+(REG_SZ|REG_EXPAND_SZ|REG_DWORD)\s+(.*)$/)
    if (!found) continue
    const [, name, type, data] = found as unknown as [string, string, string, string]
    values[name] = type === 'REG_DWORD' ? Number.parseInt(data, 16) : data.trim()
  }
  return values
}

/** The text of policy.json as values; not JSON, or not an object, is an error. */
export function parsePolicyJson(text: string, where: string): Record<string, unknown> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(`${where} is not valid JSON`)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new Error(`${where} must hold a JSON object`)
  return json as Record<string, unknown>
}
