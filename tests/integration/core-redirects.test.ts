import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCore } from '../../src/main/core'
import { openStream } from '../../src/main/core/api/stream'
import { memoryVault } from '../../src/main/core/vault/vault'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
  })

/**
 * Where a hostile or misconfigured server at the console's address sends the console: another
 * origin, here our real server, so that a redirect followed would sign in there. Each request
 * that reaches it is recorded with its body.
 */
let elsewhere: TestServer
const reachedElsewhere: string[] = []
let relay: Server
let relayOrigin: string

/** Answers every request with a 307 to the same path at `elsewhere`: a 307 keeps the body. */
let redirector: Server
let redirectorUrl: string

beforeAll(async () => {
  elsewhere = await startServer()
  relay = createServer(async (request, response) => {
    const body = await bodyOf(request)
    reachedElsewhere.push(`${request.method} ${request.url} ${body}`)
    const upstream = await fetch(elsewhere.url + request.url, {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      body: body || undefined,
    })
    response.writeHead(upstream.status, { 'content-type': 'application/json' })
    response.end(await upstream.text())
  })
  relayOrigin = await listen(relay)
  redirector = createServer((request, response) => {
    response.writeHead(307, { location: relayOrigin + request.url })
    response.end()
  })
  redirectorUrl = await listen(redirector)
})
afterAll(async () => {
  redirector?.closeAllConnections()
  relay?.closeAllConnections()
  await new Promise((resolve) => redirector?.close(resolve))
  await new Promise((resolve) => relay?.close(resolve))
  await elsewhere?.close()
})

test('a sign-in answered with a redirect to another origin fails, and its body goes nowhere', async () => {
  const core = createCore({
    serverUrl: redirectorUrl,
    fetch: (url, init) => fetch(url, init),
    vault: memoryVault(),
    exportPorts: folderExportPorts(tmpdir()),
    version: 'test',
  })
  const result = await core.handle('auth.login', {
    username: ADMIN.username,
    password: ADMIN.password,
  })
  expect(reachedElsewhere).toEqual([])
  expect(result).toEqual({
    ok: false,
    error: {
      message: `${redirectorUrl} answered with a redirect (307) to ${relayOrigin}, which the console does not follow: check the server address`,
    },
  })
})

test('a streamed download answered with a redirect fails the same way', async () => {
  const http = { baseUrl: redirectorUrl, fetch, timeoutMs: 5000 }
  await expect(
    openStream(http, {
      path: '/api/admin/users/export',
      headers: { authorization: 'Bearer a-token' },
      signal: new AbortController().signal,
    }),
  ).rejects.toThrow(
    `${redirectorUrl} answered with a redirect (307) to ${relayOrigin}, which the console does not follow: check the server address`,
  )
  expect(reachedElsewhere).toEqual([])
})
