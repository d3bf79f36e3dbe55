import type { Fallback } from '../../../shared/messages'
import { answerFailure, networkFailure, redirectFailure, type Http } from './http'

export interface StreamCall {
  path: string
  headers: Record<string, string>
  /** Aborts the call and the reading of its body. */
  signal: AbortSignal
  fallback?: Fallback
}

/** An answer whose body is read as it arrives. */
export interface Streamed {
  headers: Headers
  /** The body's next chunk, undefined at its end; fails when none comes within the timeout. */
  read(): Promise<Uint8Array | undefined>
  /** Stops reading and lets the connection go. */
  cancel(): void
}

/**
 * A GET whose answer may take longer than any timeout to arrive in full: the timeout applies to
 * the headers and then to each wait for the next chunk, not to the whole body. Error answers
 * fail as `send` fails them.
 */
export async function openStream(http: Http, call: StreamCall): Promise<Streamed> {
  const url = http.baseUrl.replace(/\/+$/, '') + call.path
  const controller = new AbortController()
  const stop = () => controller.abort()
  call.signal.addEventListener('abort', stop, { once: true })
  const deadline = () => setTimeout(stop, http.timeoutMs)
  const release = () => call.signal.removeEventListener('abort', stop)
  let timer = deadline()
  let response: Response
  try {
    response = await http.fetch(url, {
      method: 'GET',
      headers: { accept: 'application/x-ndjson, application/json', ...call.headers },
      redirect: 'manual',
      signal: controller.signal,
    })
  } catch (error) {
    release()
    throw networkFailure(error, url, http.timeoutMs)
  } finally {
    clearTimeout(timer)
  }
  const redirect = redirectFailure(response, url)
  if (redirect) {
    release()
    await response.body?.cancel()
    throw redirect
  }
  if (!response.ok || !response.body) {
    release()
    const text = await response.text().catch(() => '')
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    throw answerFailure(response.status, body, call.fallback)
  }
  const reader = response.body.getReader()
  return {
    headers: response.headers,
    async read() {
      timer = deadline()
      try {
        const { done, value } = await reader.read()
        if (done) release()
        return done ? undefined : value
      } catch (error) {
        release()
        throw networkFailure(error, url, http.timeoutMs)
      } finally {
        clearTimeout(timer)
      }
    },
    cancel() {
      release()
      controller.abort()
    },
  }
}
