import {
  pathParameters,
  pathTo,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
} from '@shared/contract'
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

  get params(): Record<string, string | number> | undefined {
    return paramsOf(this.body)
  }
}

const codeOf = (body: unknown) => {
  const code = (body as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : undefined
}

/** The values a refusal's message names (the body's params), when each is text or a number. */
const paramsOf = (body: unknown): Record<string, string | number> | undefined => {
  const params = (body as { params?: unknown } | undefined)?.params
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined
  const values = Object.entries(params).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  )
  return Object.fromEntries(values)
}

export interface Http {
  baseUrl: string
  fetch: Fetch
  timeoutMs: number
}

/** How a call goes beyond its input: further headers, and the error wording when none is sent. */
export interface Sending {
  headers?: Record<string, string>
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

/** A query string of the given fields, leaving out the absent and the empty. */
export function queryString(query: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  return params.toString()
}

/**
 * Where a call of `endpoint` goes and what it carries: the path's parameters fill the path, and
 * the rest of the input is the query of a GET or DELETE, or the body of a POST or PUT.
 */
export function requestOf(endpoint: Endpoint, input: unknown): { path: string; body?: object } {
  const fields = typeof input === 'object' && input !== null ? input : {}
  const inPath = new Set(pathParameters(endpoint.path))
  const rest = Object.fromEntries(Object.entries(fields).filter(([name]) => !inPath.has(name)))
  const path = pathTo(endpoint, fields)
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    const query = queryString(rest)
    return { path: query ? `${path}?${query}` : path }
  }
  return { path, body: endpoint.body ? rest : undefined }
}

/** One HTTP call of the contract: timeout, the error wording of SPEC.md section 8, a checked answer. */
export async function send<E extends Endpoint>(
  http: Http,
  endpoint: E,
  input: EndpointInput<E>,
  sending: Sending = {},
): Promise<Answer<EndpointOutput<E>>> {
  const { data, headers } = await exchange(http, endpoint, input, sending)
  // The type follows from the schema the answer was just parsed with (or from its absence).
  return { data: data as EndpointOutput<E>, headers }
}

/** `send` for an input and answer whose types are not known here (the bridge's pass-throughs). */
export async function exchange(
  http: Http,
  endpoint: Endpoint,
  input: unknown,
  sending: Sending = {},
): Promise<Answer<unknown>> {
  const { path, body: sent } = requestOf(endpoint, input)
  const url = http.baseUrl.replace(/\/+$/, '') + path
  const headers: Record<string, string> = { accept: 'application/json', ...sending.headers }
  if (sent !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  let text: string
  try {
    response = await http.fetch(url, {
      method: endpoint.method,
      headers,
      body: sent === undefined ? undefined : JSON.stringify(sent),
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
  if (!response.ok) throw answerFailure(response.status, body, sending.fallback)
  return { data: checkedAnswer(endpoint, body, response.status), headers: response.headers }
}

/** The answer as the endpoint's output schema reads it; null for an endpoint that answers none. */
function checkedAnswer(endpoint: Endpoint, body: unknown, status: number): unknown {
  if (!endpoint.output) return null
  const parsed = endpoint.output.safeParse(body)
  if (!parsed.success) {
    throw new ApiFailure(
      `The server's answer to ${endpoint.method} ${endpoint.path} is not what the contract says`,
      status,
    )
  }
  return parsed.data
}
