import { z } from 'zod'

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8080'

/** `config.json` that IT places in the user-data folder. */
const configFileSchema = z.object({
  apiUrl: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), {
      error: 'apiUrl must be an http:// or https:// URL',
    }),
})

export interface ServerUrlSource {
  /** ADMIN_CONSOLE_API_URL */
  env: string | undefined
  /** The text of config.json, or undefined when there is none. */
  configFile: string | undefined
}

/**
 * Which server the console talks to: the environment, else IT's config.json, else the local
 * default. A bad value is an error that names where it came from, never a silent default.
 */
export function resolveServerUrl(source: ServerUrlSource): string {
  if (source.env?.trim()) {
    const parsed = configFileSchema.safeParse({ apiUrl: source.env })
    if (!parsed.success)
      throw new Error(
        `ADMIN_CONSOLE_API_URL must be an http:// or https:// URL, not "${source.env}"`,
      )
    return parsed.data.apiUrl.replace(/\/+$/, '')
  }
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
  return DEFAULT_SERVER_URL
}

/** The renderer's Content-Security-Policy, the same in the app and in the preview. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'none'"
