import { createSocket } from 'node:dgram'
import { isIP, isIPv6, connect as connectTcp, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'
import type { AuditSinkConfig } from '../../config'
import { readSettingFile } from '../setting-file'
import type { Sink } from '../sink'
import { octetCounted, syslogMessage } from '../syslog-message'

type SyslogConfig = Extract<AuditSinkConfig, { kind: 'syslog' }>

const CONNECT_TIMEOUT_MS = 5_000
/** The longest a batch may take to be written; a receiver that reads no faster is given up. */
const WRITE_TIMEOUT_MS = 15_000
/**
 * Syslog over TCP has no acknowledgement: a receiver that stops drops what it had not read
 * yet. A batch counts as delivered once the connection has stayed open this long after it was
 * written, time enough for a live receiver to read it; one that closes sooner gets it again.
 */
const SETTLE_MS = 250
/** A datagram this large would not arrive; such a record goes without its changes. */
const MAX_DATAGRAM_BYTES = 60_000

export function openSyslogSink(config: SyslogConfig): Sink {
  return config.transport === 'udp' ? udpSink(config) : streamSink(config)
}

/** TCP (RFC 6587, octet-counted) or TLS (RFC 5425) to a syslog receiver, on one connection. */
function streamSink(config: SyslogConfig): Sink {
  const tls =
    config.transport === 'tls'
      ? {
          ca: config.caFile && readSettingFile(config.caFile, 'AUDIT_SYSLOG_CA_FILE'),
          cert: config.certFile && readSettingFile(config.certFile, 'AUDIT_SYSLOG_CERT_FILE'),
          key: config.keyFile && readSettingFile(config.keyFile, 'AUDIT_SYSLOG_KEY_FILE'),
        }
      : null
  let socket: Socket | null = null
  /** Why the current connection ended, once it has. */
  let ended: Error | null = null

  function open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const options = { host: config.host, port: config.port, timeout: CONNECT_TIMEOUT_MS }
      const opened = tls
        ? connectTls({
            ...options,
            ...tls,
            servername: isIP(config.host) ? undefined : config.host,
          })
        : connectTcp(options)
      const failed = (error: Error) => reject(error)
      opened.once('error', failed)
      opened.once('timeout', () =>
        opened.destroy(new Error(`No connection within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      )
      opened.once(tls ? 'secureConnect' : 'connect', () => {
        opened.off('error', failed)
        opened.setTimeout(0)
        opened.setKeepAlive(true, 10_000)
        ended = null
        opened.on('error', (error) => {
          ended = error
        })
        // A receiver sends nothing; its end of the stream is the end of the connection.
        opened.on('data', () => {})
        opened.on('end', () => opened.destroy())
        opened.on('close', () => {
          ended ??= new Error('The receiver closed the connection')
          if (socket === opened) socket = null
        })
        resolve(opened)
      })
    })
  }

  return {
    name: 'syslog',
    target: `${config.transport}://${isIPv6(config.host) ? `[${config.host}]` : config.host}:${config.port}`,
    async deliver(records) {
      socket ??= await open()
      const current = socket
      const payload = records.map((record) => octetCounted(syslogMessage(record))).join('')
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          current.destroy(new Error(`The receiver read nothing for ${WRITE_TIMEOUT_MS / 1000} s`))
        }, WRITE_TIMEOUT_MS)
        current.write(payload, (error) => {
          clearTimeout(timer)
          if (error) reject(error)
          else resolve()
        })
      })
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      if (current.destroyed) throw ended ?? new Error('The receiver closed the connection')
    },
    async close() {
      socket?.destroy()
      socket = null
    },
  }
}

/** UDP (RFC 5426): one datagram a record, no delivery known. */
function udpSink(config: SyslogConfig): Sink {
  const socket = createSocket(isIPv6(config.host) ? 'udp6' : 'udp4')
  socket.unref()
  return {
    name: 'syslog',
    target: `udp://${isIPv6(config.host) ? `[${config.host}]` : config.host}:${config.port}`,
    async deliver(records) {
      for (const record of records) {
        let message = syslogMessage(record)
        if (Buffer.byteLength(message) > MAX_DATAGRAM_BYTES)
          message = syslogMessage({ ...record, changes: { omitted: 'too large for UDP' } })
        await new Promise<void>((resolve, reject) =>
          socket.send(message, config.port, config.host, (error) =>
            error ? reject(error) : resolve(),
          ),
        )
      }
    },
    async close() {
      await new Promise<void>((resolve) => socket.close(() => resolve()))
    },
  }
}
