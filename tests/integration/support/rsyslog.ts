import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { TestCertificates } from './certificates'
import { freePort } from './ports'

/** One message as the receiver parsed it: RFC 5424's version, app name, structured data, text. */
export interface Received {
  version: string
  app: string
  sd: string
  msg: string
}

/** Debian's rsyslogd, started on a loopback port with a configuration of its own. */
export interface Rsyslog {
  port: number
  /** What it wrote to its file so far, one message a line. */
  received(): Promise<Received[]>
  /** Waits, at most `ms`, until it has written at least `count` messages. */
  receivedAtLeast(count: number, ms?: number): Promise<Received[]>
  start(): Promise<void>
  stop(): Promise<void>
  close(): Promise<void>
}

export type Transport = 'tcp' | 'tls' | 'udp'

const START_MS = 10_000

export async function startRsyslog(
  transport: Transport,
  certificates?: TestCertificates,
): Promise<Rsyslog> {
  const dir = await mkdtemp(path.join(tmpdir(), 'admin-console-rsyslog-'))
  const port = await freePort()
  const output = path.join(dir, 'received.log')
  const input =
    transport === 'udp'
      ? `module(load="imudp")\ninput(type="imudp" port="${port}" address="127.0.0.1")`
      : transport === 'tcp'
        ? `module(load="imtcp")\ninput(type="imtcp" port="${port}" address="127.0.0.1")`
        : // The client must show a certificate of the test's CA.
          `module(load="imtcp" streamDriver.name="ossl" streamDriver.mode="1" streamDriver.authMode="x509/certvalid")
input(type="imtcp" port="${port}" address="127.0.0.1")`
  const tls =
    transport === 'tls' && certificates
      ? `defaultNetstreamDriver="ossl" defaultNetstreamDriverCAFile="${certificates.ca}"
  defaultNetstreamDriverCertFile="${certificates.serverCert}"
  defaultNetstreamDriverKeyFile="${certificates.serverKey}"`
      : ''
  const config = path.join(dir, 'rsyslog.conf')
  await writeFile(
    config,
    `global(workDirectory="${dir}" maxMessageSize="64k" ${tls})
# One worker, so that the file keeps the order the messages came in.
main_queue(queue.workerThreads="1")
${input}
template(name="lines" type="string"
  string="{\\"version\\":\\"%protocol-version%\\",\\"app\\":\\"%app-name%\\",\\"sd\\":\\"%structured-data:::json%\\",\\"msg\\":\\"%msg:::json%\\"}\\n")
action(type="omfile" file="${output}" template="lines")
`,
  )
  let daemon: ChildProcess | null = null
  /** What it said on stderr: shown when it fails to start, not for every probe it logs. */
  let said = ''

  async function listening(): Promise<boolean> {
    if (transport === 'udp') return true
    return new Promise((resolve) => {
      const probe = connect({ port, host: '127.0.0.1' })
      probe.once('connect', () => {
        probe.destroy()
        resolve(true)
      })
      probe.once('error', () => resolve(false))
    })
  }

  const rsyslog: Rsyslog = {
    port,
    async received() {
      const text = await readFile(output, 'utf8').catch(() => '')
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Received)
    },
    async receivedAtLeast(count, ms = 15_000) {
      const deadline = Date.now() + ms
      for (;;) {
        const lines = await rsyslog.received()
        if (lines.length >= count || Date.now() > deadline) return lines
        await sleep(100)
      }
    },
    async start() {
      said = ''
      const started = spawn(
        'rsyslogd',
        ['-n', '-f', config, '-i', path.join(dir, 'rsyslogd.pid')],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      )
      started.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString('utf8')
      })
      daemon = started
      const deadline = Date.now() + START_MS
      while (!(await listening())) {
        if (Date.now() > deadline || daemon.exitCode !== null)
          throw new Error(`rsyslogd did not listen on ${port}: ${said}`)
        await sleep(50)
      }
      // UDP has no connection to wait for: give it the moment it takes to bind.
      if (transport === 'udp') await sleep(500)
    },
    async stop() {
      if (!daemon || daemon.exitCode !== null) return
      const exited = once(daemon, 'exit')
      daemon.kill('SIGTERM')
      await exited
      daemon = null
    },
    async close() {
      await rsyslog.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
  await rsyslog.start()
  return rsyslog
}
