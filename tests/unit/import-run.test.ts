import { describe, expect, test } from 'vitest'
import type { UserImportResponse, UserImportResult, UserImportRow } from '@shared/contract'
import { ApiFailure } from '../../src/main/core/api/http'
import { runImport } from '../../src/main/core/import/run-import'

const rows: UserImportRow[] = Array.from({ length: 5 }, (_, i) => ({
  row: i + 2,
  username: `user${i}`,
}))

/** A server whose answers the test gives, request by request, in any order. */
function heldServer() {
  const requests: { rows: UserImportRow[]; answer: () => void; fail: () => void }[] = []
  const send = (sent: UserImportRow[]) =>
    new Promise<UserImportResponse>((resolve, reject) => {
      const results = sent.map((row) => ({
        row: row.row,
        username: row.username,
        outcome: 'created' as const,
        present: false,
        errors: [],
      }))
      requests.push({
        rows: sent,
        answer: () =>
          resolve({
            dryRun: true,
            results,
            created: sent.length,
            updated: 0,
            unchanged: 0,
            failed: 0,
          }),
        fail: () => reject(new ApiFailure('The server is unavailable', 503)),
      })
    })
  return { requests, send }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('sending an import', () => {
  test('with two requests at once, the second is sent before the first is answered; results stay in file order', async () => {
    const server = heldServer()
    const progress: number[] = []
    const collected: UserImportResult[] = []
    const run = runImport({
      rows,
      rowsPerRequest: 2,
      requestsAtOnce: 2,
      send: server.send,
      signal: new AbortController().signal,
      collect: (results) => collected.push(...results),
      progress: (done) => progress.push(done),
    })
    await settle()
    expect(server.requests.map((request) => request.rows[0]!.row)).toEqual([2, 4])
    server.requests[1]!.answer()
    await settle()
    expect(progress).toEqual([])
    server.requests[0]!.answer()
    await settle()
    expect(server.requests).toHaveLength(3)
    server.requests[2]!.answer()
    expect(await run).toMatchObject({ done: 5, cancelled: false })
    expect(collected.map((result) => result.row)).toEqual([2, 3, 4, 5, 6])
    expect(progress).toEqual([2, 4, 5])
  })

  test('Cancel sends nothing more; the requests in flight are counted, and the run says where it stopped', async () => {
    const server = heldServer()
    const controller = new AbortController()
    const run = runImport({
      rows,
      rowsPerRequest: 2,
      requestsAtOnce: 2,
      send: server.send,
      signal: controller.signal,
      collect: () => undefined,
      progress: () => undefined,
    })
    await settle()
    controller.abort()
    for (const request of server.requests) request.answer()
    expect(await run).toMatchObject({ done: 4, cancelled: true, stoppedAtRow: 6 })
    expect(server.requests).toHaveLength(2)
  })

  test('a request that fails stops the run once the request in flight after it is answered', async () => {
    const server = heldServer()
    let ended = false
    const run = runImport({
      rows,
      rowsPerRequest: 2,
      requestsAtOnce: 2,
      send: server.send,
      signal: new AbortController().signal,
      collect: () => undefined,
      progress: () => undefined,
    }).finally(() => (ended = true))
    await settle()
    server.requests[0]!.fail()
    await settle()
    // The second request may still be applying rows: the run's end (and its audit) waits for it.
    expect(ended).toBe(false)
    server.requests[1]!.answer()
    expect(await run).toMatchObject({
      done: 0,
      stoppedAtRow: 2,
      error: 'The server is unavailable',
    })
    expect(server.requests).toHaveLength(2)
  })

  test('one request at a time waits for each answer before sending the next', async () => {
    const server = heldServer()
    const run = runImport({
      rows,
      rowsPerRequest: 2,
      requestsAtOnce: 1,
      send: server.send,
      signal: new AbortController().signal,
      collect: () => undefined,
      progress: () => undefined,
    })
    await settle()
    expect(server.requests).toHaveLength(1)
    server.requests[0]!.answer()
    await settle()
    expect(server.requests).toHaveLength(2)
    server.requests[1]!.answer()
    await settle()
    server.requests[2]!.answer()
    expect((await run).done).toBe(5)
  })
})
