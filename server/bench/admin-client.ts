import { endpoints } from '@shared/contract'
import http from 'node:http'
import type { ServerConfig } from '../src/config'

/** A server's answer, read whole. */
export interface Reply {
  status: number
  text: string
  etag?: string
}

/** Sends one request to the bench's server; a body goes as JSON. */
export type Call = (
  method: string,
  path: string,
  body?: unknown,
  headers?: object,
) => Promise<Reply>

export interface AdminClient {
  call: Call
  /** The Authorization header of the sign-in, for clients of the bench's own. */
  authorization: string
}

/** Over node:http and the agent's kept-alive sockets, so that timings leave out connecting. */
function caller(port: number, agent: http.Agent, authorization: string): Call {
  return (method, path, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          headers: {
            authorization,
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (reply) => {
          const chunks: Buffer[] = []
          reply.on('data', (chunk: Buffer) => chunks.push(chunk))
          reply.on('end', () =>
            resolve({
              status: reply.statusCode ?? 0,
              text: Buffer.concat(chunks).toString(),
              etag: reply.headers.etag,
            }),
          )
          reply.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
}

/**
 * Signs in by password as the configured administrator (ADMIN_USERNAME / ADMIN_PASSWORD) on the
 * server listening on this port of 127.0.0.1; its calls carry that sign-in.
 */
export async function signInAsAdmin(
  config: ServerConfig,
  port: number,
  agent: http.Agent,
): Promise<AdminClient> {
  const login = await caller(port, agent, '')('POST', endpoints.signIn.path, {
    username: config.admin.username,
    password: config.admin.password,
  })
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`)
  const authorization = `Bearer ${(JSON.parse(login.text) as { accessToken: string }).accessToken}`
  return { call: caller(port, agent, authorization), authorization }
}
