import { request } from 'node:https'
import { hostname } from 'node:os'
import type { AuditSinkConfig } from '../../config'
import type { ForwardedRecord } from '../forwarded-record'
import { readSettingFile } from '../setting-file'
import type { Sink } from '../sink'

/** The longest a batch may take to be accepted; then it is sent again. */
const TIMEOUT_MS = 15_000
const HOST = hostname()

/** A record as one event of Splunk's HTTP Event Collector, which most collectors also accept. */
function collectorEvent(record: ForwardedRecord): string {
  return JSON.stringify({
    time: Date.parse(record.time) / 1000,
    host: HOST,
    source: 'admin-console',
    sourcetype: '_json',
    event: record,
  })
}

/** Batches of events POSTed to a collector, its token in their header; any 2xx accepts. */
export function openHttpsSink(config: Extract<AuditSinkConfig, { kind: 'https' }>): Sink {
  const ca =
    config.caFile === undefined ? undefined : readSettingFile(config.caFile, 'AUDIT_HTTPS_CA_FILE')
  const target = new URL(config.url)
  return {
    name: 'https',
    target: `${target.origin}${target.pathname}`,
    deliver(records) {
      const body = records.map(collectorEvent).join('\n')
      return new Promise<void>((resolve, reject) => {
        const sent = request(
          config.url,
          {
            method: 'POST',
            ca,
            timeout: TIMEOUT_MS,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              ...(config.token !== undefined && {
                authorization: `${config.authScheme} ${config.token}`,
              }),
            },
          },
          (response) => {
            const status = response.statusCode ?? 0
            response.resume()
            response.on('end', () => {
              if (status >= 200 && status < 300) resolve()
              else reject(new Error(`The collector answered HTTP ${status}`))
            })
            response.on('error', reject)
          },
        )
        sent.on('timeout', () =>
          sent.destroy(new Error(`The collector did not answer within ${TIMEOUT_MS / 1000} s`)),
        )
        sent.on('error', reject)
        sent.end(body)
      })
    },
    async close() {},
  }
}
