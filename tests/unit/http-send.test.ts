import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { endpoints } from '@shared/contract'
import { ApiFailure, send } from '../../src/main/core/api/http'

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  server?.close()
  server = undefined
})

/** A server that answers with headers and the start of a body, then says nothing more. */
async function stallingServer(): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write('{"id":')
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

test('an answer whose body stops coming is a network error worded for the administrator', async () => {
  const baseUrl = await stallingServer()
  const call = send({ baseUrl, fetch, timeoutMs: 1_000 }, endpoints.getUser, { id: 1 })
  const failure = await call.catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(ApiFailure)
  expect((failure as ApiFailure).message).toBe(
    `Network error: ${baseUrl} did not answer within 1 s`,
  )
})
