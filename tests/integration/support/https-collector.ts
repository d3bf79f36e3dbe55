import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TestCertificates } from './certificates'

/** One POST as the collector got it. */
export interface Batch {
  authorization: string | undefined
  contentType: string | undefined
  events: { time: number; source: string; event: { seq: number; action: string } }[]
}

/** An HTTPS endpoint on loopback taking batches of events, like Splunk's HTTP Event Collector. */
export interface HttpsCollector {
  url: string
  batches: Batch[]
  /** The status it answers from now on: 200 accepts, anything else refuses the batch. */
  answer(status: number): void
  close(): Promise<void>
}

export async function startHttpsCollector(certificates: TestCertificates): Promise<HttpsCollector> {
  let status = 200
  const batches: Batch[] = []
  const server: Server = createServer(
    {
      cert: await readFile(certificates.serverCert),
      key: await readFile(certificates.serverKey),
    },
    (request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        if (status === 200) {
          batches.push({
            authorization: request.headers.authorization,
            contentType: request.headers['content-type'],
            events: Buffer.concat(chunks)
              .toString('utf8')
              .split('\n')
              .map((line) => JSON.parse(line) as Batch['events'][number]),
          })
        }
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ text: status === 200 ? 'Success' : 'Refused', code: 0 }))
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}/services/collector/event`,
    batches,
    answer(next) {
      status = next
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
