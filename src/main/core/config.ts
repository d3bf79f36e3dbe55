import { z } from 'zod'

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8080'

/** A user's `config.json` in the user-data folder. */
const configFileSchema = z.object({
  apiUrl: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), {
      error: 'apiUrl must be an http:// or https:// URL',
    }),
})

export interface ServerUrlSource {
  /** The machine policy's ApiUrl, already checked (policy/machine-policy.ts). */
  policy?: string | undefined
  /** The text of the per-user config.json, or undefined when there is none. */
  configFile: string | undefined
  /** ADMIN_CONSOLE_API_URL, for development. */
  env: string | undefined
}

/**
 * Which server the console talks to: IT's machine policy, else the user's config.json, else
 * the environment (development), else the local default. A bad value is an error that names
 * where it came from, never a silent default.
 */
export function resolveServerUrl(source: ServerUrlSource): string {
  if (source.policy !== undefined) return source.policy
  if (source.configFile !== undefined) {
    let json: unknown
    try {
      json = JSON.parse(source.configFile)
    } catch {
      throw new Error('config.json is not valid JSON')
    }
    const parsed = configFileSchema.safeParse(json)
    if (!parsed.success)
      throw new Error(
        `config.json: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
      )
    return parsed.data.apiUrl.replace(/\/+$/, '')
  }
  if (source.env?.trim()) {
    const parsed = configFileSchema.safeParse({ apiUrl: source.env })
    if (!parsed.success)
      throw new Error(
        `ADMIN_CONSOLE_API_URL must be an http:// or https:// URL, not "${source.env}"`,
      )
    return parsed.data.apiUrl.replace(/\/+$/, '')
  }
  return DEFAULT_SERVER_URL
}

/** The renderer's Content-Security-Policy, the same in the app and in the preview. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'none'"
