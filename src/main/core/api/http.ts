import type { z } from 'zod'
import { FALLBACKS, serverMessage, type Fallback } from '@shared/messages'

export type Fetch = (input: string, init: RequestInit) => Promise<Response>

/**
 * A failed call, worded for the administrator; `status` when the server answered, `code` when
 * its answer named a reason the console acts on, and the answer itself for the core alone.
 */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message)
  }
}

const codeOf = (body: unknown) => {
  const code = (body as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : undefined
}

export interface Http {
  baseUrl: string
  fetch: Fetch
  timeoutMs: number
}

export interface Call<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: unknown
  headers?: Record<string, string>
  /** Checks the answer; omitted for answers without a body. */
  schema?: z.ZodType<T>
  fallback?: Fallback
}

export interface Answer<T> {
  data: T
  headers: Headers
}

/** A call that got no answer, worded for the administrator. */
export function networkFailure(error: unknown, url: string, timeoutMs: number): ApiFailure {
  const name = (error as { name?: string }).name
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ApiFailure(
      `Network error: ${new URL(url).origin} did not answer within ${Math.round(timeoutMs / 1000)} s`,
    )
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const reason = cause?.code ?? cause?.message ?? (error as Error).message
  return new ApiFailure(`Network error: could not reach ${new URL(url).origin} (${reason})`)
}

/**
 * A redirect, refused: a 307 or 308 would re-send a sign-in's body, and any redirect the token,
 * to wherever it points. The calls ask for `redirect: 'manual'`, so Node's fetch hands the 3xx
 * over (a browser's as an opaque redirect) and Electron's `net.fetch` fails the call instead.
 */
export function redirectFailure(response: Response, url: string): ApiFailure | undefined {
  const redirected =
    response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)
  if (!redirected) return undefined
  const location = response.headers.get('location')
  const target =
    location && URL.canParse(location, url) ? ` to ${new URL(location, url).origin}` : ''
  return new ApiFailure(
    `${new URL(url).origin} answered with a redirect (${response.status})${target}, which the console does not follow: check the server address`,
  )
}

/** An error answer: the server's message when it has one, else the fallback of SPEC.md section 8. */
export function answerFailure(status: number, body: unknown, fallback?: Fallback): ApiFailure {
  const message = serverMessage(body) ?? FALLBACKS[fallback ?? 'request'](status)
  return new ApiFailure(message, status, codeOf(body), body)
}

/** One HTTP call of the contract: timeout, the error wording of SPEC.md section 8, a checked answer. */
export async function send<T>(http: Http, call: Call<T>): Promise<Answer<T>> {
  const url = http.baseUrl.replace(/\/+$/, '') + call.path
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers }
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  let text: string
  try {
    response = await http.fetch(url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(http.timeoutMs),
    })
    const redirect = redirectFailure(response, url)
    if (redirect) {
      await response.body?.cancel()
      throw redirect
    }
    // The timeout covers the body too: an answer that stops coming is a call that got none.
    text = await response.text()
  } catch (error) {
    throw error instanceof ApiFailure ? error : networkFailure(error, url, http.timeoutMs)
  }
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  if (!response.ok) throw answerFailure(response.status, body, call.fallback)
  if (!call.schema) return { data: undefined as T, headers: response.headers }
  const parsed = call.schema.safeParse(body)
  if (!parsed.success) {
    throw new ApiFailure(
      `The server's answer to ${call.method} ${call.path} is not what the contract says`,
      response.status,
    )
  }
  return { data: parsed.data, headers: response.headers }
}
