import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A throwaway CA, a certificate it signed for 127.0.0.1 and one for a client: PEM files. */
export interface TestCertificates {
  dir: string
  ca: string
  serverCert: string
  serverKey: string
  clientCert: string
  clientKey: string
  remove(): Promise<void>
}

/** Made with the openssl command line, in a temporary folder of their own. */
export async function makeCertificates(): Promise<TestCertificates> {
  const dir = await mkdtemp(path.join(tmpdir(), 'admin-console-certs-'))
  const file = (name: string) => path.join(dir, name)
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir })
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Test CA',
    '-keyout',
    'ca-key.pem',
    '-out',
    'ca.pem',
  )
  await writeFile(file('server.ext'), 'subjectAltName=IP:127.0.0.1\n')
  await writeFile(file('client.ext'), 'extendedKeyUsage=clientAuth\n')
  for (const [name, subject] of [
    ['server', '/CN=127.0.0.1'],
    ['client', '/CN=admin-console'],
  ] as const) {
    await openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      subject,
      '-keyout',
      `${name}-key.pem`,
      '-out',
      `${name}.csr`,
    )
    await openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca-key.pem',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}-cert.pem`,
    )
  }
  return {
    dir,
    ca: file('ca.pem'),
    serverCert: file('server-cert.pem'),
    serverKey: file('server-key.pem'),
    clientCert: file('client-cert.pem'),
    clientKey: file('client-key.pem'),
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}
